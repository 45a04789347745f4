/// An append-only array stored in fixed-size chunks: growing never copies what is already
/// stored, and each page of memory is touched once. A recording of millions of steps spent
/// a third of its time re-copying and re-faulting a doubling array.
///
/// A value type: a copy shares the chunks until either side appends (then the chunk being
/// filled is copied; full chunks are immutable and stay shared).
///
/// - Complexity: append and subscript are O(1).
@usableFromInline
struct ChunkedArray<Element>: RandomAccessCollection {
  /// Elements per chunk: 4,096 (a chunk of 12-byte records is 48 KiB).
  @inlinable static var chunkSize: Int { 4096 }

  /// A chunk: its header counts the elements initialized so far.
  @usableFromInline
  final class Chunk: ManagedBuffer<Int, Element> {
    @inlinable
    static func make() -> Chunk {
      unsafeDowncast(Chunk.create(minimumCapacity: ChunkedArray.chunkSize) { _ in 0 }, to: Chunk.self)
    }

    deinit {
      _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
    }
  }

  /// Full chunks, each of `chunkSize` elements.
  @usableFromInline var full: [Chunk] = []
  /// The chunk being filled.
  @usableFromInline var tail: Chunk
  /// Elements in `tail`, kept here so that appending reads no memory behind a reference.
  @usableFromInline var tailCount = 0

  @inlinable
  init() {
    tail = Chunk.make()
  }

  @inlinable
  mutating func append(_ element: Element) {
    if tailCount == Self.chunkSize {
      full.append(tail)
      tail = Chunk.make()
      tailCount = 0
    } else if !isKnownUniquelyReferenced(&tail) {
      tail = copy(tail, count: tailCount)
    }
    let count = tailCount
    tail.withUnsafeMutablePointers { header, elements in
      (elements + count).initialize(to: element)
      header.pointee = count + 1
    }
    tailCount = count + 1
  }

  /// Appends three elements at once: one check of the chunk instead of three (a
  /// synchronous effect is three steps).
  @inlinable
  mutating func append(_ first: Element, _ second: Element, _ third: Element) {
    guard tailCount + 3 <= Self.chunkSize, isKnownUniquelyReferenced(&tail) else {
      append(first)
      append(second)
      append(third)
      return
    }
    let count = tailCount
    tail.withUnsafeMutablePointers { header, elements in
      (elements + count).initialize(to: first)
      (elements + count + 1).initialize(to: second)
      (elements + count + 2).initialize(to: third)
      header.pointee = count + 3
    }
    tailCount = count + 3
  }

  @inlinable
  func copy(_ chunk: Chunk, count: Int) -> Chunk {
    let copy = Chunk.make()
    chunk.withUnsafeMutablePointerToElements { source in
      copy.withUnsafeMutablePointers { header, elements in
        elements.initialize(from: source, count: count)
        header.pointee = count
      }
    }
    return copy
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { full.count &* Self.chunkSize &+ tailCount }

  @inlinable
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < endIndex, "index \(index) out of range 0..<\(endIndex)")
    let (chunk, offset) = index.quotientAndRemainder(dividingBy: Self.chunkSize)
    return (chunk < full.count ? full[chunk] : tail).withUnsafeMutablePointerToElements { $0[offset] }
  }
}

// Chunks are written only through `append`, which copies a shared chunk first.
extension ChunkedArray: @unchecked Sendable where Element: Sendable {}
