#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

@Suite struct LoopCombineSchedulerTests {
  @Test func delayFiresWhenVirtualTimeReachesIt() {
    let scheduler = TestScheduler()
    var received: [Int] = []
    let subscription = Just(1).delay(for: .seconds(2), scheduler: scheduler.combine).sink { received.append($0) }
    scheduler.advance(by: .milliseconds(1_999))
    #expect(received.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(received == [1])
    subscription.cancel()
  }

  @Test func throttleKeepsTheFirstValueOfEachWindow() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let subscription = subject.throttle(for: .seconds(1), scheduler: scheduler.combine, latest: false)
      .sink { received.append($0) }
    for value in 1...5 {
      subject.send(value)
      scheduler.advance(by: .milliseconds(300))
    }
    scheduler.advance(by: .seconds(2))
    #expect(received == [1, 2, 5])  // 1 at 0 s, then the first of each 1 s window
    subscription.cancel()
  }

  @Test func timeoutFinishesASilentPublisher() {
    let scheduler = TestScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var finished = false
    let subscription = subject.timeout(.seconds(5), scheduler: scheduler.combine)
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
    scheduler.advance(by: .milliseconds(4_999))
    #expect(!finished)
    scheduler.advance(by: .milliseconds(1))
    #expect(finished)
    subscription.cancel()
  }

  @Test func aRepeatingActionRunsEveryIntervalUntilCancelled() {
    let scheduler = TestScheduler()
    let combine = scheduler.combine
    let runs = Counter()
    let repeating = combine.schedule(after: combine.now.advanced(by: .seconds(1)), interval: .seconds(2)) {
      runs.increment()
    }
    scheduler.advance(by: .seconds(5))  // at 1, 3 and 5 s
    #expect(runs.count == 3)
    repeating.cancel()
    scheduler.advance(by: .seconds(10))
    #expect(runs.count == 3)
  }

  @Test func timeIsTheLoopSchedulersTime() {
    let scheduler = TestScheduler()
    scheduler.advance(by: .milliseconds(1_500))
    #expect(scheduler.combine.now == .init(nanoseconds: 1_500_000_000))
    #expect(scheduler.combine.now.distance(to: .init(nanoseconds: 2_000_000_000)) == .milliseconds(500))
    #expect(LoopCombineScheduler.SchedulerTimeType.Stride(floatLiteral: 0.25) == .milliseconds(250))
  }
}
