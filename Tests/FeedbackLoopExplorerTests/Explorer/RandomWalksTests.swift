import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// Seeded random walks, shrunk to a minimal failing sequence.
@Suite struct RandomWalksTests {
  let explorer = Explorer(Models.counters, events: [.incA, .incB, .nextMode])
    .invariant("a + b stays below 5") { $0.a + $0.b < 5 }

  @Test func aFailingWalkShrinksToAKnownMinimalSequence() throws {
    let walks = explorer.randomWalks(count: 10, length: 40, seed: 6)
    let failure = try #require(walks.failure)
    let events = try #require(failure.path?.events)
    // 1-minimal: five increments and nothing else.
    #expect(events.count == 5)
    #expect(!events.contains(.nextMode))
    #expect(try #require(walks.unshrunkLength) > 5)
    #expect(
      walks.report == """
        Walked Counters: 1 walk, 14 events (seed 6).
        1 finding (shrunk from 14 events):
        1. Invariant "a + b stays below 5" is violated after 5 events: .incA, .incB, .incA, .incA, .incB: Counters(a: 3, b: 2, mode: 0) (walk 1, seed 6).
        """)
  }

  @Test func theSameSeedGivesTheSameWalks() {
    #expect(
      explorer.randomWalks(count: 10, length: 40, seed: 7).report
        == explorer.randomWalks(count: 10, length: 40, seed: 7).report)
  }

  @Test func shrinkingFindsAnUndeclaredTransition() throws {
    let walks = Explorer(Models.job, events: [.tick, .start, .tick]).randomWalks(count: 20, length: 30, seed: 3)
    let failure = try #require(walks.failure)
    #expect(failure.kind == .undeclaredTransition(TransitionID(1)))
    #expect(failure.path?.events == [.start, .tick, .tick, .tick])
  }

  @Test func aWalkIntoADeadlockIsShrunkToTheEventThatLocksIt() throws {
    let explorer = Explorer(Models.door, events: [.open, .close, .lock])
    let walks = explorer.randomWalks(count: 10, length: 20, seed: 4)
    let failure = try #require(walks.failure)
    #expect(failure.kind == .deadlock)
    #expect(failure.path?.events == [.lock])
    #expect(
      failure.message.hasPrefix(
        "Deadlock after 1 event: .lock: no event changes locked, and it is not marked final (walk "))
    #expect(explorer.final { $0 == .locked }.randomWalks(count: 10, length: 20, seed: 4).failure == nil)
  }

  @Test func walksWithoutAFailureSaySoWithoutClaimingAProof() {
    // `nextMode` always changes the state: no deadlock.
    let walks = Explorer(Models.counters, events: [.incA, .nextMode]).invariant("a <= 3") { $0.a <= 3 }
      .randomWalks(count: 3, length: 10, seed: 1)
    #expect(walks.failure == nil)
    #expect(
      walks.report
        == "Walked Counters: 3 walks, 30 events (seed 1).\nNo findings on these walks (a sample, not a proof).")
  }
}
