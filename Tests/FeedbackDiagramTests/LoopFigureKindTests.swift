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
}
