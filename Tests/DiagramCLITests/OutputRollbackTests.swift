@testable import DiagramCLI
import FeedbackDiagram
import Foundation
import Testing

/// The swap's rollback: a rename that fails halfway through a run puts back every file the
/// run had already replaced, and removes those it had added.
@Suite struct OutputRollbackTests {
  struct RenameRefused: Error, LocalizedError {
    var errorDescription: String? { "rename refused by the test" }
  }

  @Test func aRenameThatFailsMidwayPutsTheFolderBack() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (plan, files) = try OutputSafetyTests.files(["Light"])
    try DiagramOutput.write(files, to: folder, systems: plan.systems)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let before = OutputSafetyTests.snapshot(folder)

    // The second run replaces the two files and adds a third; the fourth rename fails: by
    // then one file was moved aside and replaced, and a second one moved aside.
    let changed = files.map { ($0.name, Data("changed".utf8)) } + [("Light.extra.dot", Data("new".utf8))]
    var renames = 0
    #expect {
      try DiagramOutput.write(changed, to: folder, systems: plan.systems) { from, to in
        renames += 1
        if renames == 4 { throw RenameRefused() }
        try FileManager.default.moveItem(at: from, to: to)
      }
    } throws: { error in
      "\(error)".contains("rename refused by the test")
    }
    #expect(renames == 4)
    #expect(OutputSafetyTests.snapshot(folder) == before)
  }

  @Test func aRunThatNamesOneFileTwiceIsRefused() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect {
      try DiagramOutput.write([("a.dot", Data("1".utf8)), ("a.dot", Data("2".utf8))], to: folder)
    } throws: { error in
      "\(error)" == "cannot write \(folder.appendingPathComponent("a.dot").path): written twice by one run"
    }
    #expect(OutputSafetyTests.snapshot(folder).isEmpty)
  }
}
