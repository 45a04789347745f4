import Foundation

/// Checks that every ```swift block of the README (or of a DocC article) is compiled by a test.
///
/// A Swift block must appear in a test source (a file of a `.testTarget` of Package.swift),
/// line for line, modulo indentation: its leading `import` lines among the file's lines
/// (imports are file-level in Swift, so a snippet's statements may sit inside a test
/// function below them), the rest as one contiguous run of lines. Two kinds of README line
/// cannot be compiled in a test target, and a test source stands in for them with a
/// comment, `// README: <the line>`: an `import` of the reader's own module
/// (`import MyFeature`) and `@main` (a test target has no entry point). Nothing else may
/// be stood in for.
///
/// A manifest block (first line `// Package.swift`) cannot be compiled in a test either: its
/// `.product(name:package:)` and `.package(path:)` names are checked against the real
/// Package.swift instead.
struct ReadmeMirrorCheck {
  /// A test source: its path (for messages) and its text.
  struct Source {
    var path: String
    var text: String
  }

  var readme: String
  var sources: [Source]
  /// The document's name in messages: README.md, or a DocC article's path.
  var document = "README.md"
  var manifest: String

  /// One line per block that no test compiles, naming the block's README line.
  func failures() -> [String] {
    let files = sources.map { (path: $0.path, lines: Self.normalized($0.text)) }
    return ReadmeSnippet.all(in: readme).flatMap { snippet -> [String] in
      switch snippet.kind {
      case .manifest: return manifestFailures(snippet)
      case .source: return sourceFailure(snippet, in: files).map { [$0] } ?? []
      }
    }
  }

  /// A source's lines, trimmed, with `// README: import …` / `// README: @main` as the
  /// lines they stand for.
  static func normalized(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
      let line = raw.trimmingCharacters(in: .whitespaces)
      let marker = "// README: "
      guard line.hasPrefix(marker) else { return line }
      let stood = String(line.dropFirst(marker.count))
      return stood.hasPrefix("import ") || stood.hasPrefix("@main") ? stood : line
    }
  }

  private func sourceFailure(_ snippet: ReadmeSnippet, in files: [(path: String, lines: [String])]) -> String? {
    let lines = snippet.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    let importCount = lines.prefix { $0.isEmpty || $0.hasPrefix("import ") }.count
    let imports = lines.prefix(importCount).filter { !$0.isEmpty }
    let body = Array(lines.dropFirst(importCount))
    let under = snippet.heading.isEmpty ? "" : " under \"\(snippet.heading)\""  // a doc comment has no headings
    let where_ = "\(document):\(snippet.line): the swift block\(under)"
    guard let first = body.first else { return nil }

    // The closest copy: the file and start with the longest matching run of body lines.
    var best: (path: String, start: Int, matched: Int)?
    for file in files where imports.allSatisfy(file.lines.contains) {
      for start in file.lines.indices where file.lines[start] == first {
        var matched = 0
        while matched < body.count, start + matched < file.lines.count, file.lines[start + matched] == body[matched] {
          matched += 1
        }
        if matched == body.count { return nil }
        if matched > best?.matched ?? 0 { best = (file.path, start, matched) }
      }
    }
    guard let best else {
      let firstImport = imports.first { line in !files.contains { $0.lines.contains(line) && $0.lines.contains(first) }
      }
      if let firstImport, files.contains(where: { $0.lines.contains(first) }) {
        return "\(where_) is compiled by no test: no test source with its line `\(first)` also has `\(firstImport)`."
      }
      return "\(where_) is compiled by no test: no test source has its line `\(first)`."
    }
    let readmeLine = snippet.line + 1 + importCount + best.matched
    let sourceLine = best.start + best.matched
    let sourceFile = files.first { $0.path == best.path }!
    let found = sourceLine < sourceFile.lines.count ? "`\(sourceFile.lines[sourceLine])`" : "the end of the file"
    return "\(where_) is compiled by no test: \(document):\(readmeLine) reads `\(body[best.matched])`, "
      + "where its closest copy, \(best.path):\(sourceLine + 1), has \(found)."
  }

  private func manifestFailures(_ snippet: ReadmeSnippet) -> [String] {
    let libraries = Self.captures(#"\.library\(\s*name:\s*"([^"]+)""#, in: manifest)
    let packageName = Self.captures(#"Package\(\s*name:\s*"([^"]+)""#, in: manifest).first ?? "?"
    var failures: [String] = []
    var checked = 0
    for (offset, line) in snippet.lines.enumerated() {
      let readmeLine = "\(document):\(snippet.line + 1 + offset)"
      for product in Self.pairs(#"\.product\(\s*name:\s*"([^"]+)",\s*package:\s*"([^"]+)""#, in: line) {
        checked += 1
        if !libraries.contains(product.0) {
          failures.append(
            "\(readmeLine): .product(name: \"\(product.0)\") is no library of Package.swift (it has \(libraries.joined(separator: ", ")))."
          )
        }
        if product.1 != packageName {
          failures.append("\(readmeLine): package: \"\(product.1)\" is not the package's name, \"\(packageName)\".")
        }
      }
      for path in Self.captures(#"\.package\(\s*path:\s*"([^"]+)""#, in: line) {
        checked += 1
        let folder = path.split(separator: "/").last.map(String.init) ?? path
        if folder != packageName {
          failures.append(
            "\(readmeLine): .package(path: \"\(path)\") names the folder \"\(folder)\", not \"\(packageName)\".")
        }
      }
    }
    if checked == 0 {
      failures.append(
        "\(document):\(snippet.line): the manifest block has no .product(…) or .package(path:) line to check.")
    }
    return failures
  }

  /// The first capture group of every match of `pattern` in `text`.
  static func captures(_ pattern: String, in text: String) -> [String] {
    pairs(pattern, in: text).map(\.0)
  }

  /// The first two capture groups (the second empty when absent) of every match.
  static func pairs(_ pattern: String, in text: String) -> [(String, String)] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).map { match in
      func group(_ index: Int) -> String {
        guard index < match.numberOfRanges, let range = Range(match.range(at: index), in: text) else { return "" }
        return String(text[range])
      }
      return (group(1), group(2))
    }
  }
}
