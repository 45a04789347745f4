import FeedbackGraph
import FeedbackLoop
import Synchronization
import FeedbackLoopSupport

/// Checks what an observer sees against the promises of `LoopStep`, as it sees it:
/// - one call at a time (never two monitor calls at once);
/// - nothing after `.stopped`;
/// - every effect starts once, before it emits, and ends (finished or cancelled) once;
/// - an emitted event is reduced (or ignored) in its turn, unless `.stopped` comes first;
///   emissions are counted so that the test can see them reduced.
///
/// `violations` lists each broken promise with the activity that broke it.
final class ActivityAudit<State: Sendable, Event: Sendable & Equatable>: Sendable {
  private struct Ledger {
    var lines: [String] = []
    var violations: [String] = []
    var stopped = false
    var started: Set<Int> = []
    var ended: Set<Int> = []
    /// Emissions the monitor was told about and has not seen reduced yet.
    var awaitingReduction: [Event] = []
    /// Emissions still waiting when the loop stopped (stop drops queued events).
    var droppedByStop: [Event] = []
  }

  private let ledger = Protected(Ledger())
  private let inside = Atomic<Int>(0)
  /// Called with each activity while the monitor call is in progress (to slow it down).
  private let during: (@Sendable (LoopStep<State, Event>) -> Void)?

  init(during: (@Sendable (LoopStep<State, Event>) -> Void)? = nil) {
    self.during = during
  }

  var monitor: @Sendable (LoopStep<State, Event>) -> Void {
    { [self] activity in self.see(activity) }
  }

  var lines: [String] { ledger.withLock { $0.lines } }
  var violations: [String] { ledger.withLock { $0.violations } }
  var sawStopped: Bool { ledger.withLock { $0.stopped } }
  /// Emitted events that were still queued when the loop stopped.
  var droppedByStop: [Event] { ledger.withLock { $0.droppedByStop } }

  private func see(_ activity: LoopStep<State, Event>) {
    let line = ActivityLog<State, Event>.render(activity)
    if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
      ledger.withLock { $0.violations.append("concurrent monitor call: \(line)") }
    }
    ledger.withLock { check(activity, line: line, in: &$0) }
    during?(activity)
    inside.subtract(1, ordering: .sequentiallyConsistent)
  }

  private func check(_ activity: LoopStep<State, Event>, line: String, in ledger: inout Ledger) {
    ledger.lines.append(line)
    func fail(_ why: String) { ledger.violations.append("\(why): \(line)") }
    if ledger.stopped { fail("reported after stopped") }
    switch activity {
    case .reduced(let event, _, _, _, _), .ignored(let event, _, _), .undeclaredTransition(let event, _, _, _, _):
      if let index = ledger.awaitingReduction.firstIndex(of: event) { ledger.awaitingReduction.remove(at: index) }
    default:
      break
    }
    switch activity {
    case .effectStarted(let id, _):
      if !ledger.started.insert(id.index).inserted { fail("started twice") }
      if ledger.ended.contains(id.index) { fail("started after it ended") }
    case .effectEmitted(let id, _, let event):
      // A synchronous effect is reported as one emission, without a start.
      if ledger.ended.contains(id.index) { fail("emitted after it ended") }
      ledger.awaitingReduction.append(event)
    case .effectFinished(let id, _), .effectCancelled(let id, _):
      if !ledger.started.contains(id.index) { fail("ended before it started") }
      if !ledger.ended.insert(id.index).inserted { fail("ended twice") }
    case .stopped:
      ledger.stopped = true
      ledger.droppedByStop = ledger.awaitingReduction
    default:
      break
    }
  }
}
