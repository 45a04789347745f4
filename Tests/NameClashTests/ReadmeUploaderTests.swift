// The README's uploader test, verbatim (ReadmeMirrorCheckTests finds it here; this file
// does not import CombineSchedulers, whose `TestScheduler` would make the README's unqualified
// `TestScheduler()` ambiguous). The last test pins the README's system to
// FeedbackLoopExamples' `Uploader`, whose tests, traces and figure the README shows.
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

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
