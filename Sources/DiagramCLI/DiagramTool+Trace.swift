import ArgumentParser
import FeedbackDiagram
import Foundation

extension DiagramTool {
  /// `diagram trace FILE`: one recorded run as a path on the machine and as a timeline, and
  /// a page to step through it (`<System>.<test>.trace.html`).
  struct TraceCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "trace",
        abstract:
          "Draw one trace file: its path on the machine, its timeline on virtual time, and a page to step through it.")
    }

    @Argument(help: "A trace file (*.jsonl).")
    var file: String

    @OptionGroup var figures: FigureOptions

    func run() throws {
      let run = try TraceRun(path: file, registered: Catalog.systems, theme: try figures.theme.theme())
      run.warnings.forEach(printError)
      run.budgetNotes.forEach(printError)
      let recorded = try OutputManifest.read(in: URL(fileURLWithPath: figures.output, isDirectory: true)).stems
      let names = try figures.write {
        try run.files(formats: $0, recorded: recorded) + [run.viewerFile(recorded: recorded)]
      }
      print("Wrote \(names.joined(separator: ", ")) into \(figures.output)/")
      print("Step through it: \(run.viewerLink(in: figures.output, recorded: recorded))")
    }
  }
}
