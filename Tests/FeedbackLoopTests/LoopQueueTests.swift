import Foundation
import FeedbackLoop
import Testing

@Suite(.timeLimit(.minutes(3))) struct LoopQueueTests {
  enum Event: Hashable, Sendable { case increment }

  /// A system whose feedback answers every state below `limit` with one more increment.
  static func chain(limit: Int) -> System<Int, Event> {
    System(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("next") { (state: Int) -> Effect<Event> in
        state < limit ? .send(.increment) : .none
      }
    }
  }

  /// A million cycles; 20,000 under ThreadSanitizer, where a million take minutes and the
  /// stack bound below is still 40 times too small for a recursion per cycle.
  #if FEEDBACKLOOP_TSAN_LOCKS
    static let cycles = 20_000
  #else
    static let cycles = 1_000_000
  #endif

  // The test below waits for its thread by awaiting, not by blocking: a test that blocks
  // holds one of the cooperative pool's threads (two on two cores) for as long as it runs,
  // and under ThreadSanitizer that starved every other suite's effects. (Eight threads
  // sending at once: FeedbackLoopConcurrencyTests.)

  @Test func aMillionSynchronousCyclesRunInAFlatStack() async throws {
    // Run on a thread with a 256 KiB stack: recursion per cycle would overflow it long
    // before a million cycles (ReactiveFeedback overflows an 8 MiB stack at ~2,000).
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
      let thread = Thread {
        let loop = Loop(Self.chain(limit: Self.cycles))
        continuation.resume(returning: loop.state)
      }
      thread.stackSize = 256 * 1024
      thread.start()
    }
    #expect(result == Self.cycles)
  }

  @Test func eventsAreReducedInFIFOOrderAndFeedbackEmissionsAreQueued() {
    enum Step: Hashable, Sendable { case a, b, c, fromFeedback }
    let log = ActivityLog<[Step], Step>()
    let system = System<[Step], Step>(initial: []) {
      Reducer { state, event in state.append(event) }
      Feedback.reacting("echo") { _, event in event == .a ? .send(.fromFeedback) : .none }
    }
    let loop = Loop(system, onStep: log.monitor)
    loop.send(.a)
    loop.send(.b)
    loop.send(.c)
    #expect(loop.state == [.a, .fromFeedback, .b, .c])
    // The feedback's event was reduced after `.a`'s turn finished, not inside it.
    #expect(
      log.lines("reduce").map { $0.components(separatedBy: ":")[0] } == [
        "reduce a from external", "reduce fromFeedback from echo", "reduce b from external", "reduce c from external",
      ])
  }

  @Test func feedbacksSeeEveryStateWithItsEventInDeclarationOrder() {
    let seen = Box<[String]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback.reacting("first") { state, event in
        seen.update { $0.append("first \(state) \(event.map { "\($0)" } ?? "nil")") }
        return .none
      }
      Feedback.reacting("second") { state, _ in
        seen.update { $0.append("second \(state)") }
        return .none
      }
    }
    let loop = Loop(system)
    loop.send(.increment)
    #expect(seen.current == ["first 0 nil", "second 0", "first 1 increment", "second 1"])
  }

  @Test func statesAreObservedByCallbackAndAsyncSequence() async {
    let loop = Loop(System<Int, Event>(initial: 0, reduce: { state, _ in state += 1 }))
    let seen = Box<[Int]>([])
    let observation = loop.observe { state in seen.update { $0.append(state) } }
    var iterator = loop.states.makeAsyncIterator()
    loop.send(.increment)
    loop.send(.increment)
    observation.cancel()
    loop.send(.increment)
    #expect(seen.current == [1, 2])
    var streamed: [Int] = []
    for _ in 0..<4 { if let state = await iterator.next() { streamed.append(state) } }
    #expect(streamed == [0, 1, 2, 3])
    loop.stop()
    #expect(await iterator.next() == nil)
  }
}
