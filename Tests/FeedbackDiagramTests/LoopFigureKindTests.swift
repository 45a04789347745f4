import FeedbackDiagram
import FeedbackGraph
import FeedbackLoop
import Testing

/// The loop figure draws what each feedback kind has: a strategy only for the kinds that
/// start effects per state, and each event it may emit once.
@Suite struct LoopFigureKindTests {
  enum Event: Hashable, Sendable {
    case typed(String)
    case response(Int)
  }

  static let system = System<Int, Event>("Kinds", initial: 0) {
    Reducer { _, _ in }
    Feedbacks {
      Feedback.input("field", emits: [.typed("")])
      Feedback.states("pages", emits: [.response(1), .response(2)]) { states, _ in
        states.map { Event.response($0) }
      }
      Feedback.states("loads", emits: [.response(1)], requests: { states, _ in states }, effect: { _ in .none })
      Feedback("every state", emits: [.response(1), .response(2)]) { _ in .none }
    }
  }

  /// The label line of feedback node `index` in the loop figure.
  static func label(_ index: Int) throws -> String {
    let dot = Diagram.dot(system.graph, figure: .loop)
    return try #require(dot.split(separator: "\n").first { $0.contains("id=\"feedback_\(index)\"") }.map(String.init))
  }

  @Test func inputsAndStreamsHaveNoStrategy() throws {
    let nodes = Self.system.graph.feedbacks
    #expect(nodes.map(\.strategy) == [nil, nil, nil, "cancelOnNewState"])
    for index in 0..<3 {
      let label = try Self.label(index)
      #expect(!label.contains("OnNewState"), "\(label)")
    }
    #expect(try Self.label(3).contains("cancelOnNewState"))
  }

  @Test func emittedEventsAreListedOnceEach() throws {
    #expect(Self.system.graph.feedbacks.map(\.emits) == [["typed"], ["response"], ["response"], ["response"]])
    let pages = try Self.label(1)
    #expect(pages.contains("emits: response<"), "\(pages)")
    #expect(try !Self.label(3).contains("response, response"))
  }

  @Test func aGraphWithoutAStrategyRoundTripsThroughJSON() throws {
    let graph = Self.system.graph
    let decoded = try SystemGraph.decode(graph.jsonData())
    #expect(decoded.feedbacks.map(\.strategy) == [nil, nil, nil, "cancelOnNewState"])
  }

  /// An input (issue #34) is a source of events: no `state → input` edge, a label that says
  /// it watches no state, and the mark in the graph's JSON (absent for other feedbacks).
  @Test func anInputIsDrawnAsASourceOfEventsWithoutAStateEdge() throws {
    let dot = Diagram.dot(Self.system.graph, figure: .loop)
    #expect(!dot.contains("id=\"watch_0\""), "\(dot)")
    #expect(dot.contains("state -> f1 [id=\"watch_1\""))
    #expect(dot.contains("f0 -> reducer [id=\"emit_0\""))
    let label = try Self.label(0)
    #expect(label.contains("input: loop input, watches no state"), "\(label)")
    #expect(label.contains("class=\"feedback input\""), "\(label)")
    #expect(Self.system.graph.feedbacks.map(\.isInput) == [true, false, false, false])
    let json = try #require(String(data: Self.system.graph.jsonData(), encoding: .utf8))
    #expect(json.components(separatedBy: "\"isInput\"").count == 2, "\(json)")
    #expect(
      try SystemGraph.decode(Self.system.graph.jsonData()).feedbacks.map(\.isInput) == [true, false, false, false])
  }
}
