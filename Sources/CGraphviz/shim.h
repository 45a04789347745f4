#ifndef FEEDBACKLOOP_CGRAPHVIZ_SHIM_H
#define FEEDBACKLOOP_CGRAPHVIZ_SHIM_H
// Graphviz's own installed headers (libgraphviz-dev / brew graphviz); none are copied here.
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
