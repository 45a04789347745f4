import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// The visited store past the size where its hash table leaves the heap for memory mapped
/// in huge pages (2 MiB of slots: from about 65,000 states on), and across the doublings on
/// the way: every state is found once, and the paths through the table stay shortest.
@Suite struct LargeStoreTests {
  struct Cell: Hashable, Sendable {
    var x: Int16
    var y: Int16
  }

  enum Step: Hashable, Sendable { case right, up, left }

  /// A 300 × 300 grid: 90,000 states, each move one cell right, up or left while inside.
  /// Moving left reaches states stored long before: a lookup of an early state after the
  /// table grew fails if a doubling lost it.
  static let side: Int16 = 300
  static let grid = System<Cell, Step>("Grid", initial: Cell(x: 0, y: 0)) { cell, step in
    switch step {
    case .right: if cell.x < side - 1 { cell.x += 1 }
    case .up: if cell.y < side - 1 { cell.y += 1 }
    case .left: if cell.x > 0 { cell.x -= 1 }
    }
  }

  @Test func aGridOfNinetyThousandStatesIsStoredOnceEach() throws {
    let corner = Cell(x: Self.side - 1, y: Self.side - 1)
    let exploration = Explorer(Self.grid, events: [.right, .up, .left]).final { $0 == corner }.run()
    let side = Int(Self.side)
    #expect(exploration.completion == .complete)
    #expect(exploration.stateCount == side * side)
    #expect(Set(exploration.states).count == side * side)
    #expect(exploration.transitionCount == 3 * side * (side - 1))  // every move that stays inside
    #expect(exploration.depth == 2 * (side - 1))
    // Shortest paths read back through the table: the far corner is 598 moves away, and a
    // cell on the diagonal's other end 299.
    let toCorner = try #require(exploration.path(to: corner))
    #expect(toCorner.steps.count == 2 * (side - 1))
    let toEdge = try #require(exploration.path(to: Cell(x: Self.side - 1, y: 0)))
    #expect(toEdge.steps.map(\.event) == Array(repeating: .right, count: side - 1))
    #expect(exploration.path(to: Cell(x: Self.side, y: 0)) == nil)  // outside the grid
  }
}
