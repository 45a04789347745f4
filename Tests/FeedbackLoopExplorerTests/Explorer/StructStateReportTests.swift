import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// Reports of systems whose state is a struct (one graph node for every state).
@Suite struct StructStateReportTests {
  struct Machine: Hashable, Sendable {
    var stock = 1
    var credit = 0
  }

  enum Coin: Hashable, Sendable { case coin, vend }

  @Test func ignoredEventsAreListedOnceWithoutTheNodeName() {
    let system = System<Machine, Coin>("Vending", initial: Machine()) {
      Transitions {
        Transition(from: .any, on: .coin, label: "credit", targets: [.any]) { state, _ in
          var next = state
          next.credit = min(1, state.credit + 1)
          return next
        }
        Transition(from: .case("Machine", where: { $0.credit > 0 && $0.stock > 0 }), on: .vend, label: "vend") {
          state, _ in
          Machine(stock: state.stock - 1, credit: 0)
        }
      }
    }
    let report = Explorer(system, events: [.coin, .vend]).final { $0.stock == 0 }.run().report
    #expect(
      report.hasSuffix(
        "Events ignored in some states (no declared transition accepts them; not findings): vend"), "\(report)")
  }
}
