import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// Issue 19, item 2: transitions are identified by their content, not their position, so
/// replay survives reordering and unrelated edits, and a removed transition diverges at the
/// first step that behaves differently.
@Suite struct TransitionIdentityTests {
  enum Light: Codable, Hashable, Sendable { case red, green, yellow, off }
  enum Signal: Codable, Hashable, Sendable { case tick, reset }

  /// The light's transitions, in declaration order.
  static let declared: [Transition<Light, Signal>] = [
    Transition(from: .red, on: .tick, to: .green),
    Transition(from: .green, on: .tick, to: .yellow),
    Transition(from: .yellow, on: .tick, to: .red),
    Transition(from: .any, on: .reset, to: .red, label: "reset"),
  ]

  static func light(_ transitions: [Transition<Light, Signal>]) -> System<Light, Signal> {
    System("Light", initial: .red) {
      Transitions {
        for transition in transitions { transition }
      }
    }
  }

  /// reset (at red), tick, tick, tick, reset.
  static func recorded() -> Trace {
    let loop = LoopRecorder(light(declared), writesTrace: false)
    loop.send(.reset)
    loop.send(.tick) { $0 = .green }
    loop.send(.tick) { $0 = .yellow }
    loop.send(.tick) { $0 = .red }
    loop.send(.reset)
    loop.finish()
    return loop.trace
  }

  @Test func aTraceRecordedBeforeAReorderReplaysAfterIt() {
    let trace = Self.recorded()
    let reordered = Self.light(
      Self.declared.reversed() + [Transition(from: .off, on: .tick, to: .off, label: "unrelated")])
    let result = TraceReplay(trace, system: reordered, source: "Light.jsonl").run()
    #expect(result.passed)
    #expect(result.matchedSteps == trace.steps.count)
  }

  @Test func removingATransitionDivergesAtTheFirstStepThatBehavesDifferently() {
    let trace = Self.recorded()
    // Without green —tick→ yellow: the reset before it now sits at another position, but
    // behaves the same; the second tick is the first step that differs.
    let removed = Self.light(Self.declared.enumerated().filter { $0.offset != 1 }.map(\.element))
    var result: TraceReplay<Light, Signal>.Result?
    let messages = failureMessages {
      result = TraceReplay(trace, system: removed, source: "Light.jsonl").run()
    }
    let secondTick = trace.steps.indices.filter { trace.steps[$0].event == "tick" }[1]
    #expect(result?.divergence?.index == secondTick)
    #expect(result?.divergence?.expected?.kind == .event)
    #expect(result?.divergence?.actual?.kind == .ignoredEvent)
    #expect(messages.count == 1)
    #expect(messages.first?.contains(#"−   transition: "green —tick→ yellow","#) == true)
  }
}
