import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

@testable import FeedbackDiagram

/// The trace viewer's column contract (issue #32): the page's data holds the steps as named
/// columns whose names Swift defines once (``TraceViewerColumns``), and the page's script
/// reads exactly those names. Headless Chromium opens a page in which every step column
/// has something to show, and the panes show it.
@Suite(.serialized) struct TraceViewerColumnsBrowserTests {
  /// A TrafficLight run: the timer's effect #0 emits `tick` (#2), which takes red to green
  /// (#4, states and the event encoded); then `tick` is sent from outside, green to yellow
  /// (#5, no state encoded: the diff compares the descriptions).
  static func trace() -> Trace {
    let time: Int64 = 30_000_000_000
    let steps = [
      TraceStep(
        index: 0, timeNanoseconds: 0, kind: .initial, after: "red", afterNode: "red",
        stateJSON: #"{"light":"red"}"#),
      TraceStep(index: 1, timeNanoseconds: time, kind: .effectStarted, feedback: 0, effect: EffectID(0)),
      TraceStep(
        index: 2, timeNanoseconds: time, kind: .effectEmitted, feedback: 0, effect: EffectID(0), event: "tick",
        eventNode: "tick"),
      TraceStep(index: 3, timeNanoseconds: time, kind: .effectFinished, feedback: 0, effect: EffectID(0)),
      TraceStep(
        index: 4, timeNanoseconds: time, kind: .event, feedback: 0, transition: TransitionID(0), event: "tick",
        eventNode: "tick", eventJSON: #""tick""#, before: "red", after: "green", beforeNode: "red",
        afterNode: "green", stateJSON: #"{"light":"green"}"#),
      TraceStep(
        index: 5, timeNanoseconds: time * 2, kind: .event, transition: TransitionID(1), event: "tick",
        eventNode: "tick", before: "green", after: "yellow", beforeNode: "green", afterNode: "yellow"),
    ]
    return Trace(header: TraceHeader(graph: TrafficLight.system.graph, test: "columns"), steps: steps)
  }

  /// The page of ``trace()`` at step `step`: its DOM and `<body>` attributes.
  static func open(step: Int) throws -> (dom: String, body: [String: String]) {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("columns.trace.html")
    try TraceViewerPage(graph: TrafficLight.system.graph, trace: trace()).render().write(
      to: file, atomically: true, encoding: .utf8)
    return try TraceViewerBrowserTests.open(file, step: step)
  }

  /// What the panes show for `column`, and at which step: a column the script stopped
  /// reading, or read under another name, shows nothing there. The switch is exhaustive, so
  /// a new column needs its evidence here.
  static func evidence(_ column: TraceViewerColumns.Step, graph: SystemGraph) -> (step: Int, shown: String) {
    switch column {
    case .time: (4, "<h3>Step #4 · \(TraceTimeline.time(30_000_000_000)) · event</h3>")
    case .kind: (2, "<span class=\"k\">emitted</span>")
    case .before: (5, #"<div class="line diff removed">− <mark>green</mark></div>"#)
    case .after: (5, #"<div class="line diff added">+ <mark>yellow</mark></div>"#)
    case .beforeJSON: (4, #"<td class="path">light</td><td class="before">"red"</td>"#)
    case .afterJSON: (4, #"<td class="before">"red"</td><td class="after">"green"</td>"#)
    case .node: (4, #"data-state-node="state_\#(graph.states.firstIndex { $0.id == "green" }!)""#)
    case .fromNode: (4, #"id="state_\#(graph.states.firstIndex { $0.id == "red" }!)" class="node state tv-before""#)
    case .edge: (4, #"data-edge="edge_t0""#)
    case .feedback: (4, "<code>tick</code> from feedback timer")
    case .bar: (2, "<code>tick</code> emitted by timer effect #0")
    case .event: (5, "<code>tick</code> sent from outside (send)")
    case .eventJSON: (4, "<pre>\"tick\"</pre>")
    case .link: (2, ", reduced at <button class=\"link\" type=\"button\">#4</button>")
    case .from, .to: (4, "<p>tick from timer: red → green</p>")
    case .transition: (4, "<h4>Transition</h4><p>\(graph.describe(TransitionID(0)))</p>")
    }
  }

  /// The script reads every column Swift writes, by its name, and no other.
  @Test func thePageReadsEveryColumnSwiftWritesAndNoOther() throws {
    let (_, body) = try Self.open(step: 4)
    let read = Set(try #require(body["data-columns"]).split(separator: " ").map(String.init))
    let written = TraceViewerColumns.tables.flatMap { table in
      table.columns.map { table.name == "steps" ? $0 : "\(table.name).\($0)" }
    }
    #expect(read == Set(written))
    #expect(written.count == Set(written).count, "a column name is written twice")
  }

  /// Each step column shows in a pane (each step's page opened once).
  @Test func thePanesShowEveryColumn() throws {
    let evidence = TraceViewerColumns.Step.allCases.map { ($0, Self.evidence($0, graph: TrafficLight.system.graph)) }
    for step in Set(evidence.map(\.1.step)).sorted() {
      let (dom, body) = try Self.open(step: step)
      #expect(body["data-step"] == "\(step)")
      for (column, shown) in evidence where shown.step == step {
        #expect(dom.contains(shown.shown), "step #\(step) does not show \(column): \(shown.shown)")
      }
    }
  }
}
