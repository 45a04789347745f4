import FeedbackLoop
import Testing

/// The doc comments' examples of `Transition`, `StatePattern` and `EventPattern`, verbatim
/// (DocCommentMirrorCheckTests), run on loops.
@Suite(.timeLimit(.minutes(3))) struct TransitionDocCommentTests {
  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick, emergency }
  enum Page: Hashable, Sendable { case idle, loading(Int), retrying(Int), loaded }
  enum PageEvent: Hashable, Sendable { case didLoad(Int), cancel }
  struct VolumeState: Hashable, Sendable { var value: Int }
  protocol VolumeEvent: Sendable {}
  struct Increase: VolumeEvent {}
  enum Form: Hashable, Sendable {
    case editing, blank, submitting
    var isValid: Bool { self != .blank }
  }
  enum FormEvent: Hashable, Sendable { case submit }

  /// The state reached from `initial` by `events` under `transitions`.
  static func run<State: Sendable, Event: Sendable>(
    _ transitions: [Transition<State, Event>], from initial: State, _ events: [Event]
  ) -> State {
    let loop = Loop(
      System<State, Event>("Run", initial: initial) {
        Transitions { for transition in transitions { transition } }
      })
    for event in events { loop.send(event) }
    defer { loop.stop() }
    return loop.state
  }

  /// `EventPattern`: a value, a case with any payload, a type and any event each match.
  @Test func eachEventPatternMatchesWhatItsCommentSays() {
    // one value
    let tick = Transition<Light, Signal>(from: .red, on: .tick, to: .green)
    // every value of an enum case, whatever its payload
    let didLoad = Transition<Page, PageEvent>(from: .case("loading"), on: .case("didLoad"), to: .loaded)
    // every value of a type (for events of a protocol type)
    let increase = Transition<VolumeState, any VolumeEvent>(from: .type(VolumeState.self), on: .type(Increase.self)) {
      state, _ in VolumeState(value: state.value + 1)
    }
    // any event
    let reset = Transition<Light, Signal>(from: .yellow, on: .any, to: .red)

    #expect(Self.run([tick], from: .red, [.tick]) == .green)
    #expect(Self.run([didLoad], from: .loading(3), [.didLoad(7)]) == .loaded)
    #expect(Self.run([increase], from: VolumeState(value: 1), [Increase(), Increase()]) == VolumeState(value: 3))
    #expect(Self.run([reset], from: .yellow, [.emergency]) == .red)
    let loaded: EventPattern<PageEvent> =
      .case("didLoad", where: { if case .didLoad = $0 { true } else { false } })
    #expect(loaded.matches(.didLoad(1)))
    #expect(!loaded.matches(.cancel))
  }

  /// `StatePattern`: a value, a case, several cases, a type and any state each match.
  @Test func eachStatePatternMatchesWhatItsCommentSays() {
    // one value
    let tick = Transition<Light, Signal>(from: .red, on: .tick, to: .green)
    // every value of an enum case, whatever its payload
    let didLoad = Transition<Page, PageEvent>(from: .case("loading"), on: .case("didLoad"), to: .loaded)
    // several enum cases
    let cancel = Transition<Page, PageEvent>(from: .cases("loading", "retrying"), on: .cancel, to: .idle)
    // every value of a type (for states of a protocol type)
    let increase = Transition<VolumeState, any VolumeEvent>(from: .type(VolumeState.self), on: .type(Increase.self)) {
      state, _ in VolumeState(value: state.value + 1)
    }
    // any state
    let emergency = Transition<Light, Signal>(from: .any, on: .emergency, to: .red)

    #expect(Self.run([tick], from: .green, [.tick]) == .green)  // not from green
    #expect(Self.run([didLoad], from: .retrying(1), [.didLoad(1)]) == .retrying(1))
    #expect(Self.run([cancel], from: .retrying(1), [.cancel]) == .idle)
    #expect(Self.run([increase], from: VolumeState(value: 0), [Increase()]) == VolumeState(value: 1))
    #expect(Self.run([emergency], from: .yellow, [.emergency]) == .red)
    let loading: StatePattern<Page> =
      .case("loading", where: { if case .loading = $0 { true } else { false } })
    #expect(loading.matches(.loading(2)))
    #expect(!loading.matches(.loaded))
  }

  /// `Transition`: fixed and computed targets, and a guard that holds.
  @Test func transitionsReduceAsTheirCommentSays() {
    let light = System<Light, Signal>("Light", initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .any, on: .emergency, to: .red)
      }
    }
    let volume = System<VolumeState, any VolumeEvent>("Volume", initial: VolumeState(value: 0)) {
      Transitions {
        Transition(from: .type(VolumeState.self), on: .type(Increase.self), label: "value + 1") {
          state, _ in VolumeState(value: state.value + 1)
        }
      }
    }
    let form = System<Form, FormEvent>("Form", initial: .editing) {
      Transitions {
        Transition(from: .editing, on: .submit, to: .submitting)
          .guarded("form is valid") { state, _ in state.isValid }
      }
    }

    let lights = Loop(light)
    lights.send(.tick)
    #expect(lights.state == .green)
    lights.send(.emergency)
    #expect(lights.state == .red)
    let volumes = Loop(volume)
    volumes.send(Increase())
    #expect(volumes.state == VolumeState(value: 1))
    #expect(volume.graph.transitions.map(\.label) == ["value + 1"])
    let forms = Loop(form)
    forms.send(.submit)
    #expect(forms.state == .submitting)
    lights.stop()
    volumes.stop()
    forms.stop()
  }
}
