import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import Foundation

/// A throw-away folder of trace files that a test writes the way an app's writer does.
struct TraceFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  static let graph = TrafficLight.system.graph

  /// The header line of an app's trace of `graph`.
  static func headerLine(_ graph: SystemGraph = graph) throws -> String {
    try lines(Trace(header: TraceHeader(graph: graph)))[0]
  }

  /// Step `index`: the light ticks from red to green.
  static func stepLine(_ index: Int) throws -> String {
    let step = TraceStep(
      index: index, timeNanoseconds: Int64(index) * 1_000, kind: .event, event: "tick", eventNode: "tick",
      before: "red", after: "green", beforeNode: "red", afterNode: "green")
    return try lines(Trace(header: TraceHeader(graph: graph), steps: [step]))[1]
  }

  private static func lines(_ trace: Trace) throws -> [String] {
    String(decoding: try trace.jsonLines(), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Writes `text` as the whole file `name` (a new file: a new inode).
  func create(_ name: String, _ text: String) throws {
    try? FileManager.default.removeItem(atPath: path(name))
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  /// Appends `text` to `name`, as a writer's flush does.
  func append(_ name: String, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: url.appendingPathComponent(name))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// Overwrites bytes of `name` in place at `offset` (same file, same length).
  func overwrite(_ name: String, at offset: UInt64, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: url.appendingPathComponent(name))
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data(text.utf8))
  }

  /// A header and steps `range`, each line ended.
  static func trace(_ range: Range<Int>) throws -> String {
    try ([headerLine()] + range.map(stepLine)).map { $0 + "\n" }.joined()
  }
}
