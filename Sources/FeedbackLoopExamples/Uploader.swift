package import FeedbackLoop
import Synchronization

/// An upload with retries: a picked file is uploaded through an injected client; a failed
/// attempt waits two seconds and tries again, at most three attempts in all. The README's
/// end-to-end example.
package enum Uploader {
  /// One attempt at uploading one file: the key of the upload effect, so that a retry (a
  /// new attempt number) is a new upload even for the same file.
  package struct Attempt: Hashable, Comparable, Sendable, Codable {
    /// The file being uploaded.
    package var file: String
    /// 1 for the first attempt.
    package var number: Int

    /// An attempt.
    package init(file: String, number: Int) {
      self.file = file
      self.number = number
    }

    /// Attempts sort by file, then number.
    package static func < (lhs: Attempt, rhs: Attempt) -> Bool {
      (lhs.file, lhs.number) < (rhs.file, rhs.number)
    }
  }

  /// The uploader's states.
  package enum State: Hashable, Sendable, Codable {
    case idle
    case uploading(Attempt)
    /// Waiting to retry after a failed attempt.
    case waiting(Attempt)
    case done(file: String)
    case failed(file: String)
  }

  /// The uploader's events.
  package enum Event: Hashable, Sendable, Codable {
    case pick(String)
    case succeeded
    case failed
    case retry
    case dismiss
  }

  /// The upload service, injected: it may sleep on the clock it is given (virtual time in
  /// tests) and throws when an upload fails.
  package struct Client: Sendable {
    /// Uploads `file`.
    package var upload: @Sendable (_ file: String, _ clock: any Clock<Duration>) async throws -> Void

    /// A client.
    package init(upload: @escaping @Sendable (_ file: String, _ clock: any Clock<Duration>) async throws -> Void) {
      self.upload = upload
    }

    /// An upload failure of ``fake(failures:latency:)``.
    package struct Failure: Error, Sendable {}

    /// A deterministic fake: each upload takes `latency` of the loop's time; the first
    /// `failures` uploads fail.
    package static func fake(failures: Int = 0, latency: Duration = .seconds(1)) -> Client {
      let calls = Calls()
      return Client { _, clock in
        try await clock.sleep(for: latency)
        if calls.next() <= failures { throw Failure() }
      }
    }
  }

  /// The uploader system, on `client`.
  package static func system(client: Client = .fake()) -> System<State, Event> {
    System("Uploader", initial: .idle, environment: client) { client in
      Transitions {
        Transition(from: .idle, on: .case("pick"), label: "first attempt", targets: [.case("uploading")]) {
          state, event in
          guard case .pick(let file) = event else { return state }
          return .uploading(Attempt(file: file, number: 1))
        }
        Transition(from: .case("uploading"), on: .succeeded, targets: [.case("done")]) { state, _ in
          guard case .uploading(let attempt) = state else { return state }
          return .done(file: attempt.file)
        }
        Transition(from: .case("uploading"), on: .failed, targets: [.case("waiting")]) { state, _ in
          guard case .uploading(let attempt) = state else { return state }
          return .waiting(attempt)
        }
        .guarded("attempt < 3") { state, _ in
          if case .uploading(let attempt) = state { attempt.number < 3 } else { false }
        }
        Transition(from: .case("uploading"), on: .failed, label: "give up", targets: [.case("failed")]) { state, _ in
          guard case .uploading(let attempt) = state else { return state }
          return .failed(file: attempt.file)
        }
        Transition(from: .case("waiting"), on: .retry, label: "attempt + 1", targets: [.case("uploading")]) {
          state, _ in
          guard case .waiting(let attempt) = state else { return state }
          return .uploading(Attempt(file: attempt.file, number: attempt.number + 1))
        }
        Transition(from: .any, on: .dismiss, to: .idle)
      }
      Feedbacks {
        // Keyed by attempt: a retry is a new request, so its upload starts even for the same file.
        Feedback.requests("upload", emits: [.succeeded, .failed], in: .case("uploading"), uploads) { attempt in
          .task { clock in
            do {
              try await client.upload(attempt.file, clock)
              return .succeeded
            } catch {
              return .failed
            }
          }
        }
        Feedback.on("retry", emits: [.retry], .case("waiting")) { _ in
          .task { clock in
            try await clock.sleep(for: .seconds(2))
            return .retry
          }
        }
      }
    }
  }

  /// The uploads a state asks for: its attempt, while uploading.
  @Sendable static func uploads(_ state: State) -> Set<Attempt> {
    if case .uploading(let attempt) = state { [attempt] } else { [] }
  }
}

/// How many uploads a fake client has made.
private final class Calls: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}
