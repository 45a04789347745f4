import Foundation

/// The harness `FUZZ_TARGET` names (`graph`, `trace`, `theme` or `names`), read once.
nonisolated(unsafe) let harness: (Data) -> Void = {
  switch ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "graph" {
  case "trace": return Harnesses.trace
  case "theme": return Harnesses.theme
  case "names": return Harnesses.names
  default: return Harnesses.graph
  }
}()

/// One input, any bytes (libFuzzer's callback). A finding is a crash: a Swift runtime trap,
/// a memory error, or a broken promise (`Oracle.require`).
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  harness(Data(bytes: start, count: count))
  return 0
}
