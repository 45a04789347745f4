import Foundation
import Testing

/// Doc comments are held to the README's rule: every ```swift block in the doc comment of a
/// public declaration (or of an enum case) under Sources/ appears, verbatim modulo
/// indentation, in a compiled test source (see `ReadmeMirrorCheck`), so that a doc example
/// that stops compiling fails a test. Blocks not yet mirrored are listed in
/// `DocCommentGaps.txt` (by file and first line): the list may only shrink — a block that
/// is mirrored now must leave it, and a new unmirrored block fails.
@Suite struct DocCommentMirrorCheckTests {
  /// The doc-comment text of `source` as a document with the source's line numbers: each
  /// line of a public declaration's `///` comment, the slashes and one space removed; every
  /// other line empty.
  static func publicDocComments(of source: String) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var out = Array(repeating: "", count: lines.count)
    var run: [Int] = []
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("///") {
        run.append(index)
        continue
      }
      if trimmed.hasPrefix("@") && !run.isEmpty { continue }  // attributes between comment and declaration
      let declaresPublic =
        (trimmed.range(of: #"(^|\s)public\s"#, options: .regularExpression) != nil
          && !trimmed.hasPrefix("public import")) || trimmed.hasPrefix("case ")
      if declaresPublic {
        for row in run {
          let text = lines[row].trimmingCharacters(in: .whitespaces).dropFirst(3)
          out[row] = String(text.hasPrefix(" ") ? text.dropFirst() : text)
        }
      }
      run = []
    }
    return out.joined(separator: "\n")
  }

  /// The gaps file; `RECORD_DOC_GAPS=1 swift test --filter DocCommentMirrorCheckTests`
  /// rewrites it (review the diff: it may only lose lines).
  static let gapsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("DocCommentGaps.txt")

  /// `path|first line` of each unmirrored block the gaps file lists.
  static func gaps() throws -> Set<String> {
    let text = try String(contentsOf: gapsURL, encoding: .utf8)
    return Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
  }

  @Test func everySwiftBlockOfAPublicDocCommentIsCompiledByATestOrListedAsAGap() throws {
    let root = ReadmeMirrorCheckTests.root
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let sources = try ReadmeMirrorCheckTests.testSources(manifest: manifest)
    let folder = root.appendingPathComponent("Sources")
    var unmirrored: Set<String> = []
    var failures: [String: [String]] = [:]
    var blocks = 0
    let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    for case let url as URL in walker where url.pathExtension == "swift" {
      let path = "Sources/" + url.path.dropFirst(folder.path.count + 1)
      let document = Self.publicDocComments(of: try String(contentsOf: url, encoding: .utf8))
      let snippets = ReadmeSnippet.all(in: document)
      guard !snippets.isEmpty else { continue }
      blocks += snippets.count
      let check = ReadmeMirrorCheck(readme: document, sources: sources, document: path, manifest: manifest)
      for failure in check.failures() {
        // `path:line: …`: the block whose fence is on that line.
        let line = Int(failure.dropFirst(path.count + 1).prefix { $0.isNumber }) ?? 0
        guard let snippet = snippets.first(where: { $0.line == line }) else { continue }
        let key = "\(path)|\(snippet.lines.first ?? "")"
        unmirrored.insert(key)
        failures[key, default: []].append(failure)
      }
    }
    #expect(blocks >= 50, "the doc comments' swift blocks were not found")
    if ProcessInfo.processInfo.environment["RECORD_DOC_GAPS"] == "1" {
      let header = "# Doc-comment swift blocks no test compiles yet: `path|first line`. May only shrink.\n"
      try (header + unmirrored.sorted().joined(separator: "\n") + "\n").write(
        to: Self.gapsURL, atomically: true, encoding: .utf8)
      return
    }
    let listed = try Self.gaps()
    for key in unmirrored.subtracting(listed).sorted() {
      Issue.record(Comment(rawValue: (failures[key] ?? []).joined(separator: "\n")))
    }
    for key in listed.subtracting(unmirrored).sorted() {
      Issue.record("\(key) is mirrored by a test now (or gone): remove it from DocCommentGaps.txt")
    }
  }

  @Test func onlyPublicDeclarationsCommentsAreReadWithTheirLineNumbers() {
    let source = """
      /// ```swift
      /// let a = 1
      /// ```
      @inlinable
      public func a() {}
      /// ```swift
      /// let b = 2
      /// ```
      func b() {}
      """
    let document = Self.publicDocComments(of: source)
    #expect(ReadmeSnippet.all(in: document) == [ReadmeSnippet(line: 1, heading: "", lines: ["let a = 1"])])
  }
}
