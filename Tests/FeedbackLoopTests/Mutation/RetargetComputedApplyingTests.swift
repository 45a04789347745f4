import FeedbackGraph
import FeedbackLoop
import Testing

/// `System.applying(_:decodingState:)` for a ``MutationOperator/retargetComputed``: the
/// computed transition returns the mutant's state whatever it computes, and the mutant does
/// not apply without a state of its target case.
@Suite struct RetargetComputedApplyingTests {
  enum Payment: Hashable, Sendable { case cart(total: Int), paid(receipt: Int), declined(reason: String) }
  enum Checkout: Hashable, Sendable { case pay(card: String) }

  static let payment = System<Payment, Checkout>("Payment", initial: .cart(total: 30)) {
    Transitions {
      Transition(
        from: .case("cart"), on: .case("pay"), label: "charge", targets: [.case("paid"), .case("declined")]
      ) { state, event in
        guard case .cart(let total) = state, case .pay(let card) = event else { return state }
        return card == "valid" ? .paid(receipt: total) : .declined(reason: "card \(card)")
      }
    }
  }

  /// The mutant that always returns a `target` (its value still to be given).
  static func mutant(_ target: String) throws -> Mutant {
    var mutant = try #require(
      payment.graph.mutants.first { $0.mutation == .retargetComputed && $0.target == target },
      "\(payment.graph.mutants.map(\.name))")
    mutant.value = "recorded \(target)"
    return mutant
  }

  /// The states the stand-in decoder knows, by the text a mutant carries.
  static let decode: @Sendable (String) -> Payment? = { text in
    ["recorded paid": .paid(receipt: 99), "recorded declined": .declined(reason: "stolen")][text]
  }

  static func next(_ system: System<Payment, Checkout>, _ event: Checkout) -> Payment? {
    if case .reduced(let next, _) = system.reduce(.cart(total: 30), event) { return next }
    return nil
  }

  @Test func theTransitionReturnsTheMutantsStateWhateverItComputes() throws {
    let paid = try #require(Self.payment.applying(try Self.mutant("paid"), decodingState: Self.decode))
    #expect(Self.next(paid, .pay(card: "expired")) == .paid(receipt: 99))
    #expect(Self.next(paid, .pay(card: "valid")) == .paid(receipt: 99))
    let declined = try #require(Self.payment.applying(try Self.mutant("declined"), decodingState: Self.decode))
    #expect(Self.next(declined, .pay(card: "valid")) == .declined(reason: "stolen"))
    #expect(Self.next(Self.payment, .pay(card: "valid")) == .paid(receipt: 30))
  }

  @Test func withoutAStateOfItsTargetCaseTheMutantDoesNotApply() throws {
    let paid = try Self.mutant("paid")
    #expect(Self.payment.applying(paid) == nil)  // no decoder: the runtime decodes no JSON
    #expect(Self.payment.applying(paid, decodingState: { _ in nil }) == nil)
    #expect(Self.payment.applying(paid, decodingState: { _ in .declined(reason: "x") }) == nil)  // another case
    var unfilled = paid
    unfilled.value = nil
    #expect(Self.payment.applying(unfilled, decodingState: Self.decode) == nil)
  }

  @Test func onlyAComputedTransitionWithSeveralTargetsIsRetargetedAmongThem() throws {
    let names = Self.payment.graph.mutants.filter { $0.mutation == .retargetComputed }.map(\.name)
    #expect(
      names == [
        "Payment: cart —pay→ always a recorded paid (was {paid, declined}) (charge)",
        "Payment: cart —pay→ always a recorded declined (was {paid, declined}) (charge)",
      ])
    #expect(
      Self.payment.graph.mutants.filter { $0.mutation == .retargetComputed }.map(\.id).allSatisfy {
        $0.hasPrefix("Payment/retargetComputed/") && ($0.hasSuffix("/paid") || $0.hasSuffix("/declined"))
      })
    let counter = System<Int, Checkout>("Counter", initial: 0) {
      Transitions { Transition(from: .any, on: .case("pay"), label: "+ 1") { state, _ in state + 1 } }
    }
    #expect(!counter.graph.mutants.contains { $0.mutation == .retargetComputed })  // one target: nothing to pick
  }
}
