import FeedbackLoop
import Testing

/// The "Coming from …" articles' code, compiled and run (the mirror check finds each block
/// here, line for line).
@Suite struct ComingFromArticleSnippetTests {
  enum VolumeEvent: Hashable, Sendable { case up, down }
  enum CounterEvent: Hashable, Sendable { case increment, decrement }

  @Test func feedbacksVolume() {
    let volume = System<Int, VolumeEvent>("Volume", initial: 5) {
      Transitions {
        Transition(from: .any, on: .up, label: "value + 1") { level, _ in level + 1 }
        Transition(from: .any, on: .down, label: "value - 1") { level, _ in level - 1 }
      }
      Feedbacks {
        Feedback.when("limit", { $0 > 10 }) { _ in .send(.down) }
      }
    }
    let loop = Loop(volume)  // runs until loop.stop() or release: there is no `run()`
    for _ in 0..<7 { loop.send(.up) }
    #expect(loop.state == 10)  // 11 is over the limit: the feedback sends `down`
    loop.stop()
  }

  @Test func reactiveFeedbackCounter() {
    let counter = System<Int, CounterEvent>(
      "Counter", initial: 0,
      reduce: { count, event in event == .increment ? count + 1 : count - 1 },
      feedbacks: [
        Feedback.when("reset", { $0 > 9 }) { _ in .send(.decrement) }
      ])
    let loop = Loop(counter)
    for _ in 0..<12 { loop.send(.increment) }
    #expect(loop.state == 9)
    loop.stop()
  }

  @Test func loopCounter() {
    let counter = System<Int, CounterEvent>(
      "Counter", initial: 0, reduce: { count, event in event == .increment ? count + 1 : count - 1 })
    let loop = Loop(counter)
    loop.send(.increment)
    #expect(loop.state == 1)
    combineFeedbackStore(counter)
  }

  func combineFeedbackStore(_ counter: System<Int, CounterEvent>) {
    let loop = Loop(counter)
    loop.send(.increment)  // CombineFeedback: store.send(event: .increment)
    #expect(loop.state == 1)
  }
}
