import CFuzzer
import Foundation

// libFuzzer's loop, with `fuzzOneInput` as the harness (`FUZZ_TARGET` chooses which).
var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values, fuzzOneInput))
