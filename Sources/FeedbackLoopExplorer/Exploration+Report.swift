extension Exploration {
  /// The exploration for people: what was visited and how it ended (a bound reached is
  /// said so, never "no findings"), each finding with its path, then ignored events and
  /// unexplored emissions. Deterministic: two runs print the same text.
  ///
  /// ```
  /// Explored SignIn: 9 states, 22 transitions, depth 4; complete: every reachable state was visited.
  /// 1 finding:
  /// 1. Invariant "only valid forms are submitted" is violated after 1 event: .submit: …
  /// ```
  public var report: String {
    var lines = [
      "Explored \(system.name): \(stateCount) state\(stateCount == 1 ? "" : "s"), \(transitionCount) transition\(transitionCount == 1 ? "" : "s"), depth \(depth); \(completion.sentence)"
    ]
    if findings.isEmpty {
      lines.append(isComplete ? "No findings." : "No findings within the bounds (not a proof: see above).")
    } else {
      lines.append(
        "\(findings.count) finding\(findings.count == 1 ? "" : "s")\(isComplete ? "" : " within the bounds"):")
      for (number, finding) in findings.enumerated() {
        lines.append("\(number + 1). \(finding.message)")
      }
    }
    let ignored = ignoredEvents
    if ignored.count == 1, system.graph.states.count <= 1 {
      // One node stands for every state (a struct state): naming it says nothing.
      lines.append(
        "Events ignored in some states (no declared transition accepts them; not findings): "
          + ignored[0].events.joined(separator: ", "))
    } else if !ignored.isEmpty {
      lines.append("Events ignored (no declared transition accepts them; not findings):")
      for (state, events) in ignored {
        lines.append("  in \(state): \(events.joined(separator: ", "))")
      }
    }
    if record.choicesDropped {
      lines.append("Not explored: some states have more than 65,536 events to try; only the first 65,536 were tried.")
    }
    for (feedback, event) in unexploredEmissions {
      lines.append(
        "Not explored: feedback \"\(feedback)\" declares \(event), but no sample value was given (feedbackEvents:).")
    }
    for name in storage.model.unknownSilentFeedbacks {
      lines.append(
        "Not explored: effectsMayEndSilently names \"\(name)\", but the system has no feedback of that name.")
    }
    return lines.joined(separator: "\n")
  }
}
