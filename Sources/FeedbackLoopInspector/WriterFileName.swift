/// The name a `TraceWriter` gives its files, `<system>-<yyyyMMdd>-<HHmmss>-<process id>-<n>.jsonl`,
/// read back: a `.rotatingFiles` writer's next file has the same system and process and
/// `n + 1`, so it continues the session rather than beginning one (the app did not restart).
///
/// The writer's side is `TraceWriterFiles.fileName` in FeedbackLoopTracing; the test
/// `WriterFileNameTests` holds the two to the same format.
struct WriterFileName: Equatable {
  /// Everything before the timestamp: the system's name as the writer made it safe.
  var system: String
  var processID: String
  var sequence: Int

  /// The parts of `name`, or `nil` for a name a writer does not make.
  init?(_ name: String) {
    guard name.hasSuffix(".jsonl") else { return nil }
    let parts = name.dropLast(".jsonl".count).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 5 else { return nil }
    let tail = parts.suffix(4)
    let digits = tail.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard !digits.contains(false), tail[tail.startIndex].count == 8, tail[tail.startIndex + 1].count == 6,
      let sequence = Int(tail[tail.startIndex + 3])
    else { return nil }
    system = parts.dropLast(4).joined(separator: "-")
    processID = String(tail[tail.startIndex + 2])
    self.sequence = sequence
  }

  /// Whether `next` is the file a rotating writer opened after this one.
  func isFollowed(by next: WriterFileName) -> Bool {
    next.system == system && next.processID == processID && next.sequence == sequence + 1
  }

  /// The order files are read in within one poll: by name, except that the number at the end
  /// of a writer's name counts as a number (`…-9.jsonl` before `…-10.jsonl`), so one writer's
  /// files come in the order it wrote them. A total order: names compare by their keys.
  static func readingOrder(_ a: String, _ b: String) -> Bool {
    let (x, y) = (readingKey(a), readingKey(b))
    return x != y ? x < y : a < b
  }

  /// `name`, with a writer's number padded to 20 digits.
  private static func readingKey(_ name: String) -> String {
    guard let parsed = WriterFileName(name), let dash = name.lastIndex(of: "-") else { return name }
    let number = String(parsed.sequence)
    return name[...dash] + String(repeating: "0", count: max(0, 20 - number.count)) + number
  }
}
