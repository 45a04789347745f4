import FeedbackLoop
import Testing

@Suite struct TransitionsTests {
  enum Light: Hashable, Sendable { case red, green, yellow, off }
  enum Signal: Hashable, Sendable { case tick, emergency, power(on: Bool) }

  static func run<State, Event>(_ system: System<State, Event>, _ events: [Event]) -> (State, [String]) {
    let log = ActivityLog<State, Event>()
    let loop = Loop(system, onStep: log.monitor)
    for event in events { loop.send(event) }
    return (loop.state, log.all.filter { !$0.hasPrefix("start") })
  }

  @Test func aSpecificSourceBeatsTheWildcardWhateverTheDeclarationOrder() {
    let system = System<Light, Signal>(initial: .green) {
      Transitions {
        Transition(from: .any, on: .tick, to: .off)  // declared first, but least specific
        Transition(from: .green, on: .tick, to: .yellow)
      }
    }
    let (state, log) = Self.run(system, [.tick, .tick])
    #expect(state == .off)
    #expect(
      log == ["reduce tick from external: green -> yellow [t1]", "reduce tick from external: yellow -> off [t0]"])
  }

  /// Issue 19, tests the suite lacked (1): the source's specificity is compared before the
  /// event's, so a specific source on any event beats any source on a specific event.
  @Test func aSpecificSourceOnAnyEventBeatsAnySourceOnASpecificEvent() {
    let system = System<Light, Signal>(initial: .green) {
      Transitions {
        Transition(from: .any, on: .tick, to: .off)  // the more specific event, declared first
        Transition(from: .green, on: .any, to: .yellow)  // the more specific source
        Transition(from: .case("yellow"), on: .any, to: .red)
        Transition(from: .type(Light.self), on: .value(.tick), to: .green)
      }
    }
    let (state, log) = Self.run(system, [.tick, .tick, .tick])
    #expect(state == .green)
    #expect(
      log == [
        "reduce tick from external: green -> yellow [t1]", "reduce tick from external: yellow -> red [t2]",
        "reduce tick from external: red -> green [t3]",
      ])
  }

  @Test func aSpecificEventBeatsACaseAndTiesGoToDeclarationOrder() {
    let system = System<Light, Signal>(initial: .off) {
      Transitions {
        Transition(from: .off, on: .case("power"), to: .yellow)
        Transition(from: .off, on: .power(on: true), to: .red)
        Transition(from: .off, on: .power(on: true), to: .green)  // never: t1 comes first
      }
    }
    #expect(Self.run(system, [.power(on: true)]).0 == .red)
    #expect(Self.run(system, [.power(on: false)]).0 == .yellow)
  }

  @Test func aFailingGuardFallsThroughToTheNextCandidate() {
    let system = System<Int, Signal>(initial: 0) {
      Transitions {
        Transition(from: .type(Int.self), on: .tick, label: "+ 10") { state, _ in state + 10 }
          .guarded("below 10") { state, _ in state < 10 }
        Transition(from: .any, on: .tick, targets: [.any]) { _, _ in -1 }
      }
    }
    let (state, log) = Self.run(system, [.tick, .tick])
    #expect(state == -1)
    #expect(log == ["reduce tick from external: 0 -> 10 [t0]", "reduce tick from external: 10 -> -1 [t1]"])
  }

  @Test func enumCasesMatchWhateverTheirPayload() {
    enum Phase: Hashable, Sendable { case loading(page: Int), loaded(count: Int) }
    enum Event: Hashable, Sendable { case done(Int) }
    let system = System<Phase, Event>(initial: .loading(page: 3)) {
      Transitions {
        Transition(from: .case("loading"), on: .case("done"), targets: [.case("loaded")]) { _, event in
          guard case .done(let count) = event else { fatalError() }
          return .loaded(count: count)
        }
      }
    }
    #expect(Self.run(system, [.done(42)]).0 == .loaded(count: 42))
  }

  @Test func typeKeyedStatesAndEvents() {
    let (state, _) = Self.run(VolumeLike.system, [VolumeLike.Up(), VolumeLike.Up(), VolumeLike.Mute()])
    #expect((state as? VolumeLike.Muted) != nil)
  }

  @Test func aResultOutsideTheDeclaredTargetsIsReportedAsUndeclared() {
    let system = System<Light, Signal>(initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, targets: [.value(.green)]) { _, _ in .yellow }
      }
    }
    let (state, log) = Self.run(system, [.tick])
    #expect(state == .yellow)  // it happened…
    #expect(log == ["undeclared tick: red -> yellow [t0]"])  // …and was reported
  }

  @Test func anEventNoTransitionAcceptsIsIgnoredAndRunsNoFeedback() {
    let reactions = Box(0)
    let system = System<Light, Signal>(initial: .red) {
      Transitions { Transition(from: .green, on: .tick, to: .yellow) }
      Feedback("count") { (_: Light) -> Effect<Signal> in
        reactions.update { $0 += 1 }
        return .none
      }
    }
    let (state, log) = Self.run(system, [.tick])
    #expect(state == .red)
    #expect(log == ["ignore tick from external in red"])
    #expect(reactions.current == 1)  // the initial state only
  }

  @Test func ifAndForWorkInsideTransitions() {
    let lights: [Light] = [.red, .green]
    let includeOff = true
    let system = System<Light, Signal>(initial: .red) {
      Transitions {
        for light in lights { Transition(from: light, on: .emergency, to: .yellow) }
        if includeOff {
          Transition(from: .yellow, on: .power(on: false), to: .off)
        } else {
          Transition(from: .yellow, on: .power(on: false), to: .red)
        }
      }
    }
    #expect(Self.run(system, [.emergency, .power(on: false)]).0 == .off)
    #expect(system.graph.transitions.map(\.id) == [0, 1, 2])
  }

  @Test func aReducerAfterTransitionsSeesTheirResult() {
    let system = System<Int, Signal>(initial: 1) {
      Transitions { Transition(from: .type(Int.self), on: .tick) { state, _ in state * 10 } }
      Reducer { state, _ in state += 1 }
    }
    #expect(Self.run(system, [.tick]).0 == 11)
  }
}

/// States and events as types, as in Feedbacks.
enum VolumeLike {
  protocol State: Sendable {}
  protocol Event: Sendable {}
  struct Level: State { var value: Int }
  struct Muted: State {}
  struct Up: Event {}
  struct Mute: Event {}

  static var system: System<any State, any Event> {
    System(initial: Level(value: 0)) {
      Transitions {
        Transition(from: .type(Level.self), on: .type(Up.self), label: "value + 1") { state, _ in
          Level(value: (state as? Level).map { $0.value + 1 } ?? 0)
        }
        Transition(from: .any, on: .type(Mute.self), to: Muted())
      }
    }
  }
}
