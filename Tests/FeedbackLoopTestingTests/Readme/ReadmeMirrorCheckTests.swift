import Foundation
import Testing

/// "Every snippet in the README compiles in a test", as a test: each ```swift block of
/// README.md must appear in a compiled test source (see ``ReadmeMirrorCheck``).
@Suite struct ReadmeMirrorCheckTests {
  /// The repository's root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file of every `.testTarget` of Package.swift (this suite's own files left
  /// out: their sample READMEs must not count as copies).
  static func testSources(manifest: String) throws -> [ReadmeMirrorCheck.Source] {
    let targets = ReadmeMirrorCheck.captures(#"\.testTarget\(\s*name:\s*"([^"]+)""#, in: manifest)
    var sources: [ReadmeMirrorCheck.Source] = []
    for target in targets {
      let folder = root.appendingPathComponent("Tests/\(target)")
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker
      where url.pathExtension == "swift" && !url.lastPathComponent.hasPrefix("ReadmeMirrorCheck") {
        let path = "Tests/\(target)/" + url.path.dropFirst(folder.path.count + 1)
        sources.append(.init(path: path, text: try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return sources
  }

  @Test func everySwiftBlockOfTheReadmeIsCompiledByATest() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let check = ReadmeMirrorCheck(readme: readme, sources: try Self.testSources(manifest: manifest), manifest: manifest)
    let snippets = ReadmeSnippet.all(in: readme)
    #expect(snippets.count >= 3, "the README's swift blocks were not found")
    #expect(snippets.filter { $0.kind == .manifest }.count == 1)
    for failure in check.failures() {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// The DocC articles' code is held to the same rule: every ```swift block of every
  /// Sources/*/Documentation.docc/*.md is compiled by a test.
  @Test func everySwiftBlockOfTheDocCArticlesIsCompiledByATest() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let sources = try Self.testSources(manifest: manifest)
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
      .sorted()
    var articles = 0
    for module in modules {
      let catalog = Self.root.appendingPathComponent("Sources/\(module)/Documentation.docc")
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
      for name in names.sorted() where name.hasSuffix(".md") {
        let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
        articles += 1
        let check = ReadmeMirrorCheck(
          readme: text, sources: sources, document: "Sources/\(module)/Documentation.docc/\(name)", manifest: manifest)
        for failure in check.failures() {
          Issue.record(Comment(rawValue: failure))
        }
      }
    }
    #expect(articles >= 9, "every public module has a catalog with at least its landing page")
  }

  // MARK: The check itself, on small samples

  static let manifest = """
    let package = Package(
      name: "FeedbackLoop",
      products: [
        .library(name: "FeedbackLoop", targets: ["FeedbackLoop"]),
        .library(name: "FeedbackLoopTesting", targets: ["FeedbackLoopTesting"]),
      ],
    """

  @Test func blocksAreFoundUnderTheirHeadingsIndentedOrNotAndShellFencesAreSkipped() {
    let markdown = """
      ## Start
      ```sh
      # not a heading
      ```
      ```swift
      let a = 1
      ```
      - In a list:

        ```swift
        let b = 2
          .description
        ```
      """
    #expect(
      ReadmeSnippet.all(in: markdown) == [
        ReadmeSnippet(line: 5, heading: "Start", lines: ["let a = 1"]),
        ReadmeSnippet(line: 10, heading: "Start", lines: ["let b = 2", "  .description"]),
      ])
  }

  @Test func aBlockCopiedModuloIndentationWithItsImportsAboveATestPasses() {
    let readme = "## Run\n```swift\nimport FeedbackLoop\n\nlet loop = Loop(system)\nloop.send(.tick)\n```\n"
    let source =
      "import FeedbackLoop\nimport Testing\n\n@Test func run() {\n    let loop = Loop(system)\n    loop.send(.tick)\n}\n"
    let check = ReadmeMirrorCheck(
      readme: readme, sources: [.init(path: "Tests/T/A.swift", text: source)], manifest: Self.manifest)
    #expect(check.failures() == [])
  }

  @Test func aLineThatDiffersIsNamedWithItsClosestCopy() {
    let readme = "## Run\n```swift\nlet loop = Loop(system)\nloop.send(.tock)\n```\n"
    let source = "func run() {\n  let loop = Loop(system)\n  loop.send(.tick)\n}\n"
    let check = ReadmeMirrorCheck(
      readme: readme, sources: [.init(path: "Tests/T/A.swift", text: source)], manifest: Self.manifest)
    #expect(
      check.failures() == [
        "README.md:2: the swift block under \"Run\" is compiled by no test: README.md:4 reads `loop.send(.tock)`, "
          + "where its closest copy, Tests/T/A.swift:3, has `loop.send(.tick)`."
      ])
  }

  @Test func aBlockWhoseImportNoCopyHasFails() {
    let readme = "## Run\n```swift\nimport FeedbackLoopCombine\n\nlet loop = Loop(system)\n```\n"
    let source = "import FeedbackLoop\nlet loop = Loop(system)\n"
    let check = ReadmeMirrorCheck(
      readme: readme, sources: [.init(path: "Tests/T/A.swift", text: source)], manifest: Self.manifest)
    #expect(
      check.failures() == [
        "README.md:2: the swift block under \"Run\" is compiled by no test: no test source with its line "
          + "`let loop = Loop(system)` also has `import FeedbackLoopCombine`."
      ])
  }

  @Test func onlyImportsAndMainCanBeStoodInForByAComment() {
    let readme =
      "## Own\n```swift\nimport MyFeature\n\n@main\nstruct Tool {}\n```\n## Other\n```swift\nlet x = secret()\n```\n"
    let source = "// README: import MyFeature\n// README: @main\nstruct Tool {}\n// README: let x = secret()\n"
    let check = ReadmeMirrorCheck(
      readme: readme, sources: [.init(path: "Tests/T/A.swift", text: source)], manifest: Self.manifest)
    #expect(
      check.failures() == [
        "README.md:9: the swift block under \"Other\" is compiled by no test: no test source has its line `let x = secret()`."
      ])
  }

  @Test func aManifestBlockIsCheckedAgainstThePackagesNames() {
    let readme = """
      ## Use
      ```swift
      // Package.swift
      .package(path: "../Feedback"),
      .target(name: "App", dependencies: [.product(name: "FeedbackLoop", package: "FeedbackLoop")]),
      .testTarget(name: "AppTests", dependencies: [.product(name: "FeedbackTesting", package: "FeedbackLoop")]),
      ```
      """
    let check = ReadmeMirrorCheck(readme: readme, sources: [], manifest: Self.manifest)
    #expect(
      check.failures() == [
        "README.md:4: .package(path: \"../Feedback\") names the folder \"Feedback\", not \"FeedbackLoop\".",
        "README.md:6: .product(name: \"FeedbackTesting\") is no library of Package.swift (it has FeedbackLoop, FeedbackLoopTesting).",
      ])
  }
}
