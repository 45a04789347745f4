#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import Clocks
import CombineSchedulers
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

// The README's examples, compiled in a file that also imports Combine (OpenCombine here),
// combine-schedulers and swift-clocks, as an app's test file may: no name of ours is
// ambiguous, except `TestScheduler`, which combine-schedulers declares too and which is
// written qualified here, as the docs show.

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
  let scheduler = FeedbackLoopTesting.TestScheduler()  // qualified: CombineSchedulers has one too
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

/// Our schedulers and clocks beside combine-schedulers' and swift-clocks' own. Their names
/// are used in type position, where two types of one name are an error ("ambiguous for type
/// lookup"), not in calls, where overload resolution may quietly pick one.
@Test func ourNamesAndTheirsLiveSideBySide() {
  let scheduler = FeedbackLoopTesting.TestScheduler()
  let virtual: VirtualClock? = scheduler.clock as? VirtualClock  // swift-clocks has a TestClock
  let theirs: TestClock<Duration> = TestClock()
  let unimplemented: UnimplementedLoopScheduler = UnimplementedLoopScheduler("analytics")
  let theirsUnimplemented: UnimplementedScheduler<LoopCombineScheduler.SchedulerTimeType, Never>.Type =
    UnimplementedScheduler<LoopCombineScheduler.SchedulerTimeType, Never>.self
  let inline: InlineScheduler = InlineScheduler()
  #expect(virtual != nil)
  _ = (theirs, unimplemented, theirsUnimplemented)
  let loop = Loop(uploader(client: UploadClient { _, _ in }), scheduler: inline)
  loop.send(.pick("cat.jpg"))
  #expect(loop.state == .uploading(Attempt(file: "cat.jpg", number: 1)))
  loop.stop()
}
