import FeedbackLoop
import Dispatch
import FeedbackGraph
import Foundation
import FeedbackLoopSupport

/// A bounded FIFO: appending to a full ring replaces its oldest element. Its storage grows
/// to `capacity` at most and keeps its capacity when emptied, so a ring that is swapped
/// back and forth between the loop and the writer allocates nothing once warm.
struct TraceWriterRing<Element> {
  private var storage: ContiguousArray<Element> = []
  /// The oldest element's position once the ring is full (0 until then).
  private var head = 0
  let capacity: Int

  init(capacity: Int) {
    precondition(capacity > 0)
    self.capacity = capacity
  }

  var count: Int { storage.count }
  var isEmpty: Bool { storage.isEmpty }

  /// Appends `element`; when the ring is full, replaces the oldest element and returns it.
  /// - Complexity: amortized O(1).
  @discardableResult
  mutating func append(_ element: Element) -> Element? {
    if storage.count < capacity {
      storage.append(element)
      return nil
    }
    let oldest = storage[head]
    storage[head] = element
    head = head + 1 == capacity ? 0 : head + 1
    return oldest
  }

  /// Empties the ring, keeping its storage.
  mutating func removeAll() {
    storage.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Calls `body` on every element, oldest first.
  func forEach(_ body: (Element) throws -> Void) rethrows {
    for index in head..<storage.count { try body(storage[index]) }
    for index in 0..<head { try body(storage[index]) }
  }

  /// The elements, oldest first.
  var elements: [Element] {
    var out: [Element] = []
    out.reserveCapacity(count)
    forEach { out.append($0) }
    return out
  }
}

extension TraceWriterRing: Sendable where Element: Sendable {}

/// A step as the loop handed it over: the step, its trace index, and when.
struct TraceWriterPendingStep<State: Sendable, Event: Sendable>: Sendable {
  var step: LoopStep<State, Event>
  /// The trace index of the step.
  var index: Int
  var time: Duration
}

/// What the loop's thread, the writer's thread and callers of `flush`/`close` share: the
/// pending steps, the counters, and the writer thread's wake-up.
///
/// Wake-ups never get lost: the writer sets `writerIdle` under the lock just before it
/// waits on `wakeUp`, and whoever clears `writerIdle` (under the lock) signals `wakeUp`
/// once, so every wait is matched by exactly one signal, whichever comes first.
final class TraceWriterEngine<State: Sendable, Event: Sendable>: Sendable {
  typealias Pending = TraceWriterPendingStep<State, Event>

  struct Shared: Sendable {
    var pending: TraceWriterRing<Pending>
    /// The trace index the next recorded step gets.
    var nextIndex = 0
    /// Steps rejected (after a failure or `close`) or discarded by the failed writer.
    var rejectedSteps = 0
    /// Steps pushed out of a full `pending` buffer.
    var evictedSteps = 0
    /// Whether an evicted step is lost (`rotatingFiles`), or only older than every step the
    /// writer keeps anyway (`lastSteps(n)` with `n` pending reports, each standing for at
    /// least one step) — unless the writer failed and keeps nothing.
    let evictionLosesSteps: Bool
    var writtenSteps = 0
    var files: [URL] = []
    var failure: TraceWriterFailure?
    /// `close()` was called or the writer released: `record` drops, the thread ends.
    var closing = false
    /// The writer thread has ended; nobody will signal flush waiters any more.
    var finished = false
    var writerIdle = false
    /// Callers of `flush`/`close` waiting for the batch that includes their steps.
    var waiters: [DispatchSemaphore] = []

    /// Steps recorded that no file will have (``TraceWriterStatus/droppedSteps``).
    var droppedSteps: Int {
      rejectedSteps + (evictionLosesSteps || failure != nil ? evictedSteps : 0)
    }

    /// Whether `record` appends (`true`) or drops.
    var accepting: Bool { failure == nil && !closing }
  }

  let shared: Protected<Shared>
  let wakeUp = DispatchSemaphore(value: 0)

  init(pendingCapacity: Int, evictionLosesSteps: Bool) {
    shared = Protected(
      Shared(pending: TraceWriterRing(capacity: pendingCapacity), evictionLosesSteps: evictionLosesSteps))
  }

  /// Takes `step` from the loop: O(1), no I/O.
  @inline(__always)
  func append(_ step: LoopStep<State, Event>, at time: Duration) {
    let wake = shared.withLock { shared -> Bool in
      let index = shared.nextIndex
      shared.nextIndex += 1
      guard shared.accepting else {
        shared.rejectedSteps += 1
        return false
      }
      if shared.pending.append(Pending(step: step, index: index, time: time)) != nil {
        shared.evictedSteps += 1
      }
      return Self.claimWakeUp(&shared)
    }
    if wake { wakeUp.signal() }
  }

  /// Whether the caller must signal `wakeUp` (the writer was idle). Under the lock.
  static func claimWakeUp(_ shared: inout Shared) -> Bool {
    guard shared.writerIdle else { return false }
    shared.writerIdle = false
    return true
  }

  /// Waits until every step appended before this call is handled; with `closing`, also
  /// stops the writer after that. Returns at once if the writer has ended.
  func waitForWriter(closing: Bool) {
    let waiter = DispatchSemaphore(value: 0)
    let (waits, wake) = shared.withLock { shared -> (Bool, Bool) in
      if shared.finished { return (false, false) }
      if closing { shared.closing = true }
      shared.waiters.append(waiter)
      return (true, Self.claimWakeUp(&shared))
    }
    if wake { wakeUp.signal() }
    if waits { waiter.wait() }
  }

  /// Asks the writer to finish what it has and stop, without waiting (for `deinit`).
  func requestClose() {
    let wake = shared.withLock { shared -> Bool in
      if shared.finished { return false }
      shared.closing = true
      return Self.claimWakeUp(&shared)
    }
    if wake { wakeUp.signal() }
  }
}
