import Foundation
import FeedbackLoopSupport

/// SPIN 6.5.2 on the Promela translation of an explorer row's model, run on this machine
/// right before the explorer's run (so that both see the same load): `spin -a`,
/// `gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=8000`, `./pan -m100000` (or the anchor's
/// ``maxDepth``), whose statistics are read. `pan.c` times its search in microseconds
/// rather than 10 ms clock ticks (``timeInMicroseconds(_:)``).
/// Without `spin` or `gcc` a row falls back to a figure measured earlier, and says so.
struct SpinAnchor: Sendable {
  /// The model's file name (`counters.pml`).
  let file: String
  /// The Promela text.
  let model: String
  /// States per second SPIN reached on this machine when `spin` was missing here.
  let fallbackRate: Double
  /// `pan`'s search depth (`-m`): its depth-first search stops deeper, and counts fewer
  /// states, so a model with long paths needs more.
  var maxDepth = 100_000

  /// What one `pan` run printed.
  struct Run {
    var statesPerSecond: Double
    /// "states, stored".
    var states: Int?
    /// "states, matched" + "states, stored": every transition `pan` took.
    var transitions: Int?
    /// "actual memory usage for states", in bytes per stored state.
    var bytesPerState: Double?
    var note: String
  }

  /// Builds `pan` once per process and model, runs it, reads its statistics.
  func run() -> Run {
    let fallback = Run(
      statesPerSecond: fallbackRate,
      note: "SPIN not run (spin or gcc missing): compared with \(fallbackRate / 1e6)M states/s")
    guard let pan = panExecutable() else { return fallback }
    guard let output = Self.run(pan.path, ["-m\(maxDepth)"], in: pan.deletingLastPathComponent()),
      let rate = Self.number(in: output, line: "pan: rate"), rate > 0
    else { return fallback }
    let states = Self.number(in: output, line: "states, stored").map { Int($0) }
    let matched = Self.number(in: output, line: "states, matched").map { Int($0) }
    let stateMegabytes = Self.number(in: output, line: "actual memory usage for states")
    let totalMegabytes = Self.number(in: output, line: "total actual memory usage")
    let bytes = zip(stateMegabytes, states).map { $0 * 1_048_576 / Double(max($1, 1)) }
    return Run(
      statesPerSecond: rate, states: states, transitions: zip(states, matched).map { $0 + $1 },
      bytesPerState: bytes,
      note:
        "SPIN 6.5.2 just before (its search timed in µs): \(String(format: "%.2f", rate / 1e6))M states/s, \(states.map(String.init) ?? "?") states, \(totalMegabytes.map { String(format: "%.0f", $0) } ?? "?") MB"
    )
  }

  /// The first number on the first line of `output` that contains `line`.
  private static func number(in output: String, line: String) -> Double? {
    guard let found = output.split(separator: "\n").first(where: { $0.contains(line) }) else { return nil }
    return found.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }.first
  }

  private static let built = Protected<[String: URL]>([:])

  private func panExecutable() -> URL? {
    if let url = Self.built.withLock({ $0[file] }) { return url }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "spin-anchor-\(ProcessInfo.processInfo.processIdentifier)-\(file.replacingOccurrences(of: ".", with: "-"))")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard (try? Data(model.utf8).write(to: folder.appendingPathComponent(file))) != nil,
      Self.run("/usr/bin/env", ["spin", "-a", file], in: folder) != nil,
      Self.timeInMicroseconds(folder.appendingPathComponent("pan.c")),
      Self.run(
        "/usr/bin/env", ["gcc", "-O2", "-DNOREDUCE", "-DSAFETY", "-DMEMLIM=8000", "-o", "pan", "pan.c"], in: folder)
        != nil
    else { return nil }
    let pan = folder.appendingPathComponent("pan")
    Self.built.withLock { $0[file] = pan }
    return pan
  }

  /// Makes `pan` time its search in microseconds. Its timer is `times()`, whose clock
  /// ticks are 10 ms here: a search of 30 to 50 ms (the 65,540 states of the upload queue)
  /// read as 0.03, 0.04 or 0.05 s, so its rate jumped between 2.18, 1.64 and 1.31M
  /// states/s from run to run. The generated `pan.c` reads a monotonic clock instead (the
  /// search itself is untouched): every `times(&start_tm)`/`times(&stop_tm)` becomes
  /// `anchor_ticks()`, and the ticks per second `sysconf(_SC_CLK_TCK)` become 1,000,000.
  /// `false` if `pan.c` does not have those lines (another SPIN version).
  private static func timeInMicroseconds(_ pan: URL) -> Bool {
    guard var text = try? String(contentsOf: pan, encoding: .utf8),
      text.contains("times(&start_tm)"), text.contains("times(&stop_tm)"), text.contains("sysconf(_SC_CLK_TCK)")
    else { return false }
    text = text.replacingOccurrences(of: "times(&start_tm)", with: "anchor_ticks()")
      .replacingOccurrences(of: "times(&stop_tm)", with: "anchor_ticks()")
      .replacingOccurrences(of: "sysconf(_SC_CLK_TCK)", with: "1000000")
    let clock = """
      #include <time.h>
      static long anchor_ticks(void) {
      	struct timespec now;
      	clock_gettime(CLOCK_MONOTONIC, &now);
      	return (long) now.tv_sec * 1000000L + now.tv_nsec / 1000;
      }

      """
    return (try? Data((clock + text).utf8).write(to: pan)) != nil
  }

  /// Runs a command; its standard output, or `nil` if it could not run or failed.
  private static func run(_ executable: String, _ arguments: [String], in folder: URL) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}

extension SpinAnchor {
  /// `explore.counters`: two counters 0…999 and a mode 0…2 (3,000,000 states).
  static let counters = SpinAnchor(
    file: "counters.pml",
    model: """
      byte mode = 0;
      short a = 0;
      short b = 0;
      active proctype loop() {
      end:
        do
        :: d_step { a < 999 -> a = a + 1 }
        :: d_step { b < 999 -> b = b + 1 }
        :: d_step { mode = (mode + 1) % 3 }
        od
      }
      """,
    fallbackRate: 2.27e6)
}
