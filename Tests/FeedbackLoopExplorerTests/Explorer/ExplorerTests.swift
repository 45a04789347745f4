import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

@Suite struct ExplorerTests {
  let counters = Explorer(Models.counters, events: [.incA, .incB, .nextMode])

  @Test func visitsEveryReachableStateOnce() {
    let exploration = counters.run()
    #expect(exploration.stateCount == 48)
    #expect(Set(exploration.states).count == 48)
    #expect(exploration.transitionCount == 120)
    #expect(exploration.depth == 8)
    #expect(exploration.completion == .complete)
    #expect(
      exploration.report == """
        Explored Counters: 48 states, 120 transitions, depth 8; complete: every reachable state was visited.
        No findings.
        """)
  }

  @Test func reportsTheStateBoundNeverNoFindings() {
    var explorer = counters
    explorer.maxStates = 10
    let exploration = explorer.run()
    #expect(exploration.completion == .stateBound(10))
    #expect(exploration.stateCount == 10)
    #expect(
      exploration.report == """
        Explored Counters: 10 states, 30 transitions, depth 2; stopped at the state bound (maxStates = 10): states beyond it are unexplored, so the absence of a finding proves nothing there.
        No findings within the bounds (not a proof: see above).
        """)
  }

  @Test func reportsTheDepthBound() {
    var explorer = counters
    explorer.maxDepth = 2
    let exploration = explorer.run()
    #expect(exploration.completion == .depthBound(2))
    #expect(exploration.stateCount == 10)  // depth 0: 1, depth 1: 3, depth 2: 6
    #expect(exploration.report.contains("stopped at the depth bound (maxDepth = 2)"))
    #expect(!exploration.report.contains("No findings."))
  }

  @Test func findsTheShortestPathToAnInvariantViolation() throws {
    let exploration = counters.invariant("a + b stays below 3") { $0.a + $0.b < 3 }.run()
    #expect(exploration.findings.count == 1)
    let finding = try #require(exploration.findings.first)
    #expect(finding.kind == .invariantViolated("a + b stays below 3"))
    #expect(finding.path?.events == [.incA, .incA, .incA])
    #expect(
      finding.message
        == "Invariant \"a + b stays below 3\" is violated after 3 events: .incA, .incA, .incA: Counters(a: 3, b: 0, mode: 0)."
    )
  }

  @Test func anInvariantBrokenInTheInitialStateHasAnEmptyPath() {
    let exploration = counters.invariant("never") { _ in false }.run()
    #expect(exploration.findings.first?.path?.steps.isEmpty == true)
    #expect(
      exploration.findings.first?.message
        == "Invariant \"never\" is violated in the initial state: Counters(a: 0, b: 0, mode: 0).")
  }

  @Test func findsADeadlockUnlessTheStateIsFinal() {
    let explorer = Explorer(Models.door, events: [.open, .close, .lock])
    let exploration = explorer.run()
    #expect(exploration.findings.map(\.kind) == [.deadlock])
    #expect(exploration.findings.first?.path?.events == [.lock])
    #expect(
      exploration.findings.first?.message
        == "Deadlock after 1 event: .lock: no event changes locked, and it is not marked final.")
    #expect(explorer.final { $0 == .locked }.run().findings.isEmpty)
  }

  @Test func findsTransitionsThatNeverFireAndStatesNeverReached() {
    let exploration = Explorer(Models.turnstile, events: [.coin, .push, .repair]).run()
    #expect(exploration.findings.map(\.kind) == [.transitionNeverFires(TransitionID(2)), .stateNeverReached("broken")])
    #expect(
      exploration.findings.map(\.message) == [
        "Transition broken —repair→ locked never fires: no reachable state and event take it.",
        "State broken is declared but never reached.",
      ])
  }

  @Test func neverFiringIsNotJudgedAtABound() {
    var explorer = Explorer(Models.turnstile, events: [.coin, .push, .repair])
    explorer.maxDepth = 1
    #expect(explorer.run().findings.isEmpty)
  }

  @Test func findsAnUndeclaredTransitionWithItsPath() {
    let exploration = Explorer(Models.job, events: [.start, .tick]).final { $0 == .done }.run()
    let undeclared = exploration.findings.filter { $0.kind == .undeclaredTransition(TransitionID(1)) }
    #expect(undeclared.count == 1)
    #expect(undeclared.first?.path?.events == [.start, .tick, .tick, .tick])
    #expect(undeclared.first?.path?.steps.last?.kind == .undeclaredTransition)
    #expect(
      undeclared.first?.message
        == "Undeclared transition after 4 events: .start, .tick, .tick, .tick: .tick turned running(2) into done, outside the targets of running —tick→ running (count)."
    )
  }

  @Test func listsIgnoredEventsAsInformation() {
    let report = Explorer(Models.door, events: [.open, .close, .lock]).final { $0 == .locked }.run().report
    #expect(
      report == """
        Explored Door: 3 states, 3 transitions, depth 1; complete: every reachable state was visited.
        No findings.
        Events ignored (no declared transition accepts them; not findings):
          in closed: close
          in open: open, lock
          in locked: open, close, lock
        """)
  }

  @Test func mergesStatesWithEqualKeys() {
    let exploration = counters.merging { $0.a }.run()
    #expect(exploration.stateCount == 4)
    #expect(exploration.states.map(\.a) == [0, 1, 2, 3])
  }

  @Test func feedbacksEmitTheirDeclaredEventsFromSamples() {
    let withTicks = Explorer(TrafficLight.system, events: [.emergency], feedbackEvents: [.tick]).run()
    #expect(withTicks.stateCount == 3)
    #expect(withTicks.path(to: .yellow)?.steps.map { $0.feedback?.name } == ["timer", "timer"])
    // `emits: [.tick]` declares a value: it is its own sample.
    let declared = Explorer(TrafficLight.system, events: [.emergency]).run()
    #expect(declared.stateCount == 3)
    #expect(declared.unexploredEmissions.isEmpty)
    // `.emitting(["didLoad", "didFail"])` declares names only: without samples, nothing is emitted.
    let without = Explorer(Movies.system(), events: [.fetchNext], maxDepth: 3).run()
    #expect(without.states.count == 2)
    #expect(
      without.report.hasSuffix(
        "Not explored: feedback \"network\" declares didFail, but no sample value was given (feedbackEvents:)."))
  }

  @Test func perStateEventsAndCancellation() {
    let unbounded = Explorer(Counter.system(), events: { _ in [.increment] }, maxStates: 10_000_000)
    var calls = 0
    let exploration = unbounded.run { progress in
      calls += 1
      #expect(progress.states >= 65_536)
      return false
    }
    #expect(exploration.completion == .cancelled)
    #expect(calls == 1)
    #expect(exploration.report.contains("cancelled before the end"))
  }

  @Test func twoRunsPrintIdenticalReports() {
    let explorer = Explorer(
      SignIn.system(),
      events: [
        .emailChanged("ada@example.com"), .passwordChanged("short"), .passwordChanged("correct horse"), .submit,
      ],
      feedbackEvents: [.succeeded(user: "ada"), .rejected("no")])
    let first = explorer.run().report
    #expect(first == explorer.run().report)
    #expect(first.hasPrefix("Explored SignIn: "))
  }

  @Test func moreThan65536ChoicesAreCutAndSaidSoNotACrash() {
    let exploration = Explorer(Counter.system(), events: Array(repeating: .increment, count: 70_000), maxDepth: 1).run()
    #expect(exploration.stateCount == 2)
    #expect(
      exploration.report.hasSuffix(
        "Not explored: some states have more than 65,536 events to try; only the first 65,536 were tried."))
  }
}
