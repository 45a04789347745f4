import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// A system whose states are a protocol type (Feedbacks' style) is recorded like any other
/// once the test says how to compare states: the same assertions, diffs and messages.
@Suite struct ProtocolStateRecorderTests {
  protocol SpeakerState: Sendable {}
  struct Level: SpeakerState, Hashable { var value: Int }
  struct Muted: SpeakerState, Hashable {}
  /// Not `Hashable`: it equals nothing under `areEqualAsHashable`.
  struct Broken: SpeakerState {}
  enum Press: Hashable, Sendable { case up, mute, smash }

  static let speaker = System<any SpeakerState, Press>("Speaker", initial: Level(value: 5)) {
    Transitions {
      Transition(from: .type(Level.self), on: .up, label: "value + 1", targets: [.type(Level.self)]) { state, _ in
        Level(value: (state as! Level).value + 1)
      }
      Transition(from: .type(Level.self), on: .mute, to: Muted())
      Transition(from: .any, on: .smash, to: Broken())
    }
  }

  @Test func aProtocolTypedStateIsRecordedAndCompared() {
    let loop = LoopRecorder(Self.speaker, comparingStates: areEqualAsHashable)
    loop.send(.up) { $0 = Level(value: 6) }
    loop.send(.mute) { $0 = Muted() }
    loop.send(.up)  // no transition from Muted: ignored, the state stays
    #expect(loop.state is Muted)
  }

  @Test func aMismatchReadsAsForAnyState() {
    let messages = failureMessages {
      let loop = LoopRecorder(Self.speaker, comparingStates: areEqualAsHashable)
      loop.send(.up) { $0 = Level(value: 7) }
    }
    #expect(
      messages == [
        """
        State mismatch after send(up) at step #1.

          (Expected: −, Actual: +)
          − ProtocolStateRecorderTests.Level(value: 7)
          + ProtocolStateRecorderTests.Level(value: 6)

        Timeline (last steps):
          #0   0s      initial    Level(value: 5)
          #1   0s      event      up from external: Level(value: 5) → Level(value: 6) via Level —up→ Level (value + 1)

        To fix: make the closure of send(up) describe the state the loop reached (lines marked +), or fix the transition that produced it.
        """
      ])
  }

  @Test func statesOfDifferentTypesAreDifferent() {
    #expect(!areEqualAsHashable(Level(value: 1) as any SpeakerState, Muted() as any SpeakerState))
    #expect(areEqualAsHashable(Level(value: 1) as any SpeakerState, Level(value: 1) as any SpeakerState))
    #expect(!areEqualAsHashable(Broken() as any SpeakerState, Broken() as any SpeakerState))
  }

  @Test func theTestsOwnComparisonIsTheOneUsed() {
    // Levels compared by parity only: 5 → 6 "equals" 8.
    let loop = LoopRecorder(
      Self.speaker,
      comparingStates: { lhs, rhs in
        guard let lhs = lhs as? Level, let rhs = rhs as? Level else { return false }
        return lhs.value % 2 == rhs.value % 2
      })
    loop.send(.up) { $0 = Level(value: 8) }
  }
}
