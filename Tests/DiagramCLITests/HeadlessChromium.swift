import Foundation
import Testing

/// Runs Debian's `chromium` headless on a page, for the report page's browser test.
///
/// Every call gets its own throw-away profile (other builds may run Chromium at the same
/// time) and a time limit: a Chromium that hangs is killed and the call throws.
struct HeadlessChromium {
  /// Why Chromium could not be used; the test fails with this, never skips.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What one run printed.
  struct Output {
    var stdout: String
    var stderr: String
  }

  /// The executable.
  var executable: URL
  /// The longest a run may take.
  var timeLimit: Duration = .seconds(60)

  /// The names tried on `PATH`, in order.
  static let names = ["chromium", "chromium-browser", "google-chrome"]

  /// Chromium from `path` (default: `PATH`), or a failure saying how to install it.
  static func find(path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") throws
    -> HeadlessChromium
  {
    for name in names {
      for folder in path.split(separator: ":") {
        let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return HeadlessChromium(executable: url) }
      }
    }
    throw Failure(
      description:
        "Chromium is missing (looked for \(names.joined(separator: ", ")) on PATH): the report page's browser test needs it; "
        + "install it with `apt-get install -y chromium` (Scripts/install-chromium.sh does, and Scripts/test runs it)")
  }

  /// Loads `page` with `arguments` added to the headless ones, and returns what Chromium printed.
  func run(_ page: URL, _ arguments: [String]) throws -> Output {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
        "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
        "--virtual-time-budget=3000", "--enable-logging=stderr", "--v=0",
      ] + arguments + [page.absoluteString]
    let stdout = try FileHandle(forWritingTo: out), stderr = try FileHandle(forWritingTo: err)
    defer {
      try? stdout.close()
      try? stderr.close()
    }
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = ContinuousClock.now + timeLimit
    while process.isRunning, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    if process.isRunning {
      process.terminate()
      Thread.sleep(forTimeInterval: 1)
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      throw Failure(
        description: "chromium \(arguments.joined(separator: " ")) took longer than \(timeLimit) and was killed")
    }
    process.waitUntilExit()
    let output = Output(
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "chromium exited with status \(process.terminationStatus): \(output.stderr.suffix(500))")
    }
    return output
  }

  /// The lines Chromium logged from the page's console (`…:CONSOLE:…`), CSP reports included.
  static func consoleLines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
  }
}

extension HeadlessChromium {
  /// Screenshots of `page` in the light and the dark scheme, kept as `<name>-light.png` and
  /// `<name>-dark.png` in `ReportPageBrowserTests.screenshotFolder`; each must be a PNG of
  /// some size, the two must differ, and the browser must have logged nothing.
  func screenshots(of page: URL, named name: String, windowSize: String) throws {
    let shots = ReportPageBrowserTests.screenshotFolder
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    // Each process shoots into a name of its own and then renames the file into place: two
    // suites run side by side (Scripts/soak) must not read or delete each other's shots.
    let own = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    var shot: [String: Data] = [:]
    // preferredColorScheme=0 makes `prefers-color-scheme: dark` match (1 is light).
    for (variant, scheme) in [("light", "1"), ("dark", "0")] {
      let file = shots.appendingPathComponent("\(name)-\(variant).\(own).png")
      defer { try? FileManager.default.removeItem(at: file) }
      let run = try run(
        page,
        ["--screenshot=\(file.path)", "--window-size=\(windowSize)", "--blink-settings=preferredColorScheme=\(scheme)"])
      #expect(Self.consoleLines(run.stderr) == [])
      shot[variant] = try Data(contentsOf: file)
      _ = rename(file.path, shots.appendingPathComponent("\(name)-\(variant).png").path)
    }
    let lightPNG = shot["light"] ?? Data(), darkPNG = shot["dark"] ?? Data()
    let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(lightPNG.prefix(8) == signature && lightPNG.count > 10_000)
    #expect(darkPNG.prefix(8) == signature && darkPNG.count > 10_000)
    #expect(lightPNG != darkPNG)
  }
}
