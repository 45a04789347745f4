import DiagramCLI
import Foundation
import Testing

/// Lacking test (4) of issue #19: `diagram` never takes a foreign `.diagram-files` for its
/// own manifest, and never overwrites it (23 bytes of the user's once became 79 of `diagram`'s).
@Suite struct OutputManifestTests {
  /// Files named `.diagram-files` that `diagram` did not write: text, JSON of another shape,
  /// and a manifest of another version.
  static let foreign = [
    "my notes, keep them!!\n\n",
    #"{"files":["a.svg"]}"#,
    #"{"files":[],"schemaVersion":2,"systems":[]}"#,
  ]

  @Test(arguments: foreign)
  func aForeignDiagramFilesIsNeverTakenForTheManifestNorOverwritten(contents: String) throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = folder.appendingPathComponent(".diagram-files")
    try Data(contents.utf8).write(to: manifest)
    let refusal = DiagramCLIError.foreignManifest(path: manifest.path)
    #expect(
      refusal.description
        == "\(manifest.path) is not a manifest diagram wrote; move it away, or choose another --output")

    #expect(throws: refusal) { try OutputManifest.read(in: folder) }
    for arguments in [
      ["render", "TrafficLight", "--output", folder.path, "--format", "dot"],
      ["atlas", "TrafficLight", "--output", folder.path, "--format", "dot"],
      ["coverage", Fixtures.path("complete"), "--output", folder.path, "--format", "dot"],
    ] {
      #expect(throws: refusal, "\(arguments[0])") { try Fixtures.run(arguments) }
    }
    #expect(throws: refusal) { try DiagramOutput.write([("a.dot", Data("digraph {}".utf8))], to: folder) }
    #expect(try String(contentsOf: manifest, encoding: .utf8) == contents)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".diagram-files"])
  }
}
