import FeedbackLoop
import FeedbackLoopExplorer

/// An upload queue whose `upload` feedback is keyed by `(file, attempt)`: the same file
/// queued twice in a row never starts its second upload. The explorer prints a test for
/// it without the explorer's Swift expression (a function that takes the explorer).
enum UploadQueue {
  enum State: Hashable, Sendable {
    case idle
    case uploading(file: String, attempt: Int, queue: [String], number: Int)

    /// The file uploading, `nil` when idle (the explorer's doc comments wait on it).
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

  static var explorer: Explorer<State, Event> {
    Explorer(system(), events: [.enqueue("a")]).waits(in: .value(.idle))
  }
}
