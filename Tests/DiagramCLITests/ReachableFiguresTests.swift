import DiagramCLI
import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing

/// `diagram explore` draws a reachable graph past one readable figure as an atlas too
/// (issue #20: a 56-state upload queue gave a 3840×817 PNG nobody could read).
@Suite struct ReachableFiguresTests {
  /// A ring of `count` states, `s0 → s1 → … → s0`, on one event.
  static func ring(_ count: Int) -> SystemGraph {
    let names = (0..<count).map { "s\($0)" }
    return SystemGraph(
      name: "Ring-reachable", initial: names[0], states: names.map { StateNode(id: $0) },
      events: [EventNode(id: "next")],
      transitions: names.indices.map {
        TransitionEdge(id: TransitionID($0), from: names[$0], event: "next", to: [names[($0 + 1) % count]])
      })
  }

  @Test func aGraphOneFigureShowsReadablyIsDrawnAsOneFigure() throws {
    let drawn = try ReachableFigures.files(
      for: Self.ring(ReachableFigures.readableStates), stem: "Ring-reachable", formats: [.dot], theme: .light)
    #expect(drawn.files.map(\.name) == ["Ring-reachable.states.dot"])
    #expect(drawn.note == nil)
  }

  @Test func aLargerGraphIsDrawnAsAnAtlasTooAndSaysSo() throws {
    let count = ReachableFigures.readableStates + 16
    let drawn = try ReachableFigures.files(
      for: Self.ring(count), stem: "Ring-reachable", formats: [.svg], theme: .light)
    let names = Set(drawn.files.map(\.name))
    #expect(names.contains("Ring-reachable.states.svg"))
    #expect(names.contains("Ring-reachable.atlas.json"))
    #expect(names.contains("Ring-reachable.atlas.html"))
    // A focus figure per state.
    #expect(names.filter { $0.hasPrefix("Ring-reachable.atlas.focus.") }.count == count)
    #expect(
      drawn.note
        == "note: Ring-reachable has 56 reachable states, more than one figure shows readably (40): drawn as an atlas too (Ring-reachable.atlas.html; `report` links it from index.html)"
    )
    // Without an image format there is no atlas page: the note names the index instead.
    let dotOnly = try ReachableFigures.files(
      for: Self.ring(count), stem: "Ring-reachable", formats: [.dot], theme: .light)
    #expect(dotOnly.note?.hasSuffix("drawn as an atlas too (Ring-reachable.atlas.json)") == true)
  }
}
