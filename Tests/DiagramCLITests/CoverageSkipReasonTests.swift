import DiagramCLI
import FeedbackGraph
import Foundation
import Testing

/// Issue #34: where `diagram coverage` counts skipped traces, it gives the reason each one's
/// skip line gave; a user's own system named like a registered one is not called out of date.
@Suite struct CoverageSkipReasonTests {
  /// A system of the user's that shares its name with the registered `TrafficLight` and
  /// nothing else.
  static let mine = SystemGraph(
    name: Fixtures.graph.name, initial: "closed", states: [StateNode(id: "closed"), StateNode(id: "open")],
    events: [EventNode(id: "push")], transitions: [])

  /// A trace of the registered system recorded against another fingerprint, without the
  /// graph that would let it be mapped: out of date.
  static var stale: Trace {
    var edited = Fixtures.graph
    edited.states.append(StateNode(id: "flashing"))
    var trace = Trace(header: TraceHeader(graph: edited, test: "flashes()"))
    trace.header.graph = nil
    return trace
  }

  static func folder(_ files: [String: Trace]) throws -> URL {
    let root = try Fixtures.temporaryFolder()
    for (name, trace) in files { try trace.jsonLines().write(to: root.appendingPathComponent(name)) }
    return root
  }

  /// The lines of what `requireMinimum` threw.
  static func belowMinimum(_ run: CoverageRun) -> [String] {
    do {
      try run.requireMinimum(transitions: 1.0, states: nil)
      return []
    } catch {
      return "\(error)".split(separator: "\n").map(String.init)
    }
  }

  static let anotherSystem =
    "a different system named TrafficLight than the registered one: rename one of them, or draw it with the DiagramCommand that registers it"

  @Test func aDifferentSystemOfTheSameNameIsCountedAsOneNotAsOutOfDate() throws {
    let root = try Self.folder(["mine.jsonl": Trace(header: TraceHeader(graph: Self.mine, test: "opens()"))])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try CoverageRun(paths: [root.path], registered: [Fixtures.graph])
    #expect(
      run.warnings == [
        "skipped \(root.path)/mine.jsonl: a different system named TrafficLight than the registered one (they share less than half of their states and events): rename one of them, or draw it with the DiagramCommand that registers it"
      ])
    #expect(
      Self.belowMinimum(run) == [
        "coverage below the minimum: TrafficLight: no traces",
        "  TrafficLight: no traces (1 trace skipped as \(Self.anotherSystem))",
      ])
  }

  @Test func skippedTracesAreCountedByTheirOwnReasons() throws {
    let root = try Self.folder([
      "a-mine.jsonl": Trace(header: TraceHeader(graph: Self.mine, test: "opens()")),
      "b-old.jsonl": Self.stale, "c-old.jsonl": Self.stale,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try CoverageRun(paths: [root.path], registered: [Fixtures.graph])
    #expect(run.warnings.count == 3)
    #expect(run.warnings.dropFirst().allSatisfy { $0.hasSuffix("— re-run its test") })
    #expect(
      Self.belowMinimum(run) == [
        "coverage below the minimum: TrafficLight: no traces",
        "  TrafficLight: no traces (1 trace skipped as \(Self.anotherSystem); "
          + "2 traces skipped as out of date (recorded against another fingerprint): re-run its test)",
      ])
  }
}
