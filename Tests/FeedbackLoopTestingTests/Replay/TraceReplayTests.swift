import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import FeedbackLoopTesting
import Foundation
import Testing
import FeedbackLoopSupport

/// Replay: a recorded trace re-run against the current system, effects replaced by what
/// the trace recorded, the first diverging step reported.
@Suite struct TraceReplayTests {
  enum Phase: Codable, Hashable, Sendable { case idle, loading(Int), loaded(String), failed }
  enum Action: Codable, Hashable, Sendable { case load(Int), didLoad(String), fail }

  /// A loader whose "network" effect counts its calls in `networkCalls` (one counter per
  /// test: tests run in parallel).
  static func fetcher(
    delay: Duration = .seconds(2), networkCalls: Protected<Int> = Protected(0),
    loadedGoesTo target: @escaping @Sendable (String) -> Phase = { .loaded($0) }, epilogue: Bool = false
  ) -> System<Phase, Action> {
    System("Fetcher", initial: .idle) {
      Transitions {
        Transition(from: .any, on: .case("load"), targets: [.case("loading")]) { _, action in
          if case .load(let page) = action { return .loading(page) }
          return .idle
        }
        Transition(from: .case("loading"), on: .case("didLoad"), targets: [.case("loaded"), .case("failed")]) {
          _, action in
          if case .didLoad(let title) = action { return target(title) }
          return .failed
        }
        Transition(from: .case("loading"), on: .fail, to: .failed)
      }
      Feedback("network", emitting: ["didLoad"]) { (state: Phase) -> Effect<Action> in
        guard case .loading(let page) = state else { return .none }
        return .task { clock in
          try await clock.sleep(for: delay)
          networkCalls.withLock { $0 += 1 }
          return .didLoad("page \(page)")
        }
      }
      if epilogue {
        // One more event (ignored) once the last page is loaded: steps a recorded run lacks.
        Feedback("epilogue") { (state: Phase) -> Effect<Action> in state == .loaded("page 3") ? .send(.fail) : .none }
      }
    }
  }

  /// Records a run of `fetcher()` and returns its trace.
  static func recordedRun() -> Trace {
    let loop = LoopRecorder(fetcher(), writesTrace: false)
    loop.send(.load(1)) { $0 = .loading(1) }
    loop.scheduler.advance(by: .seconds(2))
    loop.receive(.didLoad("page 1")) { $0 = .loaded("page 1") }
    loop.send(.load(2)) { $0 = .loading(2) }
    loop.send(.load(3)) { $0 = .loading(3) }  // cancels the load of page 2
    loop.scheduler.advance(by: .seconds(2))
    loop.receive(.didLoad("page 3")) { $0 = .loaded("page 3") }
    loop.finish()
    return loop.trace
  }

  @Test func aRecordedRunReplaysStepForStepWithoutRunningItsEffects() {
    let trace = Self.recordedRun()
    let networkCalls = Protected(0)
    let result = TraceReplay(trace, system: Self.fetcher(networkCalls: networkCalls)).run()
    #expect(result.passed)
    #expect(result.matchedSteps == trace.steps.count)
    #expect(trace.steps.contains { $0.kind == .effectCancelled })
    #expect(networkCalls.withLock { $0 } == 0)  // no "network" during replay
  }

  @Test func eventsFromAnInputFeedbackAreDeliveredWhereTheyWereRecorded() {
    let taps = FeedbackInput<Action>()
    let system = System<Phase, Action>("Tapper", initial: .idle) {
      Transitions {
        Transition(from: .any, on: .case("load"), targets: [.case("loading")]) { _, action in
          if case .load(let page) = action { return .loading(page) }
          return .idle
        }
      }
      Feedbacks { Feedback.input("taps", taps) }
    }
    let recording = LoopRecorder(system, writesTrace: false)
    taps.send(.load(1))
    recording.receive(.load(1), from: "taps") { $0 = .loading(1) }
    recording.send(.load(2)) { $0 = .loading(2) }
    taps.send(.load(3))
    recording.receive(.load(3), from: "taps") { $0 = .loading(3) }
    recording.finish()
    let trace = recording.trace
    #expect(trace.steps.filter { $0.kind == .event && $0.feedback == 0 }.count == 2)
    #expect(TraceReplay(trace, system: system).run().passed)
  }

  @Test func aPartialTraceSaysWhyItCannotBeReplayed() {
    var trace = Self.recordedRun()
    trace.steps.removeFirst(3)
    var skipping = Self.recordedRun()
    skipping.steps.remove(at: 4)
    var other = Self.fetcher()
    other.name = "Other"
    let messages = failureMessages {
      TraceReplay(trace, system: Self.fetcher(), source: "Window.jsonl").run()
      TraceReplay(skipping, system: Self.fetcher(), source: "Gap.jsonl").run()
      TraceReplay(Self.recordedRun(), system: other, source: "Fetcher.jsonl").run()
    }
    let fix =
      "To fix: replay a whole recorded run of this system whose events decode: make the event type Codable and record the trace again, or pass decodeEvent: to TraceReplay."
    #expect(
      messages == [
        "Window.jsonl does not start with the initial state: replay needs a whole run (a TraceWriter .lastSteps window is only its end).\n\n"
          + fix,
        "Gap.jsonl skips steps: line 6 holds step #5, expected #4 (steps the writer dropped?): replay needs a whole run.\n\n"
          + fix,
        #"Fetcher.jsonl records the system "Fetcher", not "Other"."# + "\n\n" + fix,
      ])
  }

  @Test func aChangedTransitionFailsAtTheFirstDivergingStep() {
    let trace = Self.recordedRun()
    let changed = Self.fetcher(loadedGoesTo: { _ in .failed })
    var result: TraceReplay<Phase, Action>.Result?
    let messages = failureMessages {
      result = TraceReplay(trace, system: changed, source: "Fetcher.jsonl").run()
    }
    #expect(result?.divergence?.index == 5)
    #expect(
      messages == [
        """
        Replay of Fetcher.jsonl diverged at step #5 (2s): the system did something else.

          (Expected: −, Actual: +)
            ReplayedStep(
              kind: .event,
              source: "network",
              effect: nil,
              event: #"didLoad("page 1")"#,
              transition: "loading —didLoad→ {loaded, failed}",
              from: "loading",
          −   to: "loaded",
          +   to: "failed",
              before: "loading(1)",
          −   state: #"loaded("page 1")"#,
          +   state: "failed",
          −   stateJSON: #"{"loaded":{"_0":"page 1"}}"#
          +   stateJSON: #"{"failed":{}}"#
            )

        Timeline (last steps):
          #0   0s      initial    idle
          #1   0s      event      load(1) from external: idle → loading(1)
          #2   0s      started    network effect #0
          #3   2s      emitted    network effect #0: didLoad("page 1")
          #4   2s      finished   network effect #0
          #5   2s      event      didLoad("page 1") from network: loading(1) → loaded("page 1")

        To fix: if the new behaviour is intended, record the trace again (run its test with FEEDBACKLOOP_TRACE_DIR set); otherwise fix what changed the step marked +.
        """
      ])
  }

  @Test func aTraceWithoutEncodedEventsSaysWhyItCannotBeReplayed() {
    var trace = Self.recordedRun()
    trace.header.encodesEvents = false
    for index in trace.steps.indices { trace.steps[index].eventJSON = nil }
    let messages = failureMessages {
      TraceReplay(trace, system: Self.fetcher(), source: "Old.jsonl").run()
    }
    #expect(
      messages == [
        """
        Old.jsonl cannot be replayed: step #1: the trace stores events as text only (Action was not Codable when it was recorded).

        To fix: replay a whole recorded run of this system whose events decode: make the event type Codable and record the trace again, or pass decodeEvent: to TraceReplay.
        """
      ])
  }

  @Test func aTraceFileReplaysFromDisk() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let loop = LoopRecorder(Self.fetcher(), traceDirectory: directory, testName: "fromDisk()")
      loop.send(.load(7)) { $0 = .loading(7) }
      loop.scheduler.advance(by: .seconds(2))
      loop.receive(.didLoad("page 7")) { $0 = .loaded("page 7") }
    }
    let url = directory.appendingPathComponent("Fetcher-TraceReplayTests-fromDisk.jsonl")
    let replay = try TraceReplay(contentsOf: url, system: Self.fetcher())
    #expect(replay.run().passed)
  }
}
