import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// The "Exploring" article's checkout snippet, verbatim, and what it finds.
@Suite struct ExploringArticleTests {
  @Test func theArticlesCheckoutExplorerFindsEachSeededBugAndIsQuietWhenFixed() {
    func findings(_ bugs: Checkout.Bugs) -> [String] {
      Checkout.$bugs.withValue(bugs) {
        let explorer = Explorer(Checkout.system(Checkout.bugs), events: [.pay, .cancel])
          .final(in: .value(.confirmed), .value(.declined), .value(.cancelled))
          .waits(in: .value(.cart))
          .property("cancelled stays cancelled") { before, _, after in before != .cancelled || after == .cancelled }
          .property("an attempt number never goes down") { before, _, after in
            guard case .paying(let was) = before, case .paying(let now) = after else { return true }
            return now >= was
          }
          .progress(in: .value(.confirmed))
        return explorer.run().findings.map(\.message)
      }
    }
    #expect(findings([]) == [])
    #expect(
      findings(.lateResult).suffix(2) == [
        "Final state left after 3 events: .pay, .cancel, .authorized (from payment): cancelled —authorized (from payment)→ confirmed, a move out of a final state.",
        #"Effect in flight at the end after 2 events: .pay, .cancel: payment's effect is still running in cancelled, a final state (if it may outlive the loop's end, say so with effectsMayOutliveTheEnd("payment"))."#,
      ])
    #expect(
      findings(.resetsAttempt) == [
        #"Property "an attempt number never goes down" is broken after 4 events: .pay, .failed (from payment), .failed (from payment), .failed (from payment): paying(attempt: 3) —failed (from payment)→ paying(attempt: 1)."#,
        "Non-progress cycle after 1 event: .pay, then forever: .failed (from payment), .failed (from payment), .failed (from payment), back to paying(attempt: 1) (the same explored state); no progress, final or waiting state on the way (progress(when:)).",
      ])
  }
}
