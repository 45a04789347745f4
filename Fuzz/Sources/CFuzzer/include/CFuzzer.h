#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 11 and later): runs the fuzzing loop with `callback` as the
/// harness, reading libFuzzer's options from `argv`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
