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

  /// The built binary (in process, the command's wait for its server would hold one of the
  /// few threads the server's tasks need while other tests hold the rest).
  @Test func itPrintsTheURLWithItsTokenServesForTheSecondsGivenThenStops() throws {
    let folder = try Fixtures.temporaryFolder()
    let run = try DiagramBinaryTests.run(["watch", folder.path, "--seconds", "1"], in: folder)
    #expect(run.status == 0, "\(run.output)")
    let prefix = "Watching \(folder.path): http://127.0.0.1:"
    #expect(run.output.hasPrefix(prefix), "\(run.output)")
    let token = run.output.split(separator: "?token=").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(token?.count == 32 && token?.allSatisfy(\.isHexDigit) == true, "\(run.output)")
  }

}
