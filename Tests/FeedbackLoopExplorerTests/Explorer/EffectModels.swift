import FeedbackLoop

/// Small systems with feedbacks, for the tests of what the explorer carries besides the
/// state: feedback memory and effects in flight.
enum EffectModels {
  /// An upload queue: files wait in `queue` while one uploads. The `upload` feedback is
  /// `skippingRepeated` on a key derived from the state.
  enum Upload: Hashable, Sendable {
    case idle
    case uploading(file: String, attempt: Int, queue: [String], number: Int)
  }

  enum UploadEvent: Hashable, Sendable { case enqueue(String), uploaded, failed }

  /// The key a newcomer wrote: the same file queued twice in a row gives the same key.
  struct FileAttempt: Equatable, Sendable {
    var file: String
    var attempt: Int
  }

  /// A key that tells the two uploads apart (their number in the queue's history).
  struct Numbered: Equatable, Sendable {
    var number: Int
    var attempt: Int
  }

  static func uploadQueue<Key: Equatable & Sendable>(
    key: @escaping @Sendable (_ file: String, _ attempt: Int, _ number: Int) -> Key
  ) -> System<Upload, UploadEvent> {
    System<Upload, UploadEvent>(
      "UploadQueue", initial: .idle,
      reduce: { (state: inout Upload, event) in
        switch (state, event) {
        case (.idle, .enqueue(let file)):
          state = .uploading(file: file, attempt: 0, queue: [], number: 0)
        case (.uploading(let file, let attempt, var queue, let number), .enqueue(let next)):
          guard queue.count < 1 else { return }  // a short queue: a finite space
          queue.append(next)
          state = .uploading(file: file, attempt: attempt, queue: queue, number: number)
        case (.uploading(let file, let attempt, let queue, let number), .failed):
          state =
            attempt < 1
            ? .uploading(file: file, attempt: attempt + 1, queue: queue, number: number)
            : next(queue, number: number)
        case (.uploading(_, _, let queue, let number), .uploaded):
          state = next(queue, number: number)
        default:
          return
        }
      },
      feedbacks: [
        Feedback.skippingRepeated(
          "upload", emits: [.uploaded, .failed],
          { state -> Key? in
            guard case .uploading(let file, let attempt, _, let number) = state else { return nil }
            return key(file, attempt, number)
          }
        ) { _ in .task { _ in .uploaded } }
      ])
  }

  private static func next(_ queue: [String], number: Int) -> Upload {
    guard let file = queue.first else { return .idle }
    return .uploading(file: file, attempt: 0, queue: Array(queue.dropFirst()), number: (number + 1) % 2)
  }

  /// A light with a level 0…2 that the outside bumps; the `echo` feedback answers every
  /// state with a `.task` that pings.
  enum Ping: Hashable, Sendable { case bump, ping }

  static func echo(_ strategy: ExecutionStrategy) -> System<Int, Ping> {
    System<Int, Ping>(
      "Echo", initial: 0, reduce: { (state: inout Int, event) in if event == .bump { state = (state + 1) % 3 } },
      feedbacks: [Feedback("echo", emits: [.ping]) { _, _ in .ping }.strategy(strategy)])
  }

  /// A loader: `load` from outside, `loaded` from the `fetch` feedback, which runs only
  /// while loading (so the transition that takes `loaded` in idle never fires).
  enum Loader: Hashable, Sendable { case idle, loading, loaded }
  enum LoaderEvent: Hashable, Sendable { case load, loaded }

  static let loader = System<Loader, LoaderEvent>("Loader", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .load, to: .loading)
      Transition(from: .loading, on: .loaded, to: .loaded)
      Transition(from: .idle, on: .loaded, to: .loaded)  // would take a fetch's answer in idle
    }
    Feedbacks {
      Feedback.when("fetch", emits: [.loaded], { $0 == .loading }) { _ in .task { _ in .loaded } }
    }
  }
}
