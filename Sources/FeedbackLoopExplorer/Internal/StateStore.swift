/// The explorer's visited set: every distinct state once, in the order found (which, for a
/// breadth-first search, is also the queue), with an open-addressing hash table of `Int32`
/// indices into it, and for every state the state it was first reached from and by which
/// of that state's choices, for shortest paths.
///
/// Per state it costs `MemoryLayout<Element>.stride` + 4 (parent) + 2 (choice) bytes, plus
/// 4 to 8 bytes of table (load factor between 3/8 and 3/4): no per-state allocation, no
/// boxing.
///
/// - Complexity: ``insert(_:parent:choice:)`` is amortized O(1) expected.
struct StateStore<Element: Hashable> {
  /// The states, in the order they were inserted.
  private(set) var elements: ContiguousArray<Element> = []
  /// For each state, the index of the state it was first reached from (`-1`: the initial).
  private(set) var parents: ContiguousArray<Int32> = []
  /// For each state, the index of the choice (event) that first reached it.
  private(set) var choices: ContiguousArray<UInt16> = []
  /// Open addressing, linear probing; `-1` is empty.
  private var table: [Int32]
  private var mask: Int

  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    table = Array(repeating: -1, count: size)
    mask = size - 1
    elements.reserveCapacity(capacity)
    parents.reserveCapacity(capacity)
    choices.reserveCapacity(capacity)
  }

  var count: Int { elements.count }

  /// The bytes the store holds now (element, parent and choice storage, and the table).
  var bytes: Int {
    elements.capacity * MemoryLayout<Element>.stride + parents.capacity * 4 + choices.capacity * 2 + table.count * 4
  }

  /// The index of `element`, if it was inserted.
  func index(of element: Element) -> Int? {
    var slot = element.hashValue & mask
    while true {
      let index = table[slot]
      if index < 0 { return nil }
      if elements[Int(index)] == element { return Int(index) }
      slot = (slot + 1) & mask
    }
  }

  /// Inserts `element` unless it is there; returns whether it was new and its index.
  @inline(__always)
  mutating func insert(_ element: Element, parent: Int32, choice: UInt16) -> (inserted: Bool, index: Int32) {
    if (elements.count + 1) * 4 > table.count * 3 { grow() }
    var slot = element.hashValue & mask
    while true {
      let index = table.withUnsafeBufferPointer { $0[slot] }
      if index < 0 { break }
      if elements.withUnsafeBufferPointer({ $0[Int(index)] == element }) { return (false, index) }
      slot = (slot + 1) & mask
    }
    let index = Int32(truncatingIfNeeded: elements.count)
    table.withUnsafeMutableBufferPointer { $0[slot] = index }
    elements.append(element)
    parents.append(parent)
    choices.append(choice)
    return (true, index)
  }

  private mutating func grow() {
    let size = table.count * 2
    var fresh = [Int32](repeating: -1, count: size)
    let mask = size - 1
    elements.withUnsafeBufferPointer { elements in
      fresh.withUnsafeMutableBufferPointer { fresh in
        for (index, element) in elements.enumerated() {
          var slot = element.hashValue & mask
          while fresh[slot] >= 0 { slot = (slot + 1) & mask }
          fresh[slot] = Int32(truncatingIfNeeded: index)
        }
      }
    }
    table = fresh
    self.mask = mask
  }

  /// The indices from the initial state (first) to `index` (last).
  func path(to index: Int) -> [Int] {
    var path = [index]
    var current = index
    while parents[current] >= 0 {
      current = Int(parents[current])
      path.append(current)
    }
    return path.reversed()
  }
}
