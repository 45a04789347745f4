import Foundation
import Testing

/// Doc comments are held to the README's rule: every ```swift block in the doc comment of a
/// public declaration (or of an enum case) under Sources/ appears, verbatim modulo
/// indentation, in a compiled test source (see `ReadmeMirrorCheck`), so that a doc example
/// that stops compiling fails a test. There are no exceptions: a new block without a test
/// fails, naming the block and its closest copy. (The tests of the doc comments' examples
/// are the `DocComments/` folders of the test targets.)
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

  @Test func everySwiftBlockOfAPublicDocCommentIsCompiledByATest() throws {
    let root = ReadmeMirrorCheckTests.root
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let sources = try ReadmeMirrorCheckTests.testSources(manifest: manifest)
    let folder = root.appendingPathComponent("Sources")
    var failures: [String] = []
    var blocks = 0
    let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    for case let url as URL in walker where url.pathExtension == "swift" {
      let path = "Sources/" + url.path.dropFirst(folder.path.count + 1)
      let document = Self.publicDocComments(of: try String(contentsOf: url, encoding: .utf8))
      let snippets = ReadmeSnippet.all(in: document)
      guard !snippets.isEmpty else { continue }
      blocks += snippets.count
      let check = ReadmeMirrorCheck(readme: document, sources: sources, document: path, manifest: manifest)
      failures += check.failures()
    }
    #expect(blocks >= 50, "the doc comments' swift blocks were not found")
    for failure in failures.sorted() { Issue.record(Comment(rawValue: failure)) }
  }

  /// A doc comment's block that drifted from its test fails, naming the block's line, the
  /// line that differs and its closest copy.
  @Test func aDriftedBlockIsNamedWithItsClosestCopy() {
    let source = """
      /// Counts.
      ///
      /// ```swift
      /// let loop = Loop(counter)
      /// loop.send(.increment)
      /// ```
      public func count() {}
      """
    let test = ReadmeMirrorCheck.Source(
      path: "Tests/CounterTests.swift", text: "let loop = Loop(counter)\nloop.send(.decrement)\n")
    let check = ReadmeMirrorCheck(
      readme: Self.publicDocComments(of: source), sources: [test], document: "Sources/Counter.swift", manifest: "")
    #expect(
      check.failures() == [
        "Sources/Counter.swift:3: the swift block is compiled by no test: Sources/Counter.swift:5 reads "
          + "`loop.send(.increment)`, where its closest copy, Tests/CounterTests.swift:2, has `loop.send(.decrement)`."
      ])
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
