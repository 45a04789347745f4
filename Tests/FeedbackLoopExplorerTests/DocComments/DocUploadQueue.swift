import FeedbackLoop
import FeedbackLoopExplorer

/// The upload queue of the explorer's doc comments: its `upload` feedback is keyed by
/// `(file, attempt)`, so the same file queued twice in a row never starts its second
/// upload, and the queue is stuck.
enum UploadQueue {
  enum State: Hashable, Sendable {
    case idle
    case uploading(file: String, attempt: Int, queue: [String], number: Int)

    /// The file uploading, `nil` when idle.
    var current: String? {
      if case .uploading(let file, _, _, _) = self { file } else { nil }
    }
  }

  enum Event: Hashable, Sendable { case enqueue(String), uploaded }

  struct Key: Equatable, Sendable {
    var file: String
    var attempt: Int
  }

  static func system() -> System<State, Event> {
    System<State, Event>(
      "UploadQueue", initial: .idle,
      reduce: { (state: inout State, event) in
        switch (state, event) {
        case (.idle, .enqueue(let file)):
          state = .uploading(file: file, attempt: 0, queue: [], number: 0)
        case (.uploading(let file, let attempt, let queue, let number), .enqueue(let next)) where queue.isEmpty:
          state = .uploading(file: file, attempt: attempt, queue: [next], number: number)
        case (.uploading(_, _, let queue, let number), .uploaded):
          state = queue.first.map { .uploading(file: $0, attempt: 0, queue: [], number: number + 1) } ?? .idle
        default:
          return
        }
      },
      feedbacks: [
        Feedback.skippingRepeated(
          "upload", emits: [.uploaded],
          { state -> Key? in
            guard case .uploading(let file, let attempt, _, _) = state else { return nil }
            return Key(file: file, attempt: attempt)
          }
        ) { _ in .task { _ in .uploaded } }
      ])
  }
}
