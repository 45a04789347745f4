public import FeedbackLoop

/// Moves on interned snapshot lists, by index: what an effect's end and a feedback's
/// decision do to a node's list, worked out once per list and remembered. A search meets
/// few distinct lists and takes the same moves on them again and again; by index a move
/// costs one lookup of plain values, where the list itself cost a copy of its array, a
/// hash of every snapshot and a comparison with the list found.
extension SnapshotTable {
  /// A feedback's decision on a list: its new memory and what the decision does to its
  /// effects (``Decided/Shape``).
  @usableFromInline
  struct Decided: Hashable {
    /// What a decision does to the feedback's effects besides its memory.
    @usableFromInline
    enum Shape: UInt8, Hashable {
      /// Cancels the running effect (``SlotDecision/cancel``).
      case cancel
      /// Starts an effect that does nothing.
      case startNone
      /// Starts a `.task`.
      case startTask
      /// Starts a `.run` or `.sequence`.
      case startStream
    }

    @usableFromInline let list: UInt32
    @usableFromInline let feedback: UInt32
    @usableFromInline let shape: Shape
    @usableFromInline let cancels: Bool
    @usableFromInline let memory: FeedbackMemory

    @inlinable
    init(list: UInt32, feedback: Int, shape: Shape, cancels: Bool, memory: FeedbackMemory) {
      (self.list, self.feedback, self.shape) = (list, UInt32(truncatingIfNeeded: feedback), shape)
      (self.cancels, self.memory) = (cancels, memory)
    }
  }

  /// The list `list` after a running effect of `feedback` ends, in a node of `state`: one
  /// of its tasks, or (`stream`) one of its streams.
  @inlinable
  func ending(_ list: UInt32, feedback: Int, stream: Bool, state: some Hashable) -> UInt32 {
    let key = UInt64(list) << 32 | UInt64(truncatingIfNeeded: feedback) << 1 | (stream ? 1 : 0)
    if let known = ended[key] { return known }
    var snapshots = lists[Int(list)]
    if stream { snapshots[feedback].streams -= 1 } else { snapshots[feedback].tasks -= 1 }
    // A list filed under its node's state has an index per state: not remembered.
    guard let index = unsaltedIndex(of: snapshots) else { return index(of: snapshots, state: state) }
    ended[key] = index
    return index
  }

  /// The list after `decided`, in a node of `state`; as
  /// ``ExplorationModel/react(_:event:queue:generations:)`` does it to a node's snapshots.
  @inlinable
  func applying(_ decided: Decided, state: some Hashable) -> UInt32 {
    if let known = self.decided[decided] { return known }
    var snapshots = lists[Int(decided.list)]
    let feedback = Int(decided.feedback)
    snapshots[feedback].memory = decided.memory
    if decided.cancels {
      snapshots[feedback].tasks = 0
      snapshots[feedback].streams = 0
    }
    switch decided.shape {
    case .cancel, .startNone: break
    case .startTask: snapshots[feedback].tasks.addEffect()
    case .startStream: snapshots[feedback].streams.addEffect()
    }
    // A list filed under its node's state has an index per state: not remembered.
    guard let index = unsaltedIndex(of: snapshots) else { return index(of: snapshots, state: state) }
    self.decided[decided] = index
    return index
  }

  /// The index of `snapshots` (inserted if new) if it is filed by its values alone, else
  /// `nil`.
  @inlinable
  func unsaltedIndex(of snapshots: [FeedbackSnapshot]) -> UInt32? {
    guard snapshots.allSatisfy(\.memory.hashesByValue) else { return nil }
    return index(of: snapshots, state: 0)
  }
}
