import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// What the explorer carries besides the system's state: each feedback's memory and the
/// effects in flight, with the runtime's own feedback logic.
@Suite struct LoopStateTests {
  typealias Upload = EffectModels.Upload

  /// The upload queue with the newcomer's key: queuing the same file twice in a row, the
  /// second upload has the key of the first, so `skippingRepeated` never starts it.
  @Test func aRepeatedKeyLeavesTheQueueStuckUploading() {
    let system = EffectModels.uploadQueue { file, attempt, _ in EffectModels.FileAttempt(file: file, attempt: attempt) }
    let exploration = Explorer(system, events: [.enqueue("a")]).waits(in: .value(.idle)).run()
    // Stuck, and once the queue is full too, a deadlock (the queue ignores more files).
    #expect(exploration.findings.map(\.kind) == [.deadlock, .stuck])
    let finding = exploration.findings[1]
    #expect(finding.path?.events == [.enqueue("a"), .enqueue("a"), .uploaded])
    #expect(finding.path?.final == .uploading(file: "a", attempt: 0, queue: [], number: 1))
    #expect(
      finding.message
        == #"Stuck after 3 events: .enqueue("a"), .enqueue("a"), .uploaded (from upload): no effect is in flight in uploading(file: "a", attempt: 0, queue: [], number: 1), with upload remembering FileAttempt(file: "a", attempt: 0), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:)) (1 more stuck state)."#
    )
  }

  /// A key that tells the two uploads apart starts the second one: nothing is stuck.
  @Test func aKeyThatTellsUploadsApartIsNotStuck() {
    let system = EffectModels.uploadQueue { _, attempt, number in
      EffectModels.Numbered(number: number, attempt: attempt)
    }
    let exploration = Explorer(system, events: [.enqueue("a")]).waits(in: .value(.idle)).run()
    #expect(exploration.isComplete)
    #expect(exploration.findings.isEmpty, "\(exploration.report)")
  }

  /// Without `waits`, the idle queue is stuck too: the initial state, with no upload.
  @Test func aStateTheLoopMayWaitInMustBeDeclared() {
    let system = EffectModels.uploadQueue { _, attempt, number in
      EffectModels.Numbered(number: number, attempt: attempt)
    }
    let exploration = Explorer(system, events: [.enqueue("a")]).run()
    #expect(
      exploration.findings.map(\.message) == [
        "Stuck in the initial state: no effect is in flight in idle, with upload remembering nil, so only an event from outside can move the loop, and it is not declared as waiting (waits(when:))."
      ])
  }

  /// `.cancelOnNewState` keeps at most one ping in flight; `.continueOnNewState` lets the
  /// earlier ones run, so the same states are explored with more effects in flight.
  @Test func theStrategiesExploreDifferentStates() {
    let cancelling = Explorer(EffectModels.echo(.cancelOnNewState), events: [.bump]).run()
    let continuing = Explorer(EffectModels.echo(.continueOnNewState), events: [.bump]).run()
    #expect(cancelling.states == [0, 1, 2])
    #expect(continuing.states == [0, 1, 2])
    // A ping reduced restarts the echo: each level with its one ping in flight.
    #expect(cancelling.stateCount == 3)
    // Each bump adds a ping still in flight: 0 with 1, 1 with 2, 2 with 3, then 0 and 1 with 3.
    #expect(continuing.stateCount == 5)
  }

  /// The `fetch` feedback runs only while loading: it adds no `loaded` edge to idle.
  @Test func aFeedbackThatCannotFireInAStateAddsNoEdgeThere() {
    let exploration = Explorer(EffectModels.loader, events: [.load]).waits(in: .value(.idle)).final { $0 == .loaded }
      .run()
    let edges = exploration.reachableGraph().transitions.map { "\($0.from ?? "") —\($0.event ?? "")→ \($0.to)" }
    #expect(edges == [#"idle —load→ ["loading"]"#, #"loading —loaded→ ["loaded"]"#])
    #expect(
      exploration.findings.map(\.message) == [
        "Transition idle —loaded→ loaded never fires: no reachable state and event take it."
      ])
    #expect(exploration.stateCount == 3)
  }

  /// Every event leads back to the state itself: a deadlock, though events "fire".
  @Test func aStateWhoseEveryEventLeadsBackToItselfIsADeadlock() {
    let door = System<Models.Door, Models.DoorEvent>("Door", initial: .closed) {
      Transitions {
        Transition(from: .closed, on: .lock, to: .locked)
        Transition(from: .locked, on: .open, to: .locked)
        Transition(from: .locked, on: .close, to: .locked)
        Transition(from: .locked, on: .lock, to: .locked)
      }
    }
    let exploration = Explorer(door, events: [.open, .close, .lock]).run()
    #expect(exploration.findings.map(\.kind) == [.deadlock])
    #expect(exploration.findings.first?.path?.events == [.lock])
  }
}
