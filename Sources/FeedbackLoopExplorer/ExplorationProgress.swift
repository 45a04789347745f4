/// How far an exploration has come, for long runs.
///
/// ```swift
/// let exploration = explorer.run { progress in
///   print("\(progress.states) states, frontier \(progress.frontier), \(Int(progress.statesPerSecond))/s")
///   return true  // false stops the exploration
/// }
/// ```
public struct ExplorationProgress: Sendable, Hashable {
  /// Distinct states visited so far.
  public var states: Int
  /// States visited but not yet expanded.
  public var frontier: Int
  /// The depth (events from the initial state) being expanded.
  public var depth: Int
  /// Wall-clock seconds since the exploration started.
  public var seconds: Double
  @usableFromInline
  init(states: Int, frontier: Int, depth: Int, seconds: Double) {
    (self.states, self.frontier, self.depth, self.seconds) = (states, frontier, depth, seconds)
  }

  /// States visited per wall-clock second.
  package var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
}

/// How an exploration ended: having visited every reachable state, or at a bound.
public enum ExplorationCompletion: Hashable, Sendable {
  /// Every reachable state was visited.
  case complete
  /// It stopped after visiting this many states (``Explorer/maxStates``).
  case stateBound(Int)
  /// States this deep (``Explorer/maxDepth``) were not expanded.
  case depthBound(Int)
  /// The progress handler asked it to stop, or its task was cancelled.
  case cancelled

  /// The sentence the report gives it.
  package var sentence: String {
    switch self {
    case .complete:
      "complete: every reachable state was visited."
    case .stateBound(let bound):
      "stopped at the state bound (maxStates = \(bound)): states beyond it are unexplored, so the absence of a finding proves nothing there."
    case .depthBound(let bound):
      "stopped at the depth bound (maxDepth = \(bound)): states deeper than \(bound) events are unexplored, so the absence of a finding proves nothing there."
    case .cancelled:
      "cancelled before the end: the rest of the space is unexplored."
    }
  }
}
