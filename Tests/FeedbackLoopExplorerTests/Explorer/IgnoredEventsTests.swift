import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// The events no transition accepts, as ``Exploration/ignoredEvents`` reports them: named
/// when reported, one entry per state node and event node, in the order first met.
@Suite struct IgnoredEventsTests {
  enum Door: Hashable, Sendable { case closed(Int), open(Int), locked }
  enum Action: Hashable, Sendable { case open, close, lock(code: Int), knock }

  static func system() -> System<Door, Action> {
    System(initial: .closed(0)) {
      Transitions {
        Transition(from: .case("closed"), on: .open, targets: [.case("open")]) { state, _ in
          guard case .closed(let count) = state else { return state }
          return .open(min(count + 1, 2))
        }
        Transition(from: .case("open"), on: .close, targets: [.case("closed")]) { state, _ in
          guard case .open(let count) = state else { return state }
          return .closed(count)
        }
        Transition(from: .case("closed"), on: .case("lock"), to: .locked)
          .guarded("code 7") { _, event in event == .lock(code: 7) }
      }
    }
  }

  @Test func ignoredEventsAreNamedPerStateAndEventInTheOrderFound() {
    let events: [Action] = [.open, .close, .lock(code: 7), .lock(code: 1), .knock]
    let exploration = Explorer(Self.system(), events: events).run()
    #expect(exploration.isComplete)
    let ignored = exploration.ignoredEvents.map { "\($0.state): \($0.events.joined(separator: ", "))" }
    #expect(ignored == ["closed: close, lock, knock", "open: open, lock, knock", "locked: open, close, lock, knock"])
  }

  @Test func statesNamedByAClosureAreNamedOneByOne() {
    let system = Self.system().namingStates { state in
      switch state {
      case .closed(let count), .open(let count): "door\(count)"
      case .locked: "locked"
      }
    }
    let exploration = Explorer(system, events: [.open, .close, .knock]).run()
    let ignored = exploration.ignoredEvents.map { "\($0.state): \($0.events.joined(separator: ", "))" }
    #expect(ignored == ["door0: close, knock", "door1: open, knock, close", "door2: open, knock, close"])
  }
}
