import FeedbackLoop
import Testing

/// `ListBuilder` gives every block of the library `if`, `else`, `switch` and `for`: each
/// branch taken adds its lines, in order; a false `if` and an empty `for` add none.
@Suite struct ListBuilderTests {
  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick }

  static func feedbackNames(first: Bool, optional: Bool, passes: Int, mode: Int) -> [String] {
    let system = System<Light, Signal>(initial: .red) {
      Transitions { Transition(from: .red, on: .tick, to: .green) }
      Feedbacks {
        if first {
          Feedback<Light, Signal>("first") { _ in .none }
        } else {
          Feedback<Light, Signal>("second") { _ in .none }
        }
        if optional { Feedback<Light, Signal>("optional") { _ in .none } }
        for pass in 0..<passes { Feedback<Light, Signal>("pass \(pass)") { _ in .none } }
        switch mode {
        case 0: Feedback<Light, Signal>("mode 0") { _ in .none }
        case 1: Feedback<Light, Signal>("mode 1") { _ in .none }
        default: Feedback<Light, Signal>("mode other") { _ in .none }
        }
      }
    }
    return system.feedbacks.map(\.name)
  }

  @Test func eachBranchTakenAddsItsLinesInOrder() {
    #expect(
      Self.feedbackNames(first: true, optional: true, passes: 2, mode: 0) == [
        "first", "optional", "pass 0", "pass 1", "mode 0",
      ])
    #expect(Self.feedbackNames(first: false, optional: false, passes: 0, mode: 1) == ["second", "mode 1"])
    #expect(
      Self.feedbackNames(first: false, optional: false, passes: 1, mode: 7) == ["second", "pass 0", "mode other"])
  }

  @Test func theElseBranchOfATransitionsBlockIsTheOneThatFires() {
    for toGreen in [true, false] {
      let system = System<Light, Signal>(initial: .red) {
        Transitions {
          if toGreen {
            Transition(from: .red, on: .tick, to: .green)
          } else {
            Transition(from: .red, on: .tick, to: .yellow)
          }
        }
      }
      let loop = Loop(system)
      loop.send(.tick)
      #expect(loop.state == (toGreen ? .green : .yellow))
    }
  }
}
