#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import Testing

/// Combine's `ImmediateScheduler` beside the runtime (a file that imports only Combine, as
/// combine-schedulers declares an `ImmediateScheduler` of its own): the name is Combine's.
@Test func combinesImmediateSchedulerIsUnambiguousBesideTheRuntime() {
  let immediate: ImmediateScheduler = ImmediateScheduler.shared
  var ran = false
  immediate.schedule { ran = true }
  #expect(ran)
  let loop = Loop(System<Int, Int>(initial: 0, reduce: { $0 + $1 }), scheduler: InlineScheduler())
  loop.send(2)
  #expect(loop.state == 2)
}
