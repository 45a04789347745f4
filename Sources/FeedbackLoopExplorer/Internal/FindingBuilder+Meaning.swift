import FeedbackGraph
import FeedbackLoop

// The findings about what the user means (final states, properties of moves, progress):
// their messages, shared by the exploration and the replay, so both say the same.
extension FindingBuilder {
  /// The meaning findings the search noted, in order: properties (in declaration order),
  /// the first move out of a final state, effects in flight at the end (by feedback).
  func meaningFindings() -> [ExplorerFinding<State, Event>] {
    var findings: [ExplorerFinding<State, Event>] = []
    let model = storage.model
    for (number, found) in record.propertyViolations.enumerated() where found.state >= 0 {
      var path = storage.path(to: Int(found.state), then: found.choice < 0 ? nil : Int(found.choice))
      let property = model.explorer.properties[number]
      if let first = path.steps.firstIndex(where: { !property.holds($0.before, ExplorerMove($0), $0.after) }) {
        path.steps.removeSubrange((first + 1)...)
      }
      findings.append(Self.propertyFinding(property.description, path: path, system: storage.system))
    }
    if record.finalLeft.state >= 0 {
      let found = record.finalLeft
      var path = storage.path(to: Int(found.state), then: found.choice < 0 ? nil : Int(found.choice))
      if let first = path.steps.firstIndex(where: { model.leavesFinal($0.before, $0.after) }) {
        path.steps.removeSubrange((first + 1)...)
      }
      findings.append(
        Self.finalLeftFinding(path: path, system: storage.system, others: record.finalLeftCount - 1))
    }
    for (feedback, node) in record.effectsAtEnd.enumerated() where node >= 0 {
      let path = storage.path(to: Int(node))
      findings.append(Self.effectAtEndFinding(model.feedbacks[feedback].name, path: path, system: storage.system))
    }
    return findings
  }

  /// A broken property of moves; the path's last step is the move.
  static func propertyFinding(_ description: String, path: ExplorerPath<State, Event>, system: System<State, Event>)
    -> ExplorerFinding<State, Event>
  {
    ExplorerFinding(
      kind: .propertyViolated(description), path: path,
      message:
        "Property \"\(description)\" is broken \(after(path)): \(path.steps.last.map { move($0, system: system) } ?? "?").",
      slug: slug("property \(description)"))
  }

  /// A move out of a final state; the path's last step is the move.
  static func finalLeftFinding(path: ExplorerPath<State, Event>, system: System<State, Event>, others: Int = 0)
    -> ExplorerFinding<State, Event>
  {
    let last = path.steps.last
    let name = last.map { system.nodeName(of: $0.before) } ?? "?"
    return ExplorerFinding(
      kind: .finalStateLeft(name), path: path,
      message:
        "Final state left \(after(path)): \(last.map { move($0, system: system) } ?? "?"), a move out of a final state\(others > 0 ? " (\(others) more move\(others == 1 ? "" : "s") out of final states)" : "").",
      slug: "final-state-left")
  }

  /// A final state reached with `feedback`'s effect in flight.
  static func effectAtEndFinding(_ feedback: String, path: ExplorerPath<State, Event>, system: System<State, Event>)
    -> ExplorerFinding<State, Event>
  {
    ExplorerFinding(
      kind: .effectInFlightAtEnd(feedback: feedback), path: path,
      message:
        "Effect in flight at the end \(after(path)): \(feedback)'s effect is still running in \(state(path.final)), a final state (if it may outlive the loop's end, say so with effectsMayOutliveTheEnd(\(SwiftSource.literal(feedback)))).",
      slug: slug("effect at end \(feedback)"))
  }

  /// `cancelled —authorized (from payment)→ confirmed`: a move, its states by their node
  /// names where those tell them apart, else described.
  static func move(_ step: ExplorerPath<State, Event>.Step, system: System<State, Event>) -> String {
    var before = system.nodeName(of: step.before)
    var after = system.nodeName(of: step.after)
    if before == after {
      (before, after) = (state(step.before), state(step.after))
    }
    let label: String
    if let event = step.event {
      let written = describe(event)
      label =
        (written.hasPrefix(".") ? String(written.dropFirst()) : written)
        + (step.feedback.map { " (from \($0.name))" } ?? "")
    } else {
      label = "\(step.feedback?.name ?? "an effect")'s effect ends"
    }
    return "\(before) —\(label)→ \(after)"
  }
}
