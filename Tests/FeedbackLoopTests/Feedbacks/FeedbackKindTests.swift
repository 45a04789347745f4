import FeedbackLoop
import Testing

/// Each feedback kind on its edges. Effects that never finish make the lifecycle visible:
/// the monitor reports starts and cancellations synchronously on the loop's turn.
@Suite struct FeedbackKindTests {
  enum Event: Hashable, Sendable { case set(Int), setText(String?), setKeys([String]) }
  struct State: Hashable, Sendable {
    var number = 0
    var text: String?
    var keys: [String] = []
  }

  static func reduce(_ state: inout State, _ event: Event) {
    switch event {
    case .set(let number): state.number = number
    case .setText(let text): state.text = text
    case .setKeys(let keys): state.keys = keys
    }
  }

  static let forever = Effect<Event>.run { _, _ in try await Task.sleep(for: .seconds(3600)) }

  static func run(_ feedback: Feedback<State, Event>, _ events: [Event]) -> [String] {
    let log = ActivityLog<State, Event>()
    let loop = Loop(System(initial: State(), reduce: reduce, feedbacks: [feedback]), onStep: log.monitor)
    for event in events { loop.send(event) }
    loop.stop()
    return log.all.filter { $0.hasPrefix("started") || $0.hasPrefix("cancelled") || $0.hasPrefix("reduce") }
      .map { $0.hasPrefix("reduce") ? String($0.split(separator: " ")[1]) : $0 }
  }

  @Test func predicateIsLevelTriggered() {
    // odd → even → odd → odd: every odd state restarts the effect, an even one cancels it.
    let steps = Self.run(
      Feedback.when("odd", { $0.number % 2 == 1 }) { _ in Self.forever }, [.set(1), .set(2), .set(3), .set(5)])
    #expect(
      steps == [
        "set(1)", "started odd 0", "set(2)", "cancelled odd 0", "set(3)", "started odd 1",
        "set(5)", "cancelled odd 1", "started odd 2", "cancelled odd 2",
      ])
  }

  @Test func whenBecomesTrueStartsOnTheRisingEdgeOnly() {
    // false → true → true → false → true
    let steps = Self.run(
      Feedback.whenBecomesTrue("positive", { $0.number > 0 }) { _ in Self.forever },
      [.set(1), .set(2), .set(0), .set(3)])
    #expect(
      steps == [
        "set(1)", "started positive 0", "set(2)", "set(0)", "cancelled positive 0", "set(3)", "started positive 1",
        "cancelled positive 1",
      ])
  }

  @Test func skippingRepeatedStartsOnValueKeepsOnRepeatRestartsOnChangeCancelsOnNil() {
    // nil → a → a → b → nil
    let steps = Self.run(
      Feedback.skippingRepeated("text", { $0.text }) { _ in Self.forever },
      [.setText("a"), .setText("a"), .setText("b"), .setText(nil)])
    #expect(
      steps == [
        "setText(Optional(\"a\"))", "started text 0", "setText(Optional(\"a\"))",
        "setText(Optional(\"b\"))", "cancelled text 0", "started text 1", "setText(nil)", "cancelled text 1",
      ])
  }

  @Test func firstValueAfterNilIgnoresLaterValuesUntilNil() {
    let steps = Self.run(
      Feedback.firstValueAfterNil("text", { $0.text }) { _ in Self.forever },
      [.setText("a"), .setText("b"), .setText(nil), .setText("c")])
    #expect(
      steps == [
        "setText(Optional(\"a\"))", "started text 0", "setText(Optional(\"b\"))", "setText(nil)", "cancelled text 0",
        "setText(Optional(\"c\"))", "started text 1", "cancelled text 1",
      ])
  }

  @Test func keyedRequestsAddKeepAndRemove() {
    let steps = Self.run(
      Feedback.requests("load", { Set($0.keys) }) { _ in Self.forever },
      [.setKeys(["a", "b"]), .setKeys(["b", "c"]), .setKeys([])])
    #expect(
      steps == [
        "setKeys([\"a\",", "started load 0", "started load 1",  // a, b start (sorted order)
        "setKeys([\"b\",", "cancelled load 0", "started load 2",  // a removed, b kept, c new
        "setKeys([])", "cancelled load 1", "cancelled load 2",
      ])
  }

  @Test func typeAndCaseFeedbacksMatchTheirStates() {
    enum Phase: Hashable, Sendable { case idle, loading(page: Int) }
    let seen = Box<[String]>([])
    let system = System<Phase, Phase>(initial: .idle) {
      Reducer { state, event in state = event }
      Feedback.on("loading", .case("loading")) { state in
        seen.update { $0.append("case \(state)") }
        return .none
      }
      Feedback.on("phase", Phase.self) { state in
        seen.update { $0.append("type \(state)") }
        return .none
      }
    }
    let loop = Loop(system)
    loop.send(.loading(page: 2))
    #expect(seen.current == ["type idle", "case loading(page: 2)", "type loading(page: 2)"])
  }

  @Test func inputForwardsExternalEventsWithTheFeedbacksName() {
    let input = FeedbackInput<Event>()
    let log = ActivityLog<State, Event>()
    let loop = Loop(
      System(initial: State(), reduce: Self.reduce, feedbacks: [.input("ui", input)]), onStep: log.monitor)
    input.send(.set(7))
    #expect(loop.state.number == 7)
    #expect(
      log.lines("reduce") == [
        "reduce set(7) from ui: State(number: 0, text: nil, keys: []) -> State(number: 7, text: nil, keys: [])"
      ])
    loop.stop()
    input.send(.set(8))
    #expect(loop.state.number == 7)
  }

  @Test func mediatorCarriesValuesBetweenSystems() {
    let shared = Mediator<Int>("number")
    let publisher = Loop(
      System(
        initial: State(), reduce: Self.reduce,
        feedbacks: [
          .attach("share", to: shared, publish: { $0.number }, receive: { _ in nil })
        ]))
    let receiver = Loop(
      System(
        initial: State(), reduce: Self.reduce,
        feedbacks: [
          .attach("listen", to: shared, publish: { _ in nil }, receive: { .setText("got \($0)") })
        ]))
    publisher.send(.set(4))
    #expect(receiver.state.text == "got 4")
    #expect(publisher.state.text == nil)  // a member does not hear itself
  }
}
