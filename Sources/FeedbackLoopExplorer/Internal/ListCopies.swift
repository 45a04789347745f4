public import FeedbackLoop

/// What the engine's moves by list index read of each interned snapshot list (its
/// memories, and whether it is filed under its node's state), copied out of the
/// ``SnapshotTable`` as the table grows. The table is a class: each read of its arrays was
/// checked for exclusive access at run time and counted a reference to the array; these
/// copies belong to the engine's value, read in place.
@usableFromInline
struct ListCopies {
  /// The lists' memories, list after list.
  @usableFromInline var memories: ContiguousArray<FeedbackMemory> = []
  /// Per list, where its memories start in ``memories``.
  @usableFromInline var starts: ContiguousArray<Int> = []
  /// Per list, whether it is filed under its node's state (``SnapshotTable/filedByState``).
  @usableFromInline var filedByState: ContiguousArray<Bool> = []

  @inlinable init() {}

  /// The memory of the feedback at `feedback` in the list with index `list`.
  @inlinable @inline(__always)
  mutating func memory(of feedback: Int, in list: UInt32, table: Unmanaged<SnapshotTable>) -> FeedbackMemory {
    if Int(list) >= filedByState.count { copy(table) }
    return memories[starts[Int(list)] + feedback]
  }

  /// Whether the list with index `list` is filed under its node's state.
  @inlinable @inline(__always)
  mutating func isFiledByState(_ list: UInt32, table: Unmanaged<SnapshotTable>) -> Bool {
    if Int(list) >= filedByState.count { copy(table) }
    return filedByState[Int(list)]
  }

  /// Copies the lists the table added since the last copy.
  @usableFromInline
  mutating func copy(_ table: Unmanaged<SnapshotTable>) {
    table._withUnsafeGuaranteedRef { table in
      for list in filedByState.count..<table.lists.count {
        starts.append(memories.count)
        memories.append(contentsOf: table.lists[list].lazy.map(\.memory))
        filedByState.append(table.filedByState[list])
      }
    }
  }
}
