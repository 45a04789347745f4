import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// Tasks a `Feedback.states` sequence starts itself (`Task { }`, `Task.detached`) run on
/// the test scheduler, so their sleeps wake at exact virtual times, run after run.
@Suite struct StartedTasksTests {
  struct Editor: Equatable, Sendable {
    var text = ""
    var saved = ""
  }

  enum EditorEvent: Equatable, Sendable {
    case edit(String)
    case saved(String)
  }

  /// The autosave written as users write it without an operator: a `Task` of their own
  /// feeding an `AsyncStream` (or a detached one).
  static func editor(detached: Bool) -> System<Editor, EditorEvent> {
    System("Editor", initial: Editor()) {
      Reducer { state, event in
        switch event {
        case .edit(let text): state.text = text
        case .saved(let text): state.saved = text
        }
      }
      Feedbacks {
        Feedback.states("autosave", emits: [.saved("")]) { states, clock in
          AsyncStream<EditorEvent> { continuation in
            let work: @Sendable () async -> Void = {
              for await draft in states where draft.text != draft.saved {
                try? await clock.sleep(for: .seconds(1))
                continuation.yield(.saved(draft.text))
              }
              continuation.finish()
            }
            let task = detached ? Task.detached(operation: work) : Task(operation: work)
            continuation.onTermination = { _ in task.cancel() }
          }
        }
      }
    }
  }

  #if FEEDBACKLOOP_TSAN_LOCKS
    static let runs = 10
  #else
    static let runs = 200
  #endif

  @Test(arguments: [false, true])
  func aTaskTheSequenceStartsSleepsOnVirtualTime(detached: Bool) {
    for _ in 0..<Self.runs {
      let scheduler = TestScheduler()
      let loop = LoopRecorder(Self.editor(detached: detached), scheduler: scheduler)
      loop.send(.edit("a")) { $0.text = "a" }
      loop.receiveNothing(before: .seconds(1))
      loop.receive(.saved("a"), from: "autosave", at: .seconds(1)) { $0.saved = "a" }
      scheduler.advance(by: .milliseconds(500))
      loop.send(.edit("ab")) { $0.text = "ab" }
      scheduler.advance(by: .seconds(1))
      loop.receive(.saved("ab"), from: "autosave", at: .milliseconds(2_500)) { $0.saved = "ab" }
      loop.finish()
    }
  }

  @Test func aTaskStartedOutsideTheSchedulerRunsWhereItAlwaysDid() async {
    // Not started while a scheduler moves time: Swift's global executor runs it.
    let scheduler = TestScheduler()
    let value = await Task { 42 }.value
    #expect(value == 42)
    #expect(scheduler.pending.isEmpty)
  }
}
