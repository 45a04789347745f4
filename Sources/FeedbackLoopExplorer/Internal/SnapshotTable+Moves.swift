public import FeedbackLoop

/// Moves on interned snapshot lists, by index: what an effect's end and a feedback's
/// decision do to a node's list. The engine remembers each move it worked out
/// (``MoveMemo``): a search meets few distinct lists and takes the same moves on them again
/// and again, and by index a move costs one lookup of plain values, where the list itself
/// cost a copy of its array, a hash of every snapshot and a comparison with the list found.
extension SnapshotTable {
  /// A running effect's end: the list, the feedback, and whether a stream (else a task)
  /// ended.
  @usableFromInline
  struct Ended: MoveMemoKey {
    @usableFromInline let list: UInt32
    @usableFromInline let feedback: UInt32
    @usableFromInline let stream: Bool

    @inlinable
    init(list: UInt32, feedback: Int, stream: Bool) {
      (self.list, self.feedback, self.stream) = (list, UInt32(truncatingIfNeeded: feedback), stream)
    }

    @inlinable var memoHash: Int { Int(list) << 20 ^ Int(feedback) << 1 ^ (stream ? 1 : 0) }
    @inlinable static var vacant: Ended { Ended(list: 0, feedback: 0, stream: false) }
  }

  /// A feedback's decision on a list: its new memory and what the decision does to its
  /// effects (``Shape``).
  @usableFromInline
  struct Decided: MoveMemoKey {
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
    /// Whether the feedback cancels its running effect first (`.cancelOnNewState`).
    @usableFromInline let cancels: Bool
    @usableFromInline let memory: FeedbackMemory

    @inlinable
    init(list: UInt32, feedback: Int, shape: Shape, cancels: Bool, memory: FeedbackMemory) {
      (self.list, self.feedback, self.shape) = (list, UInt32(truncatingIfNeeded: feedback), shape)
      (self.cancels, self.memory) = (cancels, memory)
    }

    /// Computed with no call (``FeedbackMemoryValue/memoHash``). Equal memories may have
    /// different hashes (a small value's bytes, where its type's `==` is its own): the
    /// memo then holds the move once per hash, each with the same answer.
    @inlinable var memoHash: Int {
      let memory: Int =
        switch self.memory {
        case .none: 0
        case .flag(let flag): flag ? 1 : 2
        case .value(nil): 3
        case .value(let value?): value.memoHash
        }
      return memory &* 31 ^ Int(list) << 20 ^ Int(feedback) << 3 ^ Int(shape.rawValue) << 1 ^ (cancels ? 1 : 0)
    }

    @inlinable static var vacant: Decided {
      Decided(list: 0, feedback: 0, shape: .cancel, cancels: false, memory: .none)
    }

    /// The plain parts first, the memory last.
    @inlinable
    static func == (lhs: Decided, rhs: Decided) -> Bool {
      lhs.list == rhs.list && lhs.feedback == rhs.feedback && lhs.shape == rhs.shape && lhs.cancels == rhs.cancels
        && lhs.memory == rhs.memory
    }
  }

  /// The list after `ended`, in a node of `state`, and whether the move may be remembered
  /// (the list is filed by its values alone, not under its node's state).
  @inlinable
  func list(after ended: Ended, state: some Hashable) -> (index: UInt32, remember: Bool) {
    var snapshots = lists[Int(ended.list)]
    let feedback = Int(ended.feedback)
    if ended.stream { snapshots[feedback].streams -= 1 } else { snapshots[feedback].tasks -= 1 }
    return interned(snapshots, state: state)
  }

  /// The list after `decided`, in a node of `state`, and whether the move may be
  /// remembered; as ``ExplorationModel/react(_:event:queue:generations:)`` changes a node's
  /// snapshots.
  @inlinable
  func list(after decided: Decided, state: some Hashable) -> (index: UInt32, remember: Bool) {
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
    return interned(snapshots, state: state)
  }

  /// The index of `snapshots` in a node of `state` (inserted if new), and whether it is
  /// filed by its values alone: a list filed under its node's state has an index per state.
  @inlinable
  func interned(_ snapshots: [FeedbackSnapshot], state: some Hashable) -> (index: UInt32, remember: Bool) {
    (index(of: snapshots, state: state), snapshots.allSatisfy(\.memory.hashesByValue))
  }
}
