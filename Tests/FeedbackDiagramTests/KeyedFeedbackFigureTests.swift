import FeedbackDiagram
import FeedbackLoop
import Testing

/// A keyed feedback (`Feedback.requests`) says in the loop figure what its declaration knows
/// (issue #34): the type of its keys, and the states they come from when the declaration
/// names them, or plainly that it names none.
@Suite struct KeyedFeedbackFigureTests {
  struct Attempt: Hashable, Comparable, Sendable {
    var file: String
    static func < (lhs: Attempt, rhs: Attempt) -> Bool { lhs.file < rhs.file }
  }
  enum State: Hashable, Sendable {
    case idle
    case uploading(Attempt)
  }
  enum Event: Hashable, Sendable { case succeeded, failed }

  @Sendable static func uploads(_ state: State) -> Set<Attempt> {
    if case .uploading(let attempt) = state { [attempt] } else { [] }
  }
  @Sendable static func upload(_ attempt: Attempt, _ clock: any Clock<Duration>) async throws -> Event {
    .succeeded
  }

  static func system(_ feedback: Feedback<State, Event>) -> System<State, Event> {
    System("Keyed", initial: .idle) {
      Reducer { _, _ in }
      Feedbacks { feedback }
    }
  }

  /// The feedback node's label in the loop figure.
  static func label(_ feedback: Feedback<State, Event>) throws -> String {
    let dot = Diagram.dot(system(feedback).graph, figure: .loop)
    return try #require(dot.split(separator: "\n").first { $0.contains("id=\"feedback_0\"") }.map(String.init))
  }

  @Test func aKeyedFeedbackOnAPatternNamesItsStates() throws {
    let uploads = Self.uploads
    let upload = Self.upload
    let feedback: Feedback<State, Event> =
      Feedback.requests("upload", emits: [.succeeded, .failed], in: .case("uploading"), uploads) { attempt in
        .task { clock in try await upload(attempt, clock) }
      }
    #expect(feedback.watches == "a set of Attempt requests in state uploading")
    #expect(try Self.label(feedback).contains("watches: a set of Attempt requests in state uploading"))
  }

  @Test func aKeyedFeedbackOnAClosureSaysItNamesNoStates() throws {
    let feedback = Feedback<State, Event>.requests("upload", Self.uploads) { _ in .none }
    #expect(feedback.watches == "a set of Attempt requests, from states not named")
    #expect(try Self.label(feedback).contains("watches: a set of Attempt requests, from states not named"))
  }

  /// Outside the pattern's states the feedback requests nothing, whatever the closure says:
  /// what the figure names is what runs.
  @Test func outsideThePatternNothingIsRequested() throws {
    let always: @Sendable (State) -> Set<Attempt> = { _ in [Attempt(file: "a")] }
    let feedback = Feedback<State, Event>.requests("upload", in: .case("uploading"), always) { _ in .none }
    guard case .keyed(let requests) = feedback.definition else {
      Issue.record("not a keyed feedback")
      return
    }
    #expect(requests(.idle).isEmpty)
    #expect(requests(.uploading(Attempt(file: "a"))).map(\.key) == [AnyHashable(Attempt(file: "a"))])
  }
}
