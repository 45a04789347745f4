import DiagramCLI
import Foundation
import Testing

/// `diagram watch`'s bad input: one line naming what is wrong, before any server starts.
@Suite(.serialized) struct WatchCommandTests {
  @Test func aFolderThatIsNotThereIsOneLine() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)").path
    let error = #expect(throws: DiagramCLIError.self) { try Fixtures.run(["watch", missing]) }
    #expect(
      error?.message(commandName: "diagram")
        == "\(missing) is not a folder: diagram watch shows the trace files of a folder")
  }

  @Test func aFileIsNotAFolder() throws {
    let folder = try Fixtures.temporaryFolder()
    let file = folder.appendingPathComponent("trace.jsonl")
    try Data().write(to: file)
    let error = #expect(throws: DiagramCLIError.self) { try Fixtures.run(["watch", file.path]) }
    #expect(error == .watch("\(file.path) is not a folder: diagram watch shows the trace files of a folder"))
  }

  @Test(arguments: [
    (["--keep", "0"], "--keep 0: a loop must keep at least 1 step"),
    (["--port", "70000"], "--port 70000 is not a port (0–65535)"),
    (["--seconds", "0"], "--seconds 0.0: expected a positive duration"),
  ])
  func badOptionsAreOneLine(options: [String], message: String) throws {
    let folder = try Fixtures.temporaryFolder()
    #expect(throws: (any Error).self) { try Fixtures.run(["watch", folder.path] + options) }
    do {
      _ = try Fixtures.Tool.parseAsRoot(["watch", folder.path] + options)
      Issue.record("parsed")
    } catch {
      #expect(Fixtures.Tool.message(for: error) == message)
    }
  }

  @Test func itServesForTheSecondsGivenThenStops() throws {
    let folder = try Fixtures.temporaryFolder()
    let start = ContinuousClock.now
    try Fixtures.run(["watch", folder.path, "--seconds", "0.5"])
    #expect(ContinuousClock.now - start < .seconds(20))
  }
}
