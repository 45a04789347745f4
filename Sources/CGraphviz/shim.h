#ifndef FEEDBACKLOOP_CGRAPHVIZ_SHIM_H
#define FEEDBACKLOOP_CGRAPHVIZ_SHIM_H
// Graphviz's own installed headers (libgraphviz-dev / brew graphviz); none are copied here.
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// Starts a new message in Graphviz's message file, empty, so that `aglasterr()` returns
// only what was reported after this call (Swift cannot call the variadic `agerr`).
// Meant for a report level of AGMAX, where messages go to that file, never to stderr.
static inline void feedbackloop_agerr_mark(void) { agerr(AGWARN, "%s", ""); }
#endif
