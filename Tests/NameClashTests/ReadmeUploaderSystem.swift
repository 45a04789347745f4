#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import Clocks
import CombineSchedulers
// The README's uploader system, verbatim (ReadmeMirrorCheckTests finds it here), compiled
// beside Combine (OpenCombine here), combine-schedulers and swift-clocks: none of its names is
// ambiguous next to theirs.
import FeedbackLoop

/// One attempt at one file. It keys the upload effect: a retry is a new key, so a new upload.
struct Attempt: Hashable, Comparable, Sendable, Codable {
  var file: String
  var number: Int  // 1 for the first attempt
  static func < (a: Attempt, b: Attempt) -> Bool { (a.file, a.number) < (b.file, b.number) }
}

enum Upload: Hashable, Sendable, Codable {
  case idle, uploading(Attempt), waiting(Attempt), done(file: String), failed(file: String)
}

enum UploadEvent: Hashable, Sendable { case pick(String), succeeded, failed, retry, dismiss }

/// The upload service: the app passes the real one, a test a double. It sleeps on the clock
/// it is given, the loop's: virtual time under a `TestScheduler`.
struct UploadClient: Sendable {
  var upload: @Sendable (_ file: String, _ clock: any Clock<Duration>) async throws -> Void
}

func uploader(client: UploadClient) -> System<Upload, UploadEvent> {
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
      // One upload per attempt while uploading; leaving the state cancels it.
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

@Sendable func uploads(_ state: Upload) -> Set<Attempt> {
  if case .uploading(let attempt) = state { [attempt] } else { [] }
}
