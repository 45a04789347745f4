@testable import FeedbackLoop
import Testing

/// `SlotLogic.keepsOnRepeat`: the explorer skips the decisions of a move that leaves the
/// state as it was when every feedback says it keeps on a repeat. What a user may believe
/// when these pass: the kinds that say so really keep, memory untouched, when they decide
/// again on the state they last decided on, whatever came before and whatever the event;
/// the kinds that start an effect for every state do not say so; composing keeps the
/// answer. (`FlatMoveTests` checks the skip itself against the general path.)
@Suite struct KeepsOnRepeatTests {
  enum Event: Equatable, Sendable { case tick, other }

  /// A state's derived values: a predicate (`n` is even), an optional query (`n / 2`
  /// below 4, else `nil`).
  static func isEven(_ n: Int) -> Bool { n % 2 == 0 }
  static func half(_ n: Int) -> Int? { n < 8 ? n / 2 : nil }

  static let effect: @Sendable (Int) -> Effect<Event> = { _ in .send(.tick) }

  static let repeating: [(String, Feedback<Int, Event>)] = [
    ("whenBecomesTrue", .whenBecomesTrue("f", { isEven($0) }, effect: effect)),
    ("skippingRepeated", .skippingRepeated("f", { half($0) }, effect: effect)),
    ("lensing", .lensing("f", { half($0) }, effect: effect)),
    ("firstValueAfterNil", .firstValueAfterNil("f", { half($0) }, effect: effect)),
  ]

  static let everyState: [(String, Feedback<Int, Event>)] = [
    ("reacting", .reacting("f") { _, _ in .send(.tick) }),
    ("when", .when("f", { isEven($0) }, effect: effect)),
    ("on(type)", .on("f", Int.self, effect: effect)),
    ("init(effect:)", Feedback("f", effect: effect)),
  ]

  static func logic(_ feedback: Feedback<Int, Event>) -> SlotLogic<Int, Event>? {
    guard case .slot(let logic) = feedback.definition else { return nil }
    return logic
  }

  static func isKeep(_ decision: SlotDecision<Event>) -> Bool {
    if case .keep = decision { true } else { false }
  }

  /// Every path of up to three states from 0…9, then the last state again, with either event.
  @Test(arguments: repeating.map(\.0))
  func theKindsThatSaySoKeepWithTheirMemoryOnARepeat(_ name: String) throws {
    let feedback = try #require(Self.repeating.first { $0.0 == name }?.1)
    let logic = try #require(Self.logic(feedback))
    #expect(logic.keepsOnRepeat, "\(name) should say it keeps on a repeat")
    var checked = 0
    for first in 0..<10 {
      for second in 0..<10 {
        for third in 0..<10 {
          var memory = logic.initial
          for state in [first, second, third] { _ = logic.decide(&memory, state, .other) }
          for event in [Event.tick, .other, nil] {
            var again = memory
            let decision = logic.decide(&again, third, event)
            #expect(Self.isKeep(decision), "\(name) after \([first, second, third]) did not keep on \(third) again")
            #expect(again == memory, "\(name) after \([first, second, third]) changed its memory on \(third) again")
            checked += 1
          }
        }
      }
    }
    #expect(checked == 3_000)
  }

  @Test(arguments: everyState.map(\.0))
  func theKindsThatStartForEveryStateDoNotSaySo(_ name: String) throws {
    let feedback = try #require(Self.everyState.first { $0.0 == name }?.1)
    let logic = try #require(Self.logic(feedback))
    #expect(!logic.keepsOnRepeat, "\(name) starts an effect for every state: it must not say it keeps on a repeat")
    // And it really does not keep: deciding twice on 0 starts again.
    var memory = logic.initial
    _ = logic.decide(&memory, 0, nil)
    #expect(!Self.isKeep(logic.decide(&memory, 0, .tick)))
  }

  @Test func composingKeepsTheAnswer() throws {
    struct Parent: Sendable { var child: Int }
    let repeating = Feedback<Int, Event>.skippingRepeated("f", { Self.half($0) }, effect: Self.effect)
    let pulled = repeating.pullback(state: \Parent.child, event: { $0 })
    guard case .slot(let pulledLogic) = pulled.definition else {
      Issue.record("a pulled-back slot feedback is a slot feedback")
      return
    }
    #expect(pulledLogic.keepsOnRepeat)
    let everyState = Feedback<Int, Event>.when("f", { Self.isEven($0) }, effect: Self.effect)
    guard case .slot(let everyLogic) = everyState.pullback(state: \Parent.child, event: { $0 }).definition else {
      Issue.record("a pulled-back slot feedback is a slot feedback")
      return
    }
    #expect(!everyLogic.keepsOnRepeat)
    let mapped = try #require(Self.logic(repeating)).keepsOnRepeat
    guard case .slot(let mutated) = repeating.definition.mappingEffects({ $0 }) else {
      Issue.record("a slot feedback with its effects mapped is a slot feedback")
      return
    }
    #expect(mutated.keepsOnRepeat == mapped)
  }
}
