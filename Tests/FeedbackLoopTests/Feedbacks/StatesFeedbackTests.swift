import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// `Feedback.states`: a feedback over the async sequence of states, on the loop's clock.
@Suite struct StatesFeedbackTests {
  struct Editor: Equatable, Sendable {
    var text = ""
    var saved = ""
    var isDirty: Bool { text != saved }
  }

  enum EditorEvent: Equatable, Sendable {
    case edit(String)
    case saved(String)
  }

  /// Saves a dirty draft one second (of the loop's clock) after it sees it.
  static let editor = System<Editor, EditorEvent>("Editor", initial: Editor()) {
    Reducer { state, event in
      switch event {
      case .edit(let text): state.text = text
      case .saved(let text): state.saved = text
      }
    }
    Feedbacks {
      Feedback.states("autosave", emits: [.saved("")]) { states, clock in
        states.filter(\.isDirty).map { draft in
          try? await clock.sleep(for: .seconds(1))  // on the loop's clock: virtual in tests
          return EditorEvent.saved(draft.text)
        }
      }
    }
  }

  @Test func theSequenceSeesEveryStateAndItsEventsLandAtExactVirtualTimes() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.editor, scheduler: scheduler)
    loop.send(.edit("a")) { $0.text = "a" }
    loop.receiveNothing(before: .seconds(1))
    loop.receive(.saved("a"), from: "autosave", at: .seconds(1)) { $0.saved = "a" }
    scheduler.advance(by: .milliseconds(500))
    loop.send(.edit("ab")) { $0.text = "ab" }
    scheduler.advance(by: .seconds(1))
    loop.receive(.saved("ab"), from: "autosave", at: .milliseconds(2_500)) { $0.saved = "ab" }
    loop.finish()
  }

  @Test func theInitialStateComesFirst() {
    let scheduler = TestScheduler()
    let seen = System<Int, Int>("Counter", initial: 7) {
      Reducer { state, event in state += event }
      Feedbacks {
        Feedback.states("echo", emits: [0]) { states, _ in
          states.prefix(1).map { -$0 }  // the first state it sees, negated, once
        }
      }
    }
    let loop = LoopRecorder(seen, scheduler: scheduler)
    scheduler.advance()
    loop.receive(-7, from: "echo") { $0 = 0 }
    loop.finish()
  }

  @Test func stoppingTheLoopEndsTheSequence() {
    let scheduler = TestScheduler()
    let loop = Loop(Self.editor, scheduler: scheduler)
    loop.send(.edit("a"))
    scheduler.advance(by: .milliseconds(500))
    loop.stop()
    scheduler.advance(by: .seconds(10))
    #expect(loop.state == Editor(text: "a", saved: ""))
    #expect(scheduler.pending.isEmpty)
  }

  @Test func itIsDrawnAsAFeedbackOverTheStates() {
    let feedback = Self.editor.graph.feedbacks.first
    #expect(feedback?.name == "autosave")
    #expect(feedback?.watches == "the stream of states")
    #expect(feedback?.emits == ["saved"])
  }
}
