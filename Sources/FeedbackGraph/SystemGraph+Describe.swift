extension SystemGraph {
  /// The declared transition with `id`, if the graph has one.
  package func transition(_ id: TransitionID) -> TransitionEdge? {
    transitions.indices.contains(id.index) && transitions[id.index].id == id
      ? transitions[id.index] : transitions.first { $0.id == id }
  }

  /// A transition as people read it: `red —tick→ green`, with its label and guard when it
  /// has them (`idle —increase→ idle (value + 1)`, `form —submit→ sending [form is valid]`).
  /// Wildcards read `any state` and `any event`; computed targets are listed in braces.
  public func describe(_ id: TransitionID) -> String {
    guard let edge = transition(id) else { return "\(id) (not declared in \(name))" }
    return edge.summary
  }

  /// The name of the feedback with `id`, or `feedback #n` when the graph has none such.
  package func feedbackName(_ id: FeedbackID) -> String {
    feedbacks.indices.contains(id.index) ? feedbacks[id.index].name : id.description
  }
}

extension TransitionEdge {
  /// `red —tick→ green (label) [guard]`: the transition as people read it.
  package var summary: String {
    let target = to.count == 1 ? to[0] : "{" + to.joined(separator: ", ") + "}"
    var text = "\(from ?? "any state") —\(event ?? "any event")→ \(target)"
    if let label { text += " (\(label))" }
    if let guardDescription { text += " [\(guardDescription)]" }
    return text
  }
}
