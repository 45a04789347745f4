/// An append-only array stored in fixed-size chunks: growing never copies what is already
/// stored, and each page of memory is touched once. A recording of millions of steps spent
/// a third of its time re-copying and re-faulting a doubling array.
///
/// - Complexity: append and subscript are O(1).
@usableFromInline
struct ChunkedArray<Element>: RandomAccessCollection {
  /// Elements per chunk: 4,096 (a chunk of 20-byte records is 80 KiB).
  @inlinable static var chunkSize: Int { 4096 }

  /// Full chunks, each of `chunkSize` elements.
  @usableFromInline var full: [ContiguousArray<Element>] = []
  /// The chunk being filled; appending touches only this array.
  @usableFromInline var tail = ContiguousArray<Element>()

  @inlinable
  init() {}

  @inlinable
  mutating func append(_ element: Element) {
    if tail.count == tail.capacity {
      if tail.count >= Self.chunkSize {
        full.append(tail)
        tail = ContiguousArray()
      }
      tail.reserveCapacity(Self.chunkSize)
    }
    tail.append(element)
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { full.count &* Self.chunkSize &+ tail.count }

  @inlinable
  subscript(index: Int) -> Element {
    let (chunk, offset) = index.quotientAndRemainder(dividingBy: Self.chunkSize)
    return chunk < full.count ? full[chunk][offset] : tail[index - full.count &* Self.chunkSize]
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}
