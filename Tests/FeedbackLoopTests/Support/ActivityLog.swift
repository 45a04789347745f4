import FeedbackLoop
import FeedbackGraph
import FeedbackLoopSupport

/// Collects a loop's activities as short strings, for assertions.
final class ActivityLog<State: Sendable, Event: Sendable>: Sendable {
  private let lines = Protected<[String]>([])

  var monitor: @Sendable (LoopStep<State, Event>) -> Void {
    { [self] activity in self.lines.withLock { $0.append(Self.render(activity)) } }
  }

  var all: [String] { lines.withLock { $0 } }

  /// The lines that start with `prefix`.
  func lines(_ prefix: String) -> [String] { all.filter { $0.hasPrefix(prefix) } }

  func clear() { lines.withLock { $0.removeAll() } }

  static func render(_ activity: LoopStep<State, Event>) -> String {
    switch activity {
    case .initial(let state): "start \(state)"
    case .reduced(let event, let source, let before, let after, let transition):
      "reduce \(event) from \(source): \(before) -> \(after)" + (transition.map { " [t\($0.index)]" } ?? "")
    case .ignored(let event, let source, let state): "ignore \(event) from \(source) in \(state)"
    case .undeclaredTransition(let event, _, let before, let after, let transition):
      "undeclared \(event): \(before) -> \(after) [t\(transition.index)]"
    case .effectStarted(let id, let feedback): "started \(feedback) \(id.index)"
    case .effectEmitted(let id, let feedback, let event): "emitted \(feedback) \(id.index) \(event)"
    case .effectFinished(let id, let feedback): "finished \(feedback) \(id.index)"
    case .effectCancelled(let id, let feedback): "cancelled \(feedback) \(id.index)"
    case .stopped: "stopped"
    }
  }
}

/// A value shared with effects, for assertions.
final class Box<Value: Sendable>: Sendable {
  private let value: Protected<Value>
  init(_ value: Value) { self.value = Protected(value) }
  var current: Value { value.withLock { $0 } }
  func update(_ change: (inout Value) -> Void) { value.withLock { change(&$0) } }
}

/// Waits (without time) for something another task signals.
actor Signal {
  private var fired = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func fire() {
    fired = true
    waiters.forEach { $0.resume() }
    waiters = []
  }

  func wait() async {
    if fired { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
