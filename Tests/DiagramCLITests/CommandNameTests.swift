import DiagramCLI
import FeedbackGraph
import Foundation
import Testing

/// A package's own diagram executable goes by its own name (issue #9): the same program,
/// started as `checkout-diagrams`, says so in its help and its messages.
@Suite struct CommandNameTests {
  @Test func helpAndMessagesUseTheExecutablesOwnName() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let renamed = folder.appendingPathComponent("checkout-diagrams")
    try FileManager.default.createSymbolicLink(at: renamed, withDestinationURL: DiagramBinaryTests.binary)

    let help = try DiagramBinaryTests.run(["--help"], in: folder, executable: renamed)
    #expect(help.output.contains("USAGE: checkout-diagrams <subcommand>"))
    #expect(!help.output.contains("USAGE: diagram"))

    // Every subcommand's help goes by the same name, and names no `diagram`.
    for subcommand in ["render", "list", "check", "coverage", "trace", "explore"] {
      let help = try DiagramBinaryTests.run([subcommand, "--help"], in: folder, executable: renamed)
      #expect(help.output.contains("USAGE: checkout-diagrams \(subcommand)"))
      let words = help.output.split { !($0.isLetter || $0.isNumber || $0 == "-") }
      #expect(!words.contains("diagram"), "\(subcommand) --help names `diagram`")
    }

    let check = try DiagramBinaryTests.run(
      ["check", "TrafficLight", "--output", "Nowhere"], in: folder, executable: renamed)
    #expect(check.status != 0)
    #expect(check.output.contains("run `swift run checkout-diagrams` and commit the result"))
  }

  struct Checkout: DiagramCommand {
    static var systems: [SystemGraph] { [] }
  }

  @Test func theDefaultNameIsTheExecutablesFileName() {
    #expect(Checkout.commandName == CommandLine.arguments[0].split(separator: "/").last.map(String.init))
  }
}
