import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTesting
import Testing

/// The doc comments' examples of `Effect` and `Send`, verbatim (DocCommentMirrorCheckTests),
/// run on a loop.
@Suite(.timeLimit(.minutes(3))) struct EffectDocCommentTests {
  /// `Effect`: each shape of effect, answered to a count, emits what the comment says.
  @Test func eachShapeOfEffectEmitsWhatItsCommentSays() {
    enum Count: Hashable, Sendable { case tick, tock }

    let counting = Feedback<Int, Count>("counting", emits: [.tick, .tock]) { count in
      switch count {
      case 0: .send(.tick)  // one event, at once
      case 1: .send(.tick, .tock)  // several, in order
      case 3:
        .run { send, clock in  // async work that sleeps on the loop's clock
          try await clock.sleep(for: .seconds(1))
          send(.tick)
        }
      case 4:
        .sequence(
          AsyncStream { continuation in  // any AsyncSequence of events
            continuation.yield(.tock)
            continuation.finish()
          })
      default: .none  // nothing starts
      }
    }
    .strategy(.continueOnNewState)  // the .tock queued behind .tick survives the state .tick makes

    let system = System<Int, Count>("Counting", initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedbacks { counting }
    }
    let scheduler = TestScheduler()
    let loop = LoopRecorder(system, scheduler: scheduler)
    loop.receive(.tick, from: "counting") { $0 = 1 }
    loop.receive(.tick, from: "counting") { $0 = 2 }
    loop.receive(.tock, from: "counting") { $0 = 3 }
    loop.receiveNothing(before: .seconds(1))
    loop.receive(.tick, from: "counting", at: .seconds(1)) { $0 = 4 }
    scheduler.advance()
    loop.receive(.tock, from: "counting") { $0 = 5 }
  }

  /// `Send.waitingForRoom`: a thousand lines read at the loop's pace all arrive, in order.
  @Test func aReaderAtTheLoopsPaceDeliversEveryLine() async {
    enum Line: Hashable, Sendable { case line(String) }
    let lines = AsyncStream<String> { continuation in
      for number in 1...1_000 { continuation.yield("line \(number)") }
      continuation.finish()
    }

    let reader = Feedback<Int, Line>("reader", emits: [.line("")]) { count in
      guard count == 0 else { return .none }  // starts once, in the initial state
      return .run { send, _ in
        for await line in lines { await send.waitingForRoom(.line(line)) }
      }
    }
    .strategy(.continueOnNewState)

    let last = Protected<String?>(nil)
    let system = System<Int, Line>("Reader", initial: 0) {
      Reducer { count, event in
        count += 1
        if case .line(let text) = event { last.withLock { $0 = text } }
      }
      Feedbacks { reader }
    }
    let loop = Loop(system)
    for await count in loop.states where count == 1_000 { break }
    loop.stop()
    #expect(last.withLock { $0 } == "line 1000")
  }
}
