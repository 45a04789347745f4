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

// Our names beside Combine's (OpenCombine here), combine-schedulers' and swift-clocks' own,
// with the README's uploader (ReadmeUploaderSystem.swift) used unqualified. `TestScheduler`
// is the one name combine-schedulers shares: written qualified here, as the docs show.

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
  // The upload waits on the loop's clock until `stop()` cancels it: an upload that returned
  // at once would race the expectation below (its task may finish first and reach `done`,
  // as it did once under ThreadSanitizer).
  let loop = Loop(
    uploader(client: UploadClient { _, clock in try await clock.sleep(for: .seconds(3_600)) }), scheduler: inline)
  loop.send(.pick("cat.jpg"))
  #expect(loop.state == .uploading(Attempt(file: "cat.jpg", number: 1)))
  loop.stop()
}
