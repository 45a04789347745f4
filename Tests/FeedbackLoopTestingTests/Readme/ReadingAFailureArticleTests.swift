import Foundation
import Testing

/// The "Reading a failure" article shows the recorder's messages as text: each of its
/// ```text blocks must be a message that `FailureMessageTests` pins, line for line, so the
/// article cannot show a message the kit no longer writes.
@Suite struct ReadingAFailureArticleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The lines of every ```text block of `markdown`.
  static func textBlocks(in markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var open: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if open != nil {
        if line == "```" {
          blocks.append(open!)
          open = nil
        } else {
          open!.append(line)
        }
      } else if line == "```text" {
        open = []
      }
    }
    return blocks
  }

  @Test func everyMessageOfTheArticleIsPinnedByFailureMessageTests() throws {
    let article = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Sources/FeedbackLoopTesting/Documentation.docc/ReadingAFailure.md"),
      encoding: .utf8)
    let tests = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/FeedbackLoopTestingTests/Recorder/FailureMessageTests.swift"),
      encoding: .utf8)
    // The test computes the line of its own `send`: the article shows the number it yields.
    let source = tests.replacingOccurrences(of: #"\(sendLine)"#, with: "\(Self.sendLine(in: tests))")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let blocks = Self.textBlocks(in: article)
    #expect(blocks.count >= 6)
    for block in blocks {
      let wanted = block.map { $0.trimmingCharacters(in: .whitespaces) }
      let found = lines.indices.contains { start in
        start + wanted.count <= lines.count && Array(lines[start..<start + wanted.count]) == wanted
      }
      #expect(found, "ReadingAFailure.md shows a message FailureMessageTests does not pin: \(wanted.first ?? "")")
    }
  }

  /// The value of `let sendLine = #line + N` in `source`: that line's number plus N.
  static func sendLine(in source: String) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.contains("let sendLine = #line + ") }),
      let offset = Int(lines[index].split(separator: "+").last?.trimmingCharacters(in: .whitespaces) ?? "")
    else { return -1 }
    return index + 1 + offset
  }
}
