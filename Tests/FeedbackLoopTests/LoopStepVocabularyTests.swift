import FeedbackGraph
import FeedbackLoop
import Testing
import FeedbackLoopSupport

/// One step vocabulary (issue #19): one step type, one way to observe a loop, feedbacks
/// carried by id beside their names.
@Suite struct LoopStepVocabularyTests {
  enum Event: Hashable, Sendable { case go, ping }

  /// Two feedbacks with one name, each sending `ping` in state 1 (every event counts).
  static let twins = System<Int, Event>(initial: 0) {
    Reducer { state, _ in state += 1 }
    Feedbacks {
      Feedback("twin") { (state: Int) -> Effect<Event> in state == 1 ? .send(.ping) : .none }
      Feedback("twin") { (state: Int) -> Effect<Event> in state == 1 ? .send(.ping) : .none }
    }
  }

  @Test func aTrailingClosureOnLoopIsTheOneObserverAndSeesEveryStep() {
    let seen = Protected<[StepKind]>([])
    let loop = Loop(Self.twins) { step in seen.withLock { $0.append(step.kind) } }
    loop.send(.go)
    loop.stop()
    #expect(
      seen.withLock { $0 } == [
        .initial, .event, .effectStarted, .effectEmitted, .effectFinished, .effectStarted, .effectEmitted,
        .effectFinished, .event, .stopped,
      ])
  }

  @Test func twoFeedbacksWithOneNameAreToldApartByTheirIds() {
    let started = Protected<[FeedbackRef]>([])
    let sources = Protected<[EventSource]>([])
    let loop = Loop(Self.twins) { step in
      if case .effectStarted(_, let feedback) = step { started.withLock { $0.append(feedback) } }
      if case .reduced(.ping, let source, _, _, _) = step { sources.withLock { $0.append(source) } }
    }
    loop.send(.go)
    loop.stop()
    #expect(started.withLock { $0 } == [FeedbackRef(id: 0, name: "twin"), FeedbackRef(id: 1, name: "twin")])
    // The first ping moves the loop on, which drops the second (a synchronous emission under
    // `.cancelOnNewState`): the one reduction names the first twin, by id.
    #expect(sources.withLock { $0 } == [.feedback(FeedbackRef(id: 0, name: "twin"))])
    #expect(sources.withLock { $0.map(\.description) } == ["twin"])
  }

  @Test func everyStepMapsToTheLoopsOwnReportAndBack() {
    // The public step and the loop's internal report (what the trace writer records) map
    // onto each other for every kind, ids and names kept.
    var random = SplitMix64(seed: 19)
    let names = ["a", "b", "a"]
    for _ in 0..<2_000 {
      let feedback = FeedbackRef(id: FeedbackID(Int(random.next() % 3)), name: "")
      let named = FeedbackRef(id: feedback.id, name: names[feedback.id.index])
      let source: EventSource = random.next() % 2 == 0 ? .external : .feedback(named)
      let (a, b) = (Int(random.next() % 100), Int(random.next() % 100))
      let effect = EffectID(Int(random.next() % 50))
      let transition = random.next() % 2 == 0 ? nil : TransitionID(Int(random.next() % 9))
      let steps: [LoopStep<Int, Event>] = [
        .started(state: a), .reduced(event: .go, source: source, before: a, after: b, transition: transition),
        .ignored(event: .ping, source: source, state: a),
        .undeclaredTransition(event: .go, source: source, before: a, after: b, transition: TransitionID(3)),
        .effectStarted(effect, feedback: named), .effectEmitted(effect, feedback: named, event: .ping),
        .effectFinished(effect, feedback: named), .effectCancelled(effect, feedback: named), .stopped,
      ]
      for step in steps {
        let back = LoopStep(step.probeStep, feedbackNames: names)
        #expect(String(describing: back) == String(describing: step))
        #expect(back.kind == step.kind && back.feedback == step.feedback && back.effect == step.effect)
      }
    }
  }
}
