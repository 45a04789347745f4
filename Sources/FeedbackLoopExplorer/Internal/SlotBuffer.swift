#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The explorer's hash table memory: `count` zeroed 64-bit slots, which on Linux the kernel
/// is asked to back with 2 MiB pages (`madvise(MADV_HUGEPAGE)`, honoured where transparent
/// huge pages are `always` or `madvise`).
///
/// Why not an array: the store probes its table at random, and a table of millions of
/// states spans tens of megabytes. With 4 KiB pages nearly every probe also misses the
/// TLB (a page walk before the cache miss); with 2 MiB pages 64 MB is 32 TLB entries. On
/// the 2-core CI machine that made `explore.counters` about a tenth faster. Large tables
/// are mapped anonymously, which the kernel hands out zeroed: no second pass clears them.
///
/// A reference: the store that owns it writes it; a copy of the store (the finished
/// exploration's lookup) only reads it once the search is over. Unmapped or freed in
/// `deinit`.
@usableFromInline
final class SlotBuffer {
  @usableFromInline let slots: UnsafeMutablePointer<UInt64>
  @usableFromInline let count: Int
  /// Whether `mmap` gave the memory (returned with `munmap`), not `allocate`.
  private let mapped: Bool

  /// Tables from this size on are mapped and advised for huge pages.
  static var hugePageBytes: Int { 2 << 20 }

  @usableFromInline
  init(count: Int) {
    self.count = count
    #if os(Linux)
      let bytes = count * MemoryLayout<UInt64>.stride
      if bytes >= Self.hugePageBytes,
        let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        memory != MAP_FAILED
      {
        _ = madvise(memory, bytes, 14)  // MADV_HUGEPAGE (Glibc does not export it); advice only
        slots = memory.bindMemory(to: UInt64.self, capacity: count)
        mapped = true
        return
      }
    #endif
    slots = .allocate(capacity: count)
    slots.initialize(repeating: 0, count: count)
    mapped = false
  }

  deinit {
    #if os(Linux)
      if mapped {
        munmap(slots, count * MemoryLayout<UInt64>.stride)
        return
      }
    #endif
    slots.deallocate()
  }
}
