import FeedbackCoverage
import FeedbackGraph
import Foundation
import Testing

/// Issue #19, item 7: what coverage prints does not round a partial coverage up to 100 % or a
/// third down, and does not call another system's trace stale.
@Suite struct CoverageMessageTests {
  @Test func percentagesAreRoundedButOnlyCompleteReads100AndOnlyEmptyReads0() {
    let cases: [(covered: Int, total: Int, percent: Int)] = [
      (2, 3, 67), (1, 3, 33), (1, 2, 50), (999, 1_000, 99), (199, 200, 99), (1, 1_000, 1), (0, 5, 0), (5, 5, 100),
      (0, 0, 100),
    ]
    for (covered, total, percent) in cases {
      #expect(CoverageFraction(covered: covered, total: total).percent == percent, "\(covered)/\(total)")
    }
  }

  @Test func everyFractionReadsWithinHalfAPointUnlessThatWouldSay0Or100() {
    for total in 1...400 {
      for covered in 0...total {
        let percent = CoverageFraction(covered: covered, total: total).percent
        let exact = Double(covered) * 100 / Double(total)
        #expect((percent == 100) == (covered == total), "\(covered)/\(total) reads \(percent)%")
        #expect((percent == 0) == (covered == 0), "\(covered)/\(total) reads \(percent)%")
        if percent != 1, percent != 99 {
          #expect(abs(Double(percent) - exact) <= 0.5, "\(covered)/\(total) reads \(percent)%")
        }
      }
    }
  }

  @Test func aDifferentSystemWithARegisteredNameIsNotCalledStale() throws {
    let mine = SystemGraph(
      name: "Door", initial: "locked", states: [StateNode(id: "locked"), StateNode(id: "unlocked")],
      events: [EventNode(id: "code"), EventNode(id: "lock")], transitions: [])
    var edited = CoverageCollectorTests.graph
    edited.states.append(StateNode(id: "ajar"))  // the registered Door, declared otherwise
    let root = try CoverageCollectorTests.folder([
      "mine.jsonl": Trace(header: TraceHeader(graph: mine, test: "opens()")),
      "old.jsonl": Trace(header: TraceHeader(graph: edited, test: "pushes()")),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = try CoverageCollector(registered: [CoverageCollectorTests.graph]).measure(
      try TraceFiles.find([root.path]))
    #expect(
      report.skipped.map(\.description) == [
        "skipped \(root.path)/mine.jsonl: a different system named Door than the registered one (they share less than half of their states and events): rename one of them, or draw it with the DiagramCommand that registers it"
      ])
    // The same system declared otherwise is measured on its unchanged transitions instead.
    #expect(report.remapped.map(\.file) == ["\(root.path)/old.jsonl"])
  }
}
