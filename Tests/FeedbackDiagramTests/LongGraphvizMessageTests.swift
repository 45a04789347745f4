import FeedbackDiagram
import Foundation
import Testing

/// Graphviz messages longer than 1,024 bytes. Graphviz 2.42 formats a message for a
/// function set with `agseterrf` in a 1,024-byte buffer; a longer one is formatted again
/// with the `va_list` already used up (its `%s` arguments read from garbage: the suite's
/// segfaults inside `strlen`) into a buffer it has freed (`realloc`'s result is dropped).
/// The renderer no longer hands Graphviz such a function: messages go to Graphviz's own
/// message file, written with `vfprintf` at any length, and are read back with `aglasterr`.
@Suite struct LongGraphvizMessageTests {
  /// An HTML-like label whose tags do not match: Graphviz's message quotes the label's text.
  static func badLabel(_ length: Int) -> String {
    "digraph { a [label=<<b>\(String(repeating: "x", count: length))</i>>] }"
  }

  @Test(arguments: [2_000, 5_000, 20_000])
  func aMessageOverAKilobyteIsReportedWholeAndTheNextRenderWorks(_ length: Int) throws {
    for _ in 0..<3 {
      #expect {
        _ = try GraphvizRenderer.shared.render(dot: Self.badLabel(length), format: "svg")
      } throws: { error in
        let text = "\(error)"
        return text.hasPrefix("Graphviz: mismatched tag in line 1")
          && text.contains(String(repeating: "x", count: 1_500)) && text.hasSuffix("</i> ... in label of node a")
      }
      let svg = try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg")
      #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }
  }

  /// Long messages from many tasks at once (the renderer's lock serialises them).
  @Test func longMessagesFromManyTasksAtOnce() async throws {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<16 {
        group.addTask {
          do {
            _ = try GraphvizRenderer.shared.render(dot: Self.badLabel(1_000 + index * 300), format: "svg")
            return false
          } catch {
            return "\(error)".contains("in label of node a")
          }
        }
      }
      for try await reported in group { #expect(reported) }
    }
  }
}
