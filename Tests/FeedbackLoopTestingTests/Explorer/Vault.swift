import FeedbackLoop
import FeedbackLoopExplorer

/// A vault door with declared transitions and no feedback (the explorer's path for
/// systems whose feedbacks do not react): closed, open, ajar (pushed halfway), locked for
/// good. The second system the meaning checks find their seeded bugs in.
enum Vault {
  enum State: Hashable, Sendable { case closed, open, ajar, locked }
  enum Event: Hashable, Sendable { case open, push, lock }

  struct Bugs: OptionSet, Sendable {
    let rawValue: Int
    /// A push from ajar swings the door open again instead of closing it: open and ajar
    /// take turns forever, never passing closed.
    static let swings = Bugs(rawValue: 1)
    /// `open` opens a locked vault: a final state is left.
    static let unlocks = Bugs(rawValue: 2)
  }

  static func system(_ bugs: Bugs = []) -> System<State, Event> {
    System<State, Event>("Vault", initial: .closed) {
      Transitions {
        Transition(from: .closed, on: .open, to: .open)
        Transition(from: .open, on: .push, to: .ajar)
        if bugs.contains(.swings) {
          Transition(from: .ajar, on: .push, to: .open)
        } else {
          Transition(from: .ajar, on: .push, to: .closed)
        }
        Transition(from: .closed, on: .lock, to: .locked)
        if bugs.contains(.unlocks) {
          Transition(from: .locked, on: .open, to: .open)
        }
      }
    }
  }

  static func explorer(_ bugs: Bugs = []) -> Explorer<State, Event> {
    Explorer(system(bugs), events: [.open, .push, .lock])
      .final(in: .value(.locked))
      .waits(in: .value(.closed))
      .property("a locked vault stays locked") { before, _, after in before != .locked || after == .locked }
      .progress(in: .value(.closed))
  }
}
