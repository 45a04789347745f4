/// A FIFO ring buffer: amortized O(1) append and removal from the front, no shifting.
@usableFromInline
struct EventQueue<Element> {
  @usableFromInline var storage: ContiguousArray<Element?> = ContiguousArray(repeating: nil, count: 16)
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable
  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    storage[(head + count) & (storage.count - 1)] = element
    count += 1
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head = (head + 1) & (storage.count - 1)
    count -= 1
    return element
  }

  @usableFromInline
  mutating func removeAll() {
    while popFirst() != nil {}
  }

  @usableFromInline
  mutating func grow() {
    var larger = ContiguousArray<Element?>(repeating: nil, count: storage.count * 2)
    for offset in 0..<count {
      larger[offset] = storage[(head + offset) & (storage.count - 1)].take()
    }
    storage = larger
    head = 0
  }
}

extension EventQueue: Sendable where Element: Sendable {}
