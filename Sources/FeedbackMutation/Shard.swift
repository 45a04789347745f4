/// `--shard i/n`: the i-th of n slices of the mutants (from 1), so that a CI matrix splits
/// the work; `--merge` joins the slices' `--json` results.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// The slice, from 1.
  package var index: Int
  /// How many slices.
  package var count: Int

  /// A slice.
  package init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `i/n` with 1 ≤ i ≤ n.
  package init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  /// `2/4`.
  package var description: String { "\(index)/\(count)" }

  /// The elements of `all` in this slice: every n-th, from the i-th (so that slices of a
  /// plan sorted by system get a share of each system).
  package func slice<T>(_ all: [T]) -> [T] {
    all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}
