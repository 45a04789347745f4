import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

@Suite struct UploaderTests {
  typealias Attempt = Uploader.Attempt

  @Test func anUploadThatSucceedsIsDoneAndCanBeDismissed() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Uploader.system(client: .fake()), scheduler: scheduler)
    loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
    scheduler.advance(by: .seconds(1))
    loop.receive(.succeeded, from: "upload") { $0 = .done(file: "cat.jpg") }
    loop.send(.dismiss) { $0 = .idle }
  }

  @Test func aFailedAttemptIsRetriedTwoSecondsLater() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Uploader.system(client: .fake(failures: 1)), scheduler: scheduler)
    loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
    scheduler.advance(by: .seconds(1))
    loop.receive(.failed, from: "upload") { $0 = .waiting(Attempt(file: "cat.jpg", number: 1)) }
    loop.receiveNothing(before: .seconds(3))
    loop.receive(.retry, from: "retry", at: .seconds(3)) { $0 = .uploading(Attempt(file: "cat.jpg", number: 2)) }
    scheduler.advance(by: .seconds(1))
    loop.receive(.succeeded, from: "upload") { $0 = .done(file: "cat.jpg") }
  }

  @Test func theThirdFailureGivesUp() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Uploader.system(client: .fake(failures: 3)), scheduler: scheduler)
    loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
    for number in 1...2 {
      scheduler.advance(by: .seconds(1))
      loop.receive(.failed, from: "upload") { $0 = .waiting(Attempt(file: "cat.jpg", number: number)) }
      scheduler.advance(by: .seconds(2))
      loop.receive(.retry, from: "retry") { $0 = .uploading(Attempt(file: "cat.jpg", number: number + 1)) }
    }
    scheduler.advance(by: .seconds(1))
    loop.receive(.failed, from: "upload") { $0 = .failed(file: "cat.jpg") }  // attempt < 3 fails: the [else] edge
    loop.send(.dismiss) { $0 = .idle }
  }

  @Test func dismissingCancelsARunningUpload() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Uploader.system(client: .fake()), scheduler: scheduler)
    loop.send(.pick("cat.jpg")) { $0 = .uploading(Attempt(file: "cat.jpg", number: 1)) }
    loop.send(.dismiss) { $0 = .idle }
    scheduler.advance(by: .seconds(10))  // the cancelled upload emits nothing
    // An upload was running, and the dismissal cancelled it (`diagram mutate` found that
    // without this, a disabled upload feedback passed this test).
    let effects = loop.steps.compactMap { recorded -> String? in
      switch recorded.step {
      case .effectStarted(_, let feedback): "started \(feedback.name)"
      case .effectCancelled(_, let feedback): "cancelled \(feedback.name)"
      default: nil
      }
    }
    #expect(effects == ["started upload", "cancelled upload"])
  }
}
