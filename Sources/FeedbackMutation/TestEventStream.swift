import Foundation

/// What a Swift Testing process wrote with `--event-stream-output-path` (JSON Lines, schema
/// version 0): per test ID, whether it started, ended and which issues it recorded. Lines
/// that are not JSON or of another kind are skipped, as the schema asks of readers.
struct TestEventStream {
  /// Per test ID (opaque: `Module.Suite/name()/File.swift:3:4`), what happened to it.
  var tests: [String: Record] = [:]

  /// What happened to one test.
  struct Record {
    var started = false
    var ended = false
    /// The first lines of the failing issues' messages.
    var failures: [String] = []
  }

  init(data: Data) {
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
        object["kind"] as? String == "event", let payload = object["payload"] as? [String: Any],
        let id = payload["testID"] as? String, let kind = payload["kind"] as? String
      else { continue }
      switch kind {
      case "testStarted": tests[id, default: Record()].started = true
      case "testEnded", "testSkipped", "testCancelled": tests[id, default: Record()].ended = true
      case "issueRecorded":
        let issue = payload["issue"] as? [String: Any] ?? [:]
        let known = issue["isKnown"] as? Bool ?? false
        let failing = issue["isFailure"] as? Bool ?? (issue["severity"] as? String).map { $0 != "warning" } ?? true
        guard !known, failing else { continue }
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        tests[id, default: Record()].failures.append(
          messages.first.map { String($0.split(whereSeparator: \.isNewline).first ?? "") } ?? "an issue")
      default: continue
      }
    }
  }

  /// How the test with these identifiers (`Module.Suite/name()`, as `swift test list`
  /// prints them) ended: failed on an issue; else passed once each ended; else, a test that
  /// started and never ended timed out (`timedOut`) or crashed the process; else not run.
  func outcome(of identifiers: [String], timedOut: Bool) -> MutantBatch.Outcome {
    let records = tests.filter { id, _ in
      identifiers.contains { id == $0 || id.hasPrefix($0 + "/") }
    }.values
    if let failure = records.flatMap(\.failures).first { return .failed(failure) }
    guard records.contains(where: \.started) else { return .notRun }
    if records.allSatisfy({ !$0.started || $0.ended }) { return .passed }
    return timedOut ? .timedOut : .failed("the test process ended during the test (a crash)")
  }
}
