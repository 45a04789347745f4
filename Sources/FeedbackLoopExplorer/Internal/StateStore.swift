/// The explorer's visited set: every distinct state once, in the order found (which, for a
/// breadth-first search, is also the queue), with an open-addressing hash table into it,
/// and for every state the state it was first reached from and by which of that state's
/// choices, for shortest paths.
///
/// A table slot is 64 bits: the low 32 bits of the state's hash and its index + 1 (0 is an
/// empty slot). A probe compares the stored hash bits before touching the state, and
/// growing the table re-inserts slots from their stored bits without hashing or reading
/// a single state: the table is the only memory a lookup misses in, mostly once.
///
/// Per state it costs `MemoryLayout<Element>.stride` + 4 (parent) + 2 (choice) bytes, plus
/// 16 to 32 bytes of table (load factor between 1/4 and 1/2): no per-state allocation, no
/// boxing. The table grows at half full rather than three quarters: linear probing's runs
/// are shorter there, and the counters benchmark explored about 7% faster for its 8 more
/// bytes per state (`explore.counters`, A/B).
///
/// - Complexity: ``insert(_:parent:choice:)`` is amortized O(1) expected.
@usableFromInline
struct StateStore<Element: Hashable> {
  /// The states, in the order they were inserted.
  @usableFromInline var elements: ContiguousArray<Element> = []
  /// For each state, the index of the state it was first reached from (`-1`: the initial).
  @usableFromInline var parents: ContiguousArray<Int32> = []
  /// For each state, the index of the choice (event) that first reached it.
  @usableFromInline var choices: ContiguousArray<UInt16> = []
  /// Open addressing, linear probing: `hash bits << 32 | (index + 1)`, 0 for empty (in
  /// huge pages where the system gives them: see ``SlotBuffer``).
  @usableFromInline var table: SlotBuffer
  @usableFromInline var mask: Int

  @inlinable
  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    table = SlotBuffer(count: size)
    mask = size - 1
    elements.reserveCapacity(capacity)
    parents.reserveCapacity(capacity)
    choices.reserveCapacity(capacity)
  }

  @inlinable var count: Int { elements.count }

  /// The bytes the store holds now (element, parent and choice storage, and the table).
  var bytes: Int {
    elements.capacity * MemoryLayout<Element>.stride + parents.capacity * 4 + choices.capacity * 2 + table.count * 8
  }

  /// The index of `element`, if it was inserted.
  @inlinable
  func index(of element: Element) -> Int? {
    index(of: element, hash: element.hashValue)
  }

  /// The index of `element`, whose `hashValue` is `hashValue`, if it was inserted.
  @inlinable
  func index(of element: Element, hash hashValue: Int) -> Int? {
    let hash = UInt64(truncatingIfNeeded: hashValue) & 0xFFFF_FFFF
    var slot = Int(truncatingIfNeeded: hash) & mask
    let table = self.table.slots
    while true {
      let entry = table[slot]
      if entry == 0 { return nil }
      if entry >> 32 == hash {
        let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if elements[index] == element { return index }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Inserts `element` unless it is there; returns whether it was new and its index.
  @inlinable @inline(__always)
  mutating func insert(_ element: Element, hash hashValue: Int, parent: Int32, choice: UInt16) -> (
    inserted: Bool, index: Int32
  ) {
    if (elements.count + 1) * 2 > table.count { grow() }
    let hash = UInt64(truncatingIfNeeded: hashValue) & 0xFFFF_FFFF
    var slot = Int(truncatingIfNeeded: hash) & mask
    let table = self.table.slots
    let found: Int32? = elements.withUnsafeBufferPointer { elements in
      while true {
        let entry = table[slot]
        if entry == 0 { return nil }
        if entry >> 32 == hash {
          let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
          if elements[index] == element { return Int32(truncatingIfNeeded: index) }
        }
        slot = (slot + 1) & mask
      }
    }
    if let found { return (false, found) }
    let index = elements.count
    table[slot] = hash << 32 | UInt64(index + 1)
    elements.append(element)
    parents.append(parent)
    choices.append(choice)
    return (true, Int32(truncatingIfNeeded: index))
  }

  /// Reads the table slots of `hashes` (and the states their hash bits point at), all
  /// before using any: independent loads whose cache misses the processor overlaps.
  @inlinable
  mutating func prefetch(_ hashes: some Sequence<Int>) {
    if (elements.count + 256 * 8) * 2 > table.count { grow() }
    let mask = self.mask
    var sink: UInt64 = 0
    let table = self.table.slots
    for hash in hashes { sink &+= table[hash & mask] }
    let stride = MemoryLayout<Element>.stride
    elements.withUnsafeBytes { elements in
      for hash in hashes {
        let entry = table[hash & mask]
        if entry != 0, entry >> 32 == UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF {
          sink &+= UInt64(
            elements.load(fromByteOffset: (Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1) * stride, as: UInt8.self)
          )
        }
      }
    }
    if sink == .max { print("", terminator: "") }  // keeps the loads
  }

  /// Doubles the table, placing each slot by its stored hash bits.
  @inlinable @inline(never)
  mutating func grow() {
    let size = table.count * 2
    precondition(size <= 1 << 32, "The explorer's store holds at most 2^31 states.")
    let fresh = SlotBuffer(count: size)
    let mask = size - 1
    let old = table.slots
    for position in 0..<table.count {
      let entry = old[position]
      if entry == 0 { continue }
      var slot = Int(truncatingIfNeeded: entry >> 32) & mask
      while fresh.slots[slot] != 0 { slot = (slot + 1) & mask }
      fresh.slots[slot] = entry
    }
    table = fresh
    self.mask = mask
  }
}
