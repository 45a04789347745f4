import FeedbackLoop

/// Small systems with known state spaces, for the explorer's tests.
enum Models {
  /// Two counters 0…3 and a mode 0…2 (the benchmark's model, smaller): 48 states,
  /// 120 state-changing transitions, depth 8.
  struct Counters: Hashable, Sendable, Codable {
    var a = 0, b = 0, mode = 0
  }

  enum CountersEvent: Hashable, Sendable, Codable { case incA, incB, nextMode }

  static let counters = System<Counters, CountersEvent>("Counters", initial: Counters()) { state, event in
    switch event {
    case .incA: if state.a < 3 { state.a += 1 }
    case .incB: if state.b < 3 { state.b += 1 }
    case .nextMode: state.mode = (state.mode + 1) % 3
    }
  }

  /// A door that can be locked but never unlocked: `locked` is a deadlock.
  enum Door: Hashable, Sendable, Codable { case closed, open, locked }
  enum DoorEvent: Hashable, Sendable, Codable { case open, close, lock }

  static let door = System<Door, DoorEvent>("Door", initial: .closed) {
    Transitions {
      Transition(from: .closed, on: .open, to: .open)
      Transition(from: .open, on: .close, to: .closed)
      Transition(from: .closed, on: .lock, to: .locked)
    }
  }

  /// A turnstile with a repair transition from a state nothing leads to.
  enum Turnstile: Hashable, Sendable, Codable { case locked, unlocked, broken }
  enum TurnstileEvent: Hashable, Sendable, Codable { case coin, push, repair }

  static let turnstile = System<Turnstile, TurnstileEvent>("Turnstile", initial: .locked) {
    Transitions {
      Transition(from: .locked, on: .coin, to: .unlocked)
      Transition(from: .unlocked, on: .push, to: .locked)
      Transition(from: .broken, on: .repair, to: .locked)
    }
  }

  /// A job whose `tick` counts to 3, then computes `done`, which its transition does not
  /// declare among its targets.
  enum Job: Hashable, Sendable, Codable { case idle, running(Int), done }
  enum JobEvent: Hashable, Sendable, Codable { case start, tick }

  static let job = System<Job, JobEvent>("Job", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .start, to: .running(0))
      Transition(from: .case("running"), on: .tick, label: "count", targets: [.case("running")]) { state, _ in
        guard case .running(let count) = state else { return state }
        return count == 2 ? .done : .running(count + 1)
      }
    }
  }
}
