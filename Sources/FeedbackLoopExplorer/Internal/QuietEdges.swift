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

/// ``QuietEdges`` as adjacency lists: per node, its moves out (targets and choices, in the
/// order noted) and the sources of its moves in, as ranges of flat arrays.
struct QuietGraph {
  let count: Int
  let targets: [Int]
  let choices: [Int]
  let sources: [Int]
  private let outStart: [Int]
  private let inStart: [Int]

  init(_ edges: QuietEdges) {
    count = edges.quiet.count
    let sourceOf = edges.sources.map { Int($0) }
    let targetOf = edges.targets.map { Int($0) }
    let (outStart, byOut) = Self.group(sourceOf, count: count)
    let (inStart, byIn) = Self.group(targetOf, count: count)
    (self.outStart, self.inStart) = (outStart, inStart)
    targets = byOut.map { targetOf[$0] }
    choices = byOut.map { Int(edges.choices[$0]) }
    sources = byIn.map { sourceOf[$0] }
  }

  /// The positions in `targets` and `choices` of `node`'s moves out.
  func outgoing(_ node: Int) -> Range<Int> { outStart[node]..<outStart[node + 1] }
  /// The positions in `sources` of `node`'s moves in.
  func incoming(_ node: Int) -> Range<Int> { inStart[node]..<inStart[node + 1] }

  /// The edges grouped by `keys` (a counting sort, stable): where each key's group starts,
  /// and the edges in group order.
  private static func group(_ keys: [Int], count: Int) -> (starts: [Int], order: [Int]) {
    var starts = [Int](repeating: 0, count: count + 1)
    for key in keys { starts[key + 1] += 1 }
    for node in 0..<count { starts[node + 1] += starts[node] }
    var next = starts
    var order = [Int](repeating: 0, count: keys.count)
    for (edge, key) in keys.enumerated() {
      order[next[key]] = edge
      next[key] += 1
    }
    return (starts, order)
  }
}
