public import FeedbackGraph
public import FeedbackLoop
import FeedbackLoopTracing
package import Foundation

extension ExplorerPath {
  /// The path as a `Trace` of `system`, which `diagram trace` draws and
  /// `diagram coverage` counts: the initial step, then one event step per event (time
  /// stands still: the explorer abstracts it away). Its header says the explorer wrote it
  /// (`TraceOrigin.explorer`), so coverage does not count it as a test's.
  ///
  /// ```swift
  /// let trace = finding.path!.trace(of: system, test: "explorer", outcome: .failed(at: 2, message: finding.message))
  /// try trace.jsonLines().write(to: url)
  /// ```
  public func trace(of system: System<State, Event>, test: String, outcome: TraceOutcome) -> Trace {
    let mapper = TraceStepMapper(system: system)
    var steps = [mapper.step(.initial(state: initial), index: 0, timeNanoseconds: 0)]
    for step in self.steps {
      // A timeless path step carries no effect id: the mapper's fields, not a `LoopStep`.
      steps.append(
        mapper.record(
          step.kind, index: steps.count, time: 0, event: step.event, feedback: step.feedback?.id, before: step.before,
          after: step.after, transition: step.transition))
    }
    return Trace(header: mapper.header(test: test, origin: .explorer, outcome: outcome), steps: steps)
  }
}

extension Exploration {
  /// The finding's path as a failing trace (its last step marked), or `nil` for a finding
  /// without a path.
  public func trace(for finding: ExplorerFinding<State, Event>) -> Trace? {
    guard let path = finding.path else { return nil }
    return path.trace(
      of: system, test: "explorer: \(finding.slug)", outcome: .failed(at: path.steps.count, message: finding.message))
  }

  /// Writes each finding with a path as a trace file into `directory` (created if needed):
  /// `<System>-explorer-<n>-<slug>.jsonl`. Returns the files, in the findings' order.
  @discardableResult
  package func writeTraces(to directory: URL) throws -> [URL] {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var urls: [URL] = []
    for (number, finding) in findings.enumerated() {
      guard let trace = trace(for: finding) else { continue }
      let name = SafeFileName.make("\(system.name)-explorer-\(number + 1)-\(finding.slug)", fallback: "explorer")
      let url = directory.appendingPathComponent(name + ".jsonl")
      try trace.jsonLines().write(to: url, options: .atomic)
      urls.append(url)
    }
    return urls
  }
}
