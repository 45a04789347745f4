/// The moves between non-progress nodes, noted during the search when the explorer checks
/// progress (`Explorer.progress(when:)`): the non-progress cycle check
/// (`FindingBuilder+Progress.swift`) reads them, where it took every choice of every
/// non-progress node again by the general path (about 20× the search on the upload queue of
/// `explore.effects.progress-checks`).
///
/// In the search's order: by source node, then by choice, as the check took them.
@usableFromInline
struct QuietEdges: Sendable {
  /// Per node, whether it is neither progress, nor final, nor waiting.
  @usableFromInline var quiet: ContiguousArray<Bool> = []
  /// Per edge, its source node, target node and the source's choice.
  @usableFromInline var sources: ContiguousArray<Int32> = []
  @usableFromInline var targets: ContiguousArray<Int32> = []
  @usableFromInline var choices: ContiguousArray<UInt16> = []

  @inlinable init() {}

  /// Notes whether the next node (in the store's order) is quiet.
  @inlinable @inline(__always)
  mutating func noteNode(quiet isQuiet: Bool) { quiet.append(isQuiet) }

  /// Notes the move from `source` to `target` by `choice` (both noted already), if both
  /// are quiet.
  @inlinable @inline(__always)
  mutating func noteMove(from source: Int32, to target: Int32, choice: UInt16) {
    guard quiet[Int(source)], quiet[Int(target)] else { return }
    sources.append(source)
    targets.append(target)
    choices.append(choice)
  }
}
