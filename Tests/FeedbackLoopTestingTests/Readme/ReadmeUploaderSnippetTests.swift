// The README's end-to-end example, verbatim: the uploader system as a user writes it in their
// own module, and its tests (ReadmeMirrorCheckTests fails when the README and this file drift
// apart). The last test pins it to FeedbackLoopExamples' `Uploader`, whose tests, traces and
// figure the README shows, so the two cannot drift either.
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

/// One attempt at one file. It keys the upload effect: a retry is a new key, so a new upload.
struct Attempt: Hashable, Comparable, Sendable {
  var file: String
  var number: Int  // 1 for the first attempt
  static func < (a: Attempt, b: Attempt) -> Bool { (a.file, a.number) < (b.file, b.number) }
}

enum Upload: Hashable, Sendable {
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
      Feedback.requests("upload", emits: [.succeeded, .failed], uploads) { attempt in
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

struct Offline: Error {}

@Test func anUploadThatFailsIsRetriedTwiceThenGivenUp() {
  let scheduler = TestScheduler()
  let offline = UploadClient { _, clock in
    try await clock.sleep(for: .seconds(1))  // one second of the test's virtual time
    throw Offline()
  }
  let loop = LoopRecorder(uploader(client: offline), scheduler: scheduler)
  loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
  loop.receiveNothing(before: .seconds(1))
  loop.receive(.failed, from: "upload", at: .seconds(1)) { $0 = .waiting(Attempt(file: "cat.jpg", number: 1)) }
  loop.receiveNothing(before: .seconds(3))
  loop.receive(.retry, from: "retry", at: .seconds(3)) { $0 = .uploading(Attempt(file: "cat.jpg", number: 2)) }
  scheduler.advance(by: .seconds(3))
  loop.receive(.failed, from: "upload", at: .seconds(4)) { $0 = .waiting(Attempt(file: "cat.jpg", number: 2)) }
  loop.receive(.retry, from: "retry", at: .seconds(6)) { $0 = .uploading(Attempt(file: "cat.jpg", number: 3)) }
  scheduler.advance(by: .seconds(1))
  loop.receive(.failed, from: "upload", at: .seconds(7)) { $0 = .failed(file: "cat.jpg") }  // attempt < 3 is false
}

@Test func dismissingCancelsTheUpload() {
  let scheduler = TestScheduler()
  let slow = UploadClient { _, clock in try await clock.sleep(for: .seconds(5)) }
  let loop = LoopRecorder(uploader(client: slow), scheduler: scheduler)
  loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
  loop.send(.dismiss) { $0 = .idle }
  scheduler.advance(by: .seconds(10))  // the cancelled upload emits nothing
}

@Suite struct ReadmeUploaderSnippetTests {
  /// The README's system declares what `FeedbackLoopExamples.Uploader` declares: the same
  /// states, events, transitions (patterns, targets, labels, guards) and feedbacks.
  @Test func theReadmeSystemIsTheExamplesUploader() {
    let readme = uploader(client: UploadClient { _, _ in }).graph
    let example = FeedbackLoopExamples.Uploader.system().graph
    #expect(readme == example)
    #expect(readme.fingerprint == example.fingerprint)
  }
}
