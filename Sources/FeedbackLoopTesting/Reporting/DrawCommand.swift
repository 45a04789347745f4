import FeedbackGraph
import FeedbackLoopSupport
package import Foundation

/// The command a failure message suggests for drawing a trace file.
///
/// In order:
/// 1. `FEEDBACKLOOP_DIAGRAM_COMMAND`, when set, names the command (`swift run my-diagrams`).
/// 2. In a package whose root the kit found (``FailureTraces/packageRoot(ofSourceFile:)``):
///    the package's own `DiagramCommand` executable, a folder of `Sources/` with a file that
///    conforms a type to `DiagramCommand` (`swift run my-diagrams`), else FeedbackLoop's own
///    `diagram` executable product, which draws any trace the kit writes (a trace carries the
///    graph it was recorded against): `swift run diagram`. Run from the package root: the
///    command starts with `cd ROOT &&` when the tests ran elsewhere.
/// 3. Otherwise the suggestion names what to set: `swift run <your DiagramCommand executable>
///    trace …`, and the variable that names it.
package enum DrawCommand {
  /// The environment variable naming the command that runs the package's `DiagramCommand`.
  package static let environmentVariable = "FEEDBACKLOOP_DIAGRAM_COMMAND"

  /// `Draw it: swift run <your DiagramCommand executable> trace PATH`, or with the command
  /// the environment names; the path quoted for a shell.
  ///
  /// - Parameters:
  ///   - path: the trace file.
  ///   - environment: where `FEEDBACKLOOP_DIAGRAM_COMMAND` is looked up.
  ///   - root: the package root, when known; the command is found in it.
  ///   - directory: where the tests run (the working directory).
  package static func drawIt(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment, root: URL? = nil,
    directory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let quoted = FailureReport.shellQuoted(path)
    if let command = environment[environmentVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
      return "Draw it: \(command) trace \(quoted)"
    }
    guard let root else {
      return
        "Draw it: swift run <your DiagramCommand executable> trace \(quoted) (set \(environmentVariable) to that command and this line names it)"
    }
    let here = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
    let cd = here == root.standardizedFileURL.path ? "" : "cd \(FailureReport.shellQuoted(root.path)) && "
    return "Draw it: \(cd)swift run \(executable(in: root)) trace \(quoted)"
  }

  /// The executable that draws traces in the package at `root`: the first folder of
  /// `Sources/` (by name) with a Swift file that conforms a type to `DiagramCommand`, else
  /// `diagram`, FeedbackLoop's own.
  package static func executable(in root: URL) -> String {
    if let known = executables.withLock({ $0[root.path] }) { return known }
    let found = findExecutable(in: root)
    executables.withLock { $0[root.path] = found }
    return found
  }

  /// The executables found, by package root: a failing suite asks once per package.
  private static let executables = Protected<[String: String]>([:])

  /// ``executable(in:)``, looked for without the cache.
  package static func findExecutable(in root: URL) -> String {
    let sources = root.appendingPathComponent("Sources", isDirectory: true)
    let manager = FileManager.default
    let targets = ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
    for target in targets where SafeFileName.make(target, fallback: "") == target {
      let folder = sources.appendingPathComponent(target, isDirectory: true)
      guard let files = manager.enumerator(atPath: folder.path) else { continue }
      for case let file as String in files where file.hasSuffix(".swift") {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
        if declaresDiagramCommand(text) { return target }
      }
    }
    return "diagram"
  }

  /// Whether Swift source `text` has an `@main` type that conforms to `DiagramCommand`
  /// (`struct Diagrams: DiagramCommand {`), outside comments.
  package static func declaresDiagramCommand(_ text: String) -> Bool {
    let code = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.hasPrefix("//") && !$0.hasPrefix("*") && !$0.hasPrefix("/*") }
    let conforms = code.contains { line in
      [":", ","].contains { separator in
        line.replacingOccurrences(of: " ", with: "").contains("\(separator)DiagramCommand")
      }
    }
    return conforms && code.contains { $0.hasPrefix("@main") }
  }

  /// `Step through it: file:///…/Diagrams/Door.wrongState.trace.html#step=1 (once drawn)`:
  /// the page the command writes into `Diagrams/` (its default folder) under `directory`
  /// (the tests' working directory: the package's root), opened at `step`. Named as
  /// `diagram trace` names it: the system's and the test's names in safe characters.
  package static func stepThroughIt(
    system: String, test: String, step: Int?, directory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let stem = SafeFileName.make(system, fallback: "system", maximumLength: 80)
    let page = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("Diagrams")
      .appendingPathComponent("\(stem).\(SafeFileName.make(test, fallback: "trace")).trace.html")
    return "Step through it: \(page.absoluteString)\(step.map { "#step=\($0)" } ?? "") (once drawn)"
  }
}
