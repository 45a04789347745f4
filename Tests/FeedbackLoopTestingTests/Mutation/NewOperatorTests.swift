import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

/// A count that a computed self-transition raises (`count + 1`).
enum Tally: Hashable, Sendable { case counting(Int) }
enum Bump: Hashable, Sendable { case bump }

let tally = System<Tally, Bump>("Tally", initial: .counting(0)) {
  Transitions {
    Transition(from: .case("counting"), on: .bump, label: "count + 1") { state, _ in
      guard case .counting(let count) = state else { return state }
      return .counting(count + 1)
    }
  }
}

/// A job whose worker reports, two seconds after it starts, that it succeeded.
enum Job: Hashable, Sendable { case running, done, broken }
enum JobEvent: Hashable, Sendable { case succeeded, failed }

let job = System<Job, JobEvent>("Job", initial: .running) {
  Transitions {
    Transition(from: .running, on: .succeeded, to: .done)
    Transition(from: .running, on: .failed, to: .broken)
  }
  Feedbacks {
    Feedback.on("work", emits: [.succeeded, .failed], .case("running")) { _ in
      .task { clock in
        try await clock.sleep(for: .seconds(2))
        return .succeeded
      }
    }
  }
}

/// The operators beyond the table's: each killed by a strong test and survived by a weak
/// one (no issue), and the strong test passes without the mutant.
@Suite struct NewOperatorTests {
  static func mutant(_ name: String, of graph: SystemGraph) throws -> Mutant {
    try #require(graph.mutants.first { $0.name == name }, "\(graph.mutants.map(\.name))")
  }

  /// Bumps without asserting the count.
  static func weakTally() {
    let loop = LoopRecorder(tally, scheduler: TestScheduler(), exhaustivity: .off(), writesTrace: false)
    loop.loop.send(.bump)
    loop.scheduler.advance()
    loop.skipReceived()
  }

  /// Bumps and asserts the count.
  static func strongTally() {
    let loop = LoopRecorder(tally, scheduler: TestScheduler(), writesTrace: false)
    loop.send(.bump) { $0 = .counting(1) }
  }

  @Test func skipComputationStaysInTheSourceState() throws {
    let mutant = try Self.mutant("Tally: counting —bump→ counting unchanged (skips count + 1)", of: tally.graph)
    #expect(mutant.id.hasPrefix("Tally/skipComputation/"))
    MutantSwitch.$current.withValue(mutant) { Self.weakTally() }
    let messages = failureMessages { MutantSwitch.$current.withValue(mutant) { Self.strongTally() } }
    #expect(messages.first?.contains("counting(0)") == true, "\(messages)")
    Self.strongTally()
  }

  /// Lets the worker run long enough, and asserts only that the job ended.
  static func weakJob() {
    let loop = LoopRecorder(job, scheduler: TestScheduler(), exhaustivity: .off(), writesTrace: false)
    loop.scheduler.advance(by: .seconds(10))
    loop.skipReceived()
  }

  /// Asserts which event the worker emits, and lets it run long enough.
  static func eventJob() {
    let loop = LoopRecorder(job, scheduler: TestScheduler(), writesTrace: false)
    loop.scheduler.advance(by: .seconds(10))
    loop.receive(.succeeded, from: "work") { $0 = .done }
  }

  /// Pins the delay: nothing before two seconds, the event at two seconds.
  static func pinnedJob() {
    let loop = LoopRecorder(job, scheduler: TestScheduler(), writesTrace: false)
    loop.receiveNothing(before: .seconds(2))
    loop.receive(.succeeded, from: "work", at: .seconds(2)) { $0 = .done }
  }

  @Test func swapEmissionEmitsAnotherDeclaredEvent() throws {
    let mutant = try Self.mutant("Job: feedback work emits failed instead of succeeded", of: job.graph)
    #expect(mutant.id == "Job/swapEmission/work/succeeded/failed")
    MutantSwitch.$current.withValue(mutant) { Self.weakJob() }
    let messages = failureMessages { MutantSwitch.$current.withValue(mutant) { Self.eventJob() } }
    #expect(messages.first?.contains("failed") == true, "\(messages)")
    Self.eventJob()
  }

  @Test func aSlowClockSurvivesATestThatWaitsEnoughAndDiesOnOneThatPinsTheDelay() throws {
    let mutant = try Self.mutant("Job: feedback work sees the clock at half speed", of: job.graph)
    #expect(mutant.id == "Job/slowClock/work")
    MutantSwitch.$current.withValue(mutant) {
      Self.weakJob()
      Self.eventJob()  // ten seconds are enough for four
    }
    let messages = failureMessages { MutantSwitch.$current.withValue(mutant) { Self.pinnedJob() } }
    #expect(!messages.isEmpty)
    Self.pinnedJob()
  }

  @Test func aFastClockSurvivesATestThatWaitsEnoughAndDiesOnOneThatPinsTheDelay() throws {
    let mutant = try Self.mutant("Job: feedback work sees the clock at double speed", of: job.graph)
    #expect(mutant.id == "Job/fastClock/work")
    MutantSwitch.$current.withValue(mutant) {
      Self.weakJob()
      Self.eventJob()
    }
    let messages = failureMessages { MutantSwitch.$current.withValue(mutant) { Self.pinnedJob() } }
    #expect(messages.first?.hasPrefix("Expected no event before 2s, but received 1:") == true, "\(messages)")
    Self.pinnedJob()
  }

  @Test func onlyAComputedTransitionThatMayStayInItsCaseIsSkipped() {
    // Job's transitions lead to fixed states: nothing to skip.
    #expect(!job.graph.mutants.contains { $0.mutation == .skipComputation })
    #expect(tally.graph.mutants.filter { $0.mutation == .skipComputation }.count == 1)
  }
}

/// A mutant that makes the loop run away (the volume never reaches its target, so the
/// feedback lowers it forever) fails the test at once: the kit stops the loop after
/// `MutantSwitch.runawaySteps` steps instead of hanging until `diagram mutate`'s time limit.
@Suite struct RunawayMutantTests {
  @Test func aRunawayLoopIsStoppedAndFailsTheTest() throws {
    let volume = Volume.system(initial: 17, target: 15)
    let mutant = try #require(
      volume.graph.mutants.first { $0.id.hasPrefix("Volume/skipComputation/") && $0.name.contains("value - 1") })
    let messages = failureMessages {
      MutantSwitch.$current.withValue(mutant) {
        let loop = LoopRecorder(volume, exhaustivity: .off(), writesTrace: false)
        loop.skipReceived()
      }
    }
    #expect(
      messages == [
        "The mutant \(mutant.name) made the loop run away: 100000 steps in one recording; the kit stopped the loop."
      ])
    // Without the mutant the same recording ends on its own.
    let loop = LoopRecorder(volume, exhaustivity: .off(), writesTrace: false)
    loop.skipReceived()
    #expect(loop.state == Volume.State(value: 15))
  }
}
