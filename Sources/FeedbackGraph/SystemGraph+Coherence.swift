extension SystemGraph {
  /// Checks that the graph holds together: every id is non-empty and unique among its
  /// kind, and every reference (the initial state, each transition's source state, event
  /// and targets) names a declared node.
  ///
  /// ``decode(_:source:)`` runs this on every graph it reads, so that a hand-written or
  /// tampered graph file is an error naming the problem and its JSON path
  /// (`Light.json: transitions[2].to[0]: no state "blue"`), not a figure with an edge
  /// dropped or a node drawn from nowhere.
  ///
  /// - Throws: the first problem found, as a ``GraphDecodingError``.
  /// - Complexity: O(n) in the graph's nodes and edges.
  public func checkCoherence(source: String = "<data>") throws {
    func problem(_ path: String, _ reason: String) -> GraphDecodingError {
      GraphDecodingError(source: source, path: path, reason: reason)
    }
    if name.isEmpty { throw problem("name", "empty: a system needs a name") }
    let stateIDs = try Self.uniqueIDs(states.map(\.id), kind: "a state", path: "states", problem)
    let eventIDs = try Self.uniqueIDs(events.map(\.id), kind: "an event", path: "events", problem)
    guard stateIDs[initial] != nil else {
      throw problem("initial", initial.isEmpty ? "empty" : "no state \(Self.quoted(initial)) among states")
    }
    var transitionIDs: [TransitionID: Int] = [:]
    for (index, transition) in transitions.enumerated() {
      let path = "transitions[\(index)]"
      if let first = transitionIDs.updateValue(index, forKey: transition.id) {
        throw problem("\(path).id", "duplicate of transitions[\(first)].id (\(transition.id.index))")
      }
      if let from = transition.from, stateIDs[from] == nil {
        throw problem("\(path).from", "no state \(Self.quoted(from)) among states")
      }
      if let event = transition.event, eventIDs[event] == nil {
        throw problem("\(path).event", "no event \(Self.quoted(event)) among events")
      }
      if transition.to.isEmpty { throw problem("\(path).to", "empty: a transition needs a target") }
      for (targetIndex, target) in transition.to.enumerated() where stateIDs[target] == nil {
        throw problem("\(path).to[\(targetIndex)]", "no state \(Self.quoted(target)) among states")
      }
    }
    for (index, feedback) in feedbacks.enumerated() where feedback.name.isEmpty {
      throw problem("feedbacks[\(index)].name", "empty")
    }
  }

  /// The ids by first position; throws on an empty or repeated id.
  private static func uniqueIDs(
    _ ids: [String], kind: String, path: String, _ problem: (String, String) -> GraphDecodingError
  ) throws -> [String: Int] {
    var seen: [String: Int] = [:]
    for (index, id) in ids.enumerated() {
      if id.isEmpty { throw problem("\(path)[\(index)].id", "empty: \(kind) needs an id") }
      if let first = seen.updateValue(index, forKey: id) {
        throw problem("\(path)[\(index)].id", "duplicate of \(path)[\(first)].id (\(quoted(id)))")
      }
    }
    return seen
  }

  /// `"name"`, with control characters escaped so the message stays on one line.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars.prefix(200) {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
        || scalar == "\u{2028}" || scalar == "\u{2029}":
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + (text.unicodeScalars.count > 200 ? "…\"" : "\"")
  }
}
