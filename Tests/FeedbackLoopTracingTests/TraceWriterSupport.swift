import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import FeedbackLoopSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the temporary directory, removed by ``remove()``.
struct ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TraceWriterTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The names of the files in the directory, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// The trace in the file at `url`.
func readTrace(_ url: URL) throws -> Trace {
  try Trace.decodeJSONLines(Data(contentsOf: url), source: url.path)
}

/// Collects a writer's failures.
final class FailureLog: Sendable {
  private let failures = Protected<[TraceWriterFailure]>([])
  var onError: @Sendable (TraceWriterFailure) -> Void {
    { [self] failure in self.failures.withLock { $0.append(failure) } }
  }
  var all: [TraceWriterFailure] { failures.withLock { $0 } }
}

/// Counts the calls of a reducer, apart from the loop.
final class CallCounter: Sendable {
  private let value = Protected(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

enum Tick: String, Hashable, Sendable, Codable { case up, stay }

/// `Int` counting `.up` events; `.stay` is ignored.
func countingSystem(_ name: String? = nil) -> System<Int, Tick> {
  System(name, initial: 0) {
    Transitions {
      Transition(from: .any, on: .up) { state, _ in state + 1 }
    }
  }
}
