public import FeedbackGraph
import FeedbackLoop
import Foundation

extension LoopRecorder {
  /// The recording as a ``FeedbackGraph/Trace``: one ``FeedbackGraph/Step`` per step,
  /// values rendered with `String(describing:)`, nodes named as the system's graph names
  /// them.
  public var trace: Trace {
    var steps: [Step] = []
    for recorded in self.steps {
      var step = Step(index: steps.count, timeNanoseconds: Self.nanoseconds(recorded.time), kind: .initial)
      switch recorded.activity {
      case .started(let state):
        step.stateAfter = describe(state)
        step.toNode = system.nodeName(of: state)
      case .reduced(let event, let source, let before, let after, let transition):
        step.kind = .event
        fill(&step, event, source, before, after)
        step.transition = transition
      case .ignored(let event, let source, let state):
        step.kind = .ignoredEvent
        fill(&step, event, source, state, state)
      case .undeclaredTransition(let event, let source, let before, let after, let transition):
        step.kind = .undeclaredTransition
        fill(&step, event, source, before, after)
        step.transition = transition
      case .effectStarted(let id, let feedback):
        step.kind = .effectStarted
        (step.effect, step.feedback) = (id.rawValue, feedback)
      case .effectEmitted(let id, let feedback, let event):
        step.kind = .effectEmitted
        (step.effect, step.feedback, step.event) = (id.rawValue, feedback, describe(event))
        step.eventID = system.nodeName(ofEvent: event)
      case .effectFinished(let id, let feedback):
        step.kind = .effectFinished
        (step.effect, step.feedback) = (id.rawValue, feedback)
      case .effectCancelled(let id, let feedback):
        step.kind = .effectCancelled
        (step.effect, step.feedback) = (id.rawValue, feedback)
      case .stopped:
        continue
      }
      steps.append(step)
    }
    return Trace(system: system.name, test: testName, steps: steps)
  }

  private func fill(_ step: inout Step, _ event: Event, _ source: EventSource, _ before: State, _ after: State) {
    step.source = "\(source)"
    step.event = describe(event)
    step.eventID = system.nodeName(ofEvent: event)
    step.stateBefore = describe(before)
    step.stateAfter = describe(after)
    step.fromNode = system.nodeName(of: before)
    step.toNode = system.nodeName(of: after)
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// Writes the trace as JSON Lines into `directory` (created if needed), named after the
  /// system and the test: `TrafficLight-lightCycles.jsonl`. Returns the file's URL.
  @discardableResult
  public func writeTrace(to directory: URL) throws -> URL {
    let name = "\(system.name)-\(testName)".map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
    let file = directory.appendingPathComponent(String(name).trimmingCharacters(in: CharacterSet(charactersIn: "_")) + ".jsonl")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try trace.jsonLines().write(to: file, options: .atomic)
    return file
  }

  func writeTraceIfAsked(at site: CallSite) {
    guard let traceDirectory else { return }
    do {
      try writeTrace(to: traceDirectory)
    } catch {
      FailureReport(
        heading: "The trace of \(testName) could not be written to \(traceDirectory.path): \(error.localizedDescription)",
        diff: nil,
        timeline: "",
        fix: "point FEEDBACKLOOP_TRACE_DIR (or traceDirectory:) at a writable directory."
      ).report(at: site)
    }
  }
}
