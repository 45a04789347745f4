import Foundation
import Testing

/// The 31 spellings a user porting RxFeedback, ReactiveFeedback, Loop, Feedbacks and
/// CombineFeedback wrote first, in the shapes they wrote them (inside a view controller, with
/// their own reducers and dependencies): each is type-checked against this build, and its
/// line must carry the message naming what to write here. One cannot (see `unanswerable`).
@Suite(.timeLimit(.minutes(2))) struct PortingShapeTests {
  struct Shape: Sendable {
    let peer: String
    let line: String
    /// The start of the message the line must carry; `nil` for a shape no declaration can
    /// answer, with the reason in `unanswerable`.
    let message: String?
    var unanswerable: String? = nil
  }

  static let run = "run a System in a Loop: let loop = Loop(System(\"Name\", initial: state, reduce:"
  static let bindings = "UI events are inputs: Feedback.input(\"name\") and loop.send(event, from: \"name\")"
  static let states = "write Feedback.states(\"name\") { states, clock in events }"

  static let shapes: [Shape] = [
    // RxFeedback (10)
    Shape(
      peer: "RxFeedback", line: "let state = Driver.system(initialState: Search(), reduce: reduce, feedback: [])",
      message: "'Driver' is unavailable: " + run),
    Shape(
      peer: "RxFeedback",
      line: "let state = Observable.system(initialState: Search(), reduce: reduce, scheduler: 0, feedback: [])",
      message: "'Observable' is unavailable: " + run),
    Shape(
      peer: "RxFeedback",
      line: "let load = react(request: { (state: Search) in state.page }, effects: { page in search(page) })",
      message: "'react(request:effects:)' is unavailable: write Feedback.skippingRepeated(\"name\""),
    Shape(
      peer: "RxFeedback",
      line: "let old = react(query: { (state: Search) in state.page }, effects: { page in search(page) })",
      message: "'react(query:effects:)' is unavailable: write Feedback.skippingRepeated(\"name\""),
    Shape(
      peer: "RxFeedback",
      line: "let loads = react(requests: { (state: Search) in Set([state.query]) }, effects: { query in search(0) })",
      message: "'react(requests:effects:)' is unavailable: write Feedback.requests(\"name\""),
    Shape(
      peer: "RxFeedback",
      line: "let ui = bind(self) { me, state in Bindings<SearchEvent>(subscriptions: [], events: []) }",
      message: "'bind' is unavailable: " + bindings),
    Shape(
      peer: "RxFeedback", line: "let ui = bind { (state: Int) in 0 }",
      message: "'bind' is unavailable: " + bindings),
    Shape(
      peer: "RxFeedback", line: "let bindings = Bindings<SearchEvent>(subscriptions: [], mutations: [])",
      message: "'Bindings' is unavailable: " + bindings),
    Shape(
      peer: "RxFeedback", line: "let context: ObservableSchedulerContext<Search>? = nil",
      message: "'ObservableSchedulerContext' is unavailable: a feedback over the states gets them"),
    Shape(
      peer: "RxFeedback", line: "let feedback: (ObservableSchedulerContext<Search>) -> [SearchEvent] = { _ in [] }",
      message: "'ObservableSchedulerContext' is unavailable: a feedback over the states gets them"),
    // ReactiveFeedback (5)
    Shape(
      peer: "ReactiveFeedback", line: "_ = Feedback<Search, SearchEvent>(predicate: { $0.page != nil }) { _ in 0 }",
      message: "'init(predicate:effects:)' is unavailable: write Feedback.when("),
    Shape(
      peer: "ReactiveFeedback", line: "_ = Feedback<Search, SearchEvent>(skippingRepeated: { $0.page }) { _ in 0 }",
      message: "'init(skippingRepeated:effects:)' is unavailable: write Feedback.skippingRepeated("),
    Shape(
      peer: "ReactiveFeedback", line: "_ = Feedback<Search, SearchEvent>(events: { $0 })",
      message: "'init(events:)' is unavailable: " + states),
    Shape(
      peer: "ReactiveFeedback", line: "_ = Feedback<Search, SearchEvent>(events: { scheduler, states in states })",
      message: "'init(events:)' is unavailable: " + states + ": the loop's clock replaces the scheduler"),
    Shape(
      peer: "ReactiveFeedback",
      line: "let state = SignalProducer<Search, Never>.system(initial: Search(), reduce: reduce, feedbacks: [])",
      message: "'SignalProducer' is unavailable: run a System in a Loop"),
    // Loop (3)
    Shape(
      peer: "Loop", line: "_ = Loop<Search, SearchEvent>(initial: Search(), reducer: reduce, feedbacks: [])",
      message: "'init(initial:reducer:feedbacks:)' is unavailable: declare a System and run it"),
    Shape(
      peer: "Loop", line: "_ = Loop<Int, SearchEvent>(initial: 0, reducer: { state, _ in state += 1 }, feedbacks: [])",
      message: "'init(initial:reducer:feedbacks:)' is unavailable: declare a System and run it"),
    Shape(
      peer: "Loop", line: "_ = Loop(initial: 0, reducer: { (state: inout Int, _: SearchEvent) in state += 1 })",
      message: "'init(initial:reducer:feedbacks:)' is unavailable: declare a System and run it"),
    // Feedbacks (7)
    Shape(
      peer: "Feedbacks", line: "_ = InitialState { Search() }",
      message: "'InitialState' is unavailable: pass the initial state to the system"),
    Shape(
      peer: "Feedbacks",
      line:
        "_ = System<Light, Tick> { InitialState { Light.red }; Transitions { Transition(from: .red, on: .tick, to: .green) } }",
      message: "'buildExpression' is unavailable: pass the initial state to the system"),
    Shape(
      peer: "Feedbacks", line: "_ = SideEffect.make(search, arg1: dependency)",
      message: "'SideEffect' is unavailable: capture dependencies in the feedback's closure"),
    Shape(
      peer: "Feedbacks", line: "_ = timer.execute(on: DispatchQueue.main)",
      message:
        "'execute(on:)' is unavailable: a feedback runs on a LoopScheduler: .execute(on: MainQueueScheduler.shared)"),
    Shape(
      peer: "Feedbacks", line: "_ = timer.disable { true }",
      message: "'disable(disabled:)' has been renamed to 'disabled(when:)'"),
    Shape(
      peer: "Feedbacks", line: "_ = Transition<Light, Tick>(from: Loaded.self, on: Refresh.self, then: .red)",
      message: "'init(from:on:then:)' is unavailable: write Transition(from: .type(A.self)"),
    Shape(
      peer: "Feedbacks", line: "system.run()",
      message: "'run()' is unavailable: create a loop to run the system"),
    // CombineFeedback (6)
    Shape(
      peer: "CombineFeedback",
      line: "_ = Feedback<Search, SearchEvent, Dependency>.custom { state, consumer, dependency in 0 }",
      message: nil,
      unanswerable:
        "a generic type has one arity: Feedback<State, Event> cannot also be Feedback<State, Event, Dependency>"),
    Shape(
      peer: "CombineFeedback", line: "_ = Feedback<Search, SearchEvent>.custom { state, consumer in 0 }",
      message: "'custom' is unavailable: " + states),
    Shape(
      peer: "CombineFeedback", line: "_ = Feedback<Search, SearchEvent>.middleware { state in 0 }",
      message: "'middleware' is unavailable: write Feedback(\"name\") { state, clock in event or nil }"),
    Shape(
      peer: "CombineFeedback", line: "_ = Feedback<Search, SearchEvent>(effects: { state in state.query })",
      message: "'init(effects:)' is unavailable: write Feedback(\"name\") { state in effect }"),
    Shape(
      peer: "CombineFeedback", line: "Loop(system).send(event: .tick)",
      message: "'send(event:)' has been renamed to 'send(_:)'"),
    Shape(
      peer: "CombineFeedback", line: "_ = LoopModel(form).binding(for: \\.email, event: FormEvent.email)",
      message: "'binding(for:event:)' is unavailable: write model.binding(\\.field, to: Event.fieldChanged)"),
  ]

  /// What the shapes' lines may use: a porting user's own types, functions and dependencies.
  static let prelude = """
    import Dispatch
    import FeedbackLoop
    import FeedbackLoopObservation
    enum Light: Hashable, Sendable { case red, green }
    enum Tick: Hashable, Sendable { case tick }
    struct Loaded {}
    struct Refresh {}
    struct Dependency {}
    struct Search: Hashable, Sendable { var query = ""; var page: Int? }
    enum SearchEvent: Hashable, Sendable { case changed(String) }
    func reduce(state: Search, event: SearchEvent) -> Search { state }
    func search(_ page: Int) -> [SearchEvent] { [] }
    let dependency = Dependency()
    struct Form: Hashable, Sendable { var email = "" }
    enum FormEvent: Hashable, Sendable { case email(String) }
    let system = System<Light, Tick>(initial: .red) { Transitions { Transition(from: .red, on: .tick, to: .green) } }
    let form = System<Form, FormEvent>(initial: Form()) { Reducer { state, _ in state } }
    let timer = Feedback<Light, Tick>("timer") { _ in .none }
    final class SearchViewController {}

    """

  @Test func atLeastTwentySixOfTheThirtyOneShapesNameTheNewAPI() throws {
    #expect(Self.shapes.count == 31)
    // Each shape in a method of its own (with a `self`, as in a view controller), on a line we know.
    var source = Self.prelude + "extension SearchViewController {\n"
    var lineOfShape: [Int: Shape] = [:]
    for (index, shape) in Self.shapes.enumerated() {
      source += "  func shape\(index)() {\n"
      lineOfShape[source.split(separator: "\n", omittingEmptySubsequences: false).count] = shape
      source += "    \(shape.line)\n  }\n"
    }
    source += "}\n"
    let errors = try PeerSpellingTests.typecheck(source)
    var named = 0
    for (line, shape) in lineOfShape.sorted(by: { $0.key < $1.key }) {
      let onLine = errors.filter { $0.line == line }.map(\.message)
      #expect(!onLine.isEmpty, "\(shape.peer): \(shape.line) compiles: a porting user would not be told")
      guard let message = shape.message else { continue }
      if onLine.contains(where: { $0.hasPrefix(message) }) {
        named += 1
      } else {
        Issue.record("\(shape.peer): \(shape.line) → \(onLine), expected one starting \"\(message)\"")
      }
      #expect(!onLine.contains { $0.contains("failed to produce diagnostic") }, "\(shape.line) → \(onLine)")
    }
    #expect(named >= 26)
    #expect(named == Self.shapes.filter { $0.message != nil }.count)
    // The prelude compiles: every error is on a shape's line.
    let elsewhere = errors.filter { lineOfShape[$0.line] == nil }
    #expect(elsewhere.isEmpty, "\(elsewhere)")
  }
}
