import Foundation

/// One fenced ```swift block of README.md: where it is and what it says.
struct ReadmeSnippet: Sendable, Equatable {
  /// The README line of the opening fence (1-based).
  var line: Int
  /// The `##`/`###` heading the block sits under.
  var heading: String
  /// The block's lines, without the fences and without the fence's own indentation.
  var lines: [String]

  /// What kind of check the block gets.
  enum Kind: Equatable {
    /// Swift source: it must appear in a compiled test source.
    case source
    /// A package manifest excerpt (first line `// Package.swift`): checked against the
    /// real manifest's names, since a manifest cannot be compiled inside a test target.
    case manifest
  }

  var kind: Kind {
    lines.first?.trimmingCharacters(in: .whitespaces) == "// Package.swift" ? .manifest : .source
  }

  /// Every ```swift block of `markdown`, in order (indented fences included, as in a list).
  static func all(in markdown: String) -> [ReadmeSnippet] {
    var snippets: [ReadmeSnippet] = []
    var heading = ""
    var open: (line: Int, indent: Int, lines: [String])?
    var inOtherFence = false
    for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if trimmed == "```" {
          snippets.append(ReadmeSnippet(line: block.line, heading: heading, lines: block.lines))
          open = nil
        } else {
          block.lines.append(String(line.dropFirst(min(block.indent, line.prefix { $0 == " " }.count))))
          open = block
        }
        continue
      }
      if trimmed.hasPrefix("```") {
        if trimmed == "```swift" && !inOtherFence {
          open = (index + 1, line.prefix { $0 == " " }.count, [])
        } else {
          inOtherFence.toggle()
        }
        continue
      }
      if !inOtherFence, line.hasPrefix("## ") || line.hasPrefix("### ") {
        heading = String(line.drop { $0 == "#" }.dropFirst())
      }
    }
    return snippets
  }
}
