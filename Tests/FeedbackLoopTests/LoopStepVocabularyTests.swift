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

  @Test func theObserverBuildsEachStepOnceWithIdsAndNamesKept() {
    // What the loop reports on its hot path (a flat probe step) becomes the public step once,
    // at the observer, for every kind; a synchronous effect becomes its three steps.
    var random = SplitMix64(seed: 19)
    let names = ["a", "b", "a"]
    for _ in 0..<2_000 {
      let id = FeedbackID(Int(random.next() % 3))
      let named = FeedbackRef(id: id, name: names[id.index])
      let fromFeedback = random.next() % 2 == 0
      let source: EventSource = fromFeedback ? .feedback(named) : .external
      let sender = fromFeedback ? id : nil
      let (a, b) = (Int(random.next() % 100), Int(random.next() % 100))
      let effect = EffectID(Int(random.next() % 50))
      let transition = random.next() % 2 == 0 ? nil : TransitionID(Int(random.next() % 9))
      let pairs: [(ProbeStep<Int, Event>, LoopStep<Int, Event>)] = [
        (ProbeStep(kind: .initial, after: a), .initial(state: a)),
        (
          ProbeStep(kind: .event, event: .go, feedback: sender, before: a, after: b, transition: transition),
          .reduced(event: .go, source: source, before: a, after: b, transition: transition)
        ),
        (
          ProbeStep(kind: .ignoredEvent, event: .ping, feedback: sender, before: a, after: a),
          .ignored(event: .ping, source: source, state: a)
        ),
        (
          ProbeStep(
            kind: .undeclaredTransition, event: .go, feedback: sender, before: a, after: b, transition: TransitionID(3)),
          .undeclaredTransition(event: .go, source: source, before: a, after: b, transition: TransitionID(3))
        ),
        (ProbeStep(kind: .effectStarted, feedback: id, effect: effect), .effectStarted(effect, feedback: named)),
        (
          ProbeStep(kind: .effectEmitted, event: .ping, feedback: id, effect: effect),
          .effectEmitted(effect, feedback: named, event: .ping)
        ),
        (ProbeStep(kind: .effectFinished, feedback: id, effect: effect), .effectFinished(effect, feedback: named)),
        (ProbeStep(kind: .effectCancelled, feedback: id, effect: effect), .effectCancelled(effect, feedback: named)),
        (ProbeStep(kind: .stopped), .stopped),
      ]
      for (probe, expected) in pairs {
        let built = LoopStep(probe, feedbackNames: names)
        #expect(String(describing: built) == String(describing: expected))
        #expect(built.kind == expected.kind && built.feedback == expected.feedback && built.effect == expected.effect)
      }
    }
    let seen = Protected<[LoopStep<Int, Event>]>([])
    let observer = StepObserver<Int, Event>(onStep: { step in seen.withLock { $0.append(step) } }, feedbackNames: names)
    observer.record(
      ProbeStep(
        kind: .effectEmitted, event: .ping, feedback: FeedbackID(1), effect: EffectID(4), isSynchronousEffect: true))
    #expect(seen.withLock { $0.map(\.kind) } == [.effectStarted, .effectEmitted, .effectFinished])
    #expect(seen.withLock { $0.map { $0.feedback?.name } } == ["b", "b", "b"])
  }
}
