import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing

/// The render budget (issue #9): no render may hang, so the layout is chosen from the size
/// before Graphviz starts, and what was given up is said in the figure. Decisions are
/// checked on DOT text, never by timing.
@Suite struct RenderBudgetTests {
  /// `states` states in a ring, each with `fanOut` transitions to the next ones (on events
  /// `e0`, `e1`, …: on one event, precedence would let only the first fire and be drawn).
  static func ring(states: Int, fanOut: Int) -> SystemGraph {
    let names = (0..<states).map { "s\($0)" }
    return SystemGraph(
      name: "Ring", initial: "s0", states: names.map { StateNode(id: $0) },
      events: (0..<fanOut).map { EventNode(id: "e\($0)") },
      transitions: (0..<(states * fanOut)).map { index in
        TransitionEdge(
          id: TransitionID(index), from: names[index / fanOut], event: "e\(index % fanOut)",
          to: [names[(index / fanOut + index % fanOut + 1) % states]])
      })
  }

  @Test func theLayoutFollowsTheSize() {
    let budget = RenderBudget.standard
    #expect(budget.layout(states: 5, edges: 80) == .full)
    #expect(budget.layout(states: 200, edges: 81) == .fast)
    #expect(budget.layout(states: 300, edges: 900) == .fast)
    #expect(budget.layout(states: 301, edges: 10) == .summary)
    #expect(budget.layout(states: 10, edges: 901) == .summary)
    #expect(budget.note(.full, states: 5, edges: 3) == nil)
    #expect(
      budget.note(.fast, states: 200, edges: 600)
        == "fast layout: 600 edges > 80 (labels placed after layout, straight edges)")
    #expect(
      budget.note(.summary, states: 1000, edges: 3000)
        == "not drawn: 1000 states > 300, too large for one figure; see the atlas (diagram atlas)")
    #expect(
      budget.note(.summary, states: 10, edges: 901)
        == "not drawn: 901 edges > 900, too large for one figure; see the atlas (diagram atlas)")
  }

  @Test func aMachinePastTheBudgetIsSummarizedAndSaysSo() throws {
    let graph = Self.ring(states: 1000, fanOut: 3)
    let figure = StateMachineFigure(graph: graph)
    #expect(
      figure.budgetNote == "not drawn: 1000 states > 300, too large for one figure; see the atlas (diagram atlas)")
    let dot = figure.dot
    #expect(!dot.contains(" -> "))  // no layout of 3,000 edges is even attempted
    #expect(
      dot.contains(
        "summary [id=\"summary\", class=\"summary\", label=\"Ring: 1000 states, 3000 transitions\\nnot drawn as one figure\"];"
      ))
    #expect(dot.contains("not drawn: 1000 states &gt; 300, too large for one figure; see the atlas (diagram atlas)"))
    // And it renders at once.
    let svg = String(decoding: try Diagram.render(graph, figure: .states, as: .svg), as: UTF8.self)
    #expect(svg.contains("not drawn as one figure"))
  }

  @Test func aMachineWithinTheFigureBudgetGetsTheFastLayoutAndSaysSo() {
    let figure = StateMachineFigure(graph: Self.ring(states: 100, fanOut: 2))
    #expect(figure.budgetNote == "fast layout: 200 edges > 80 (labels placed after layout, straight edges)")
    #expect(figure.dot.contains("xlabel=") && figure.dot.contains("splines=false"))
    #expect(figure.dot.contains("size=\"40,40\"];"))  // scaled to a page: a PNG stays a few thousand pixels
    #expect(StateMachineFigure(graph: Self.ring(states: 10, fanOut: 2)).budgetNote == nil)
  }

  @Test func aHubsFocusFigureObeysTheBudgetAndTheAtlasSaysSo() throws {
    // s0 reaches 99 states and each of them comes back: 198 edges on s0's focus figure.
    let names = (0..<100).map { "s\($0)" }
    var transitions: [TransitionEdge] = []
    for target in 1..<100 {
      transitions.append(
        TransitionEdge(id: TransitionID(transitions.count), from: "s0", event: "go", to: [names[target]]))
      transitions.append(
        TransitionEdge(id: TransitionID(transitions.count), from: names[target], event: "back", to: ["s0"]))
    }
    let graph = SystemGraph(
      name: "Hub", initial: "s0", states: names.map { StateNode(id: $0) }, events: [], transitions: transitions)
    let atlas = Atlas(graph: graph)
    let hub = try #require(atlas.focusDOT(for: "s0"))
    #expect(hub.contains("xlabel=\"go\"") && hub.contains("splines=false"))
    #expect(hub.contains("fast layout: 198 edges &gt; 80"))
    let leaf = try #require(atlas.focusDOT(for: "s1"))
    #expect(leaf.contains(" label=\"go\"") && !leaf.contains("splines=false"))
    #expect(
      atlas.notes == [
        "1 focus figure past the budget, the largest: fast layout: 198 edges > 80 (labels placed after layout, straight edges)"
      ])
  }
}
