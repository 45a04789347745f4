import ArgumentParser
import FeedbackDiagram
import FeedbackLoopInspector
import FeedbackLoopSupport
import Foundation

extension DiagramTool {
  /// `diagram watch DIR`: serves a local page that shows, live, every loop whose trace files
  /// appear or grow in `DIR` (``Inspector``).
  struct WatchCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "watch",
        abstract: "Serve a local page that shows the loops whose trace files appear or grow in a folder, live.",
        discussion: """
          Listens on 127.0.0.1 unless --host is given, and prints the page's URL with a random token \
          that every request must carry. Each loop keeps its last --keep steps; a new or replaced \
          trace file of the same system starts a new session.
          """)
    }

    @Argument(help: "The folder an app writes its trace files (*.jsonl) into.")
    var folder: String

    @Option(name: .long, help: "The address to listen on (other machines can reach anything but the loopback).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port (0: a free one).")
    var port = 0

    @Option(name: .long, help: "The steps each loop keeps (the last ones).")
    var keep = 5_000

    @Option(name: .long, help: "Stop after this many seconds (default: run until interrupted).")
    var seconds: Double?

    @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
    var theme = ThemeChoice.light

    func validate() throws {
      try theme.validate()
      guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port (0–65535)") }
      guard keep >= 1 else { throw ValidationError("--keep \(keep): a loop must keep at least 1 step") }
      if let seconds, !(seconds > 0) { throw ValidationError("--seconds \(seconds): expected a positive duration") }
    }

    func run() throws {
      var configuration = InspectorConfiguration(folder: URL(fileURLWithPath: folder, isDirectory: true))
      configuration.host = host
      configuration.port = port
      configuration.maximumSteps = keep
      configuration.theme = try theme.theme()
      configuration.registered = Catalog.systems
      let inspector: Inspector
      do {
        inspector = try Inspector(configuration: configuration)
      } catch let error as InspectorError {
        throw DiagramCLIError.watch(error.description)
      }
      let failure = Protected<String?>(nil)
      let done = DispatchSemaphore(value: 0)
      let limit = seconds
      let (folderPath, address) = (configuration.folder.path, "\(configuration.host):\(configuration.port)")
      let task = Task {
        do {
          try await inspector.run { url in
            // Unbuffered: a script that reads the URL from a pipe gets it at once.
            FileHandle.standardOutput.write(Data("Watching \(folderPath): \(url.absoluteString)\n".utf8))
          }
        } catch is CancellationError {
        } catch {
          failure.withLock { $0 = "cannot serve on \(address): \(error)" }
        }
        done.signal()
      }
      if let limit {
        if done.wait(timeout: .now() + limit) == .timedOut {
          task.cancel()
          done.wait()
        }
      } else {
        done.wait()
      }
      if let message = failure.withLock({ $0 }) { throw DiagramCLIError.watch(message) }
    }
  }
}
