/// A key of a ``MoveMemo``. Equal keys should have equal ``memoHash``: where they do not,
/// a lookup misses and the move is worked out and remembered again (a second entry with
/// the same answer), never answered wrongly.
@usableFromInline
protocol MoveMemoKey: Equatable {
  /// A hash of the key's parts; the memo mixes its bits.
  var memoHash: Int { get }
  /// A key that fills an empty slot (never compared: a slot's value says it is empty).
  static var vacant: Self { get }
}

/// The moves an exploration already worked out on snapshot lists: a key (a list index and
/// what happens to it) to the list index it leads to. Open addressing with linear probing,
/// the hash mixed by one multiplication: a lookup costs a few plain operations where a
/// `Dictionary`'s cost a seeded hash of every part.
@usableFromInline
struct MoveMemo<Key: MoveMemoKey> {
  @usableFromInline var keys: ContiguousArray<Key>
  /// Per slot, its key's ``MoveMemoKey/memoHash`` (compared before the key: no copy of a
  /// key that cannot match).
  @usableFromInline var hashes: ContiguousArray<Int>
  @usableFromInline var values: ContiguousArray<UInt32>
  @usableFromInline var count = 0
  @usableFromInline var mask: Int

  @inlinable
  init() {
    keys = ContiguousArray(repeating: .vacant, count: 64)
    hashes = ContiguousArray(repeating: 0, count: 64)
    values = ContiguousArray(repeating: 0, count: 64)
    mask = 63
  }

  /// The first slot to probe for a key whose ``MoveMemoKey/memoHash`` is `hash`.
  @inlinable @inline(__always)
  func slot(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The list index `key` leads to, if it was remembered.
  @inlinable
  func value(for key: Key) -> UInt32? {
    let hash = key.memoHash
    var slot = slot(hash)
    // Keys read in place: a copy of one would count references to its memory's box.
    return keys.withUnsafeBufferPointer { keys in
      while values[slot] != 0 {
        if hashes[slot] == hash, keys[slot] == key { return values[slot] - 1 }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// Remembers that `key` leads to `value` (`key` was not remembered yet).
  @inlinable
  mutating func insert(_ key: Key, _ value: UInt32) {
    if (count + 1) * 2 > keys.count { grow() }
    let hash = key.memoHash
    var slot = slot(hash)
    while values[slot] != 0 { slot = (slot + 1) & mask }
    keys[slot] = key
    hashes[slot] = hash
    values[slot] = value + 1  // 0 marks an empty slot
    count += 1
  }

  @usableFromInline
  mutating func grow() {
    let old = zip(keys, values)
    keys = ContiguousArray(repeating: .vacant, count: keys.count * 2)
    hashes = ContiguousArray(repeating: 0, count: keys.count)
    values = ContiguousArray(repeating: 0, count: keys.count)
    mask = keys.count - 1
    count = 0
    for (key, value) in old where value != 0 { insert(key, value - 1) }
  }
}
