extension SystemGraph {
  /// Checks that the graph holds together: every id is non-empty and unique among its
  /// kind, every reference (the initial state, each transition's source state, event
  /// and targets) names a declared node, and every string is printable. A fixed transition
  /// needs a target; a computed one may declare none.
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
    for (path, text) in names {
      if let reason = Self.unprintable(text) { throw problem(path, reason) }
    }
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
      // A computed transition that declares no targets (the runtime writes it so: its
      // targets are known only when it runs) has none to check.
      if transition.to.isEmpty, !transition.isComputed {
        throw problem("\(path).to", "empty: a transition needs a target")
      }
      for (targetIndex, target) in transition.to.enumerated() where stateIDs[target] == nil {
        throw problem("\(path).to[\(targetIndex)]", "no state \(Self.quoted(target)) among states")
      }
    }
    for (index, feedback) in feedbacks.enumerated() where feedback.name.isEmpty {
      throw problem("feedbacks[\(index)].name", "empty")
    }
  }

  /// Every string of the graph, with its JSON path: every one is a name a figure may print.
  /// (Transitions' `from`, `event` and `to` name states and events, checked as references.)
  var names: [(path: String, text: String)] {
    var result: [(String, String)] = [("name", name), ("initial", initial)]
    for (index, state) in states.enumerated() {
      result.append(("states[\(index)].id", state.id))
      for (field, text) in state.fields.enumerated() { result.append(("states[\(index)].fields[\(field)]", text)) }
    }
    for (index, event) in events.enumerated() { result.append(("events[\(index)].id", event.id)) }
    for (index, transition) in transitions.enumerated() {
      if let label = transition.label { result.append(("transitions[\(index)].label", label)) }
      if let guardText = transition.guardDescription {
        result.append(("transitions[\(index)].guardDescription", guardText))
      }
    }
    for (index, feedback) in feedbacks.enumerated() {
      result += [("feedbacks[\(index)].name", feedback.name), ("feedbacks[\(index)].watches", feedback.watches)]
      if let strategy = feedback.strategy { result.append(("feedbacks[\(index)].strategy", strategy)) }
      for (emitted, text) in feedback.emits.enumerated() {
        result.append(("feedbacks[\(index)].emits[\(emitted)]", text))
      }
    }
    return result
  }

  /// Why `text` cannot be drawn, if it cannot: a control character (figures are XML, which
  /// has no place for them, and a line break or tab would not show as written), a
  /// noncharacter, or a byte-order mark (which Graphviz drops).
  static func unprintable(_ text: String) -> String? {
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let value = scalar.value
      let control = value < 0x20 || (0x7F...0x9F).contains(value)
      let noncharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
      let byteOrderMark = value == 0xFEFF  // Graphviz drops it at the start of a label
      if control || noncharacter || byteOrderMark {
        let code =
          "U+" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count))
          + String(value, radix: 16, uppercase: true)
        let kind = control ? "a control character" : noncharacter ? "a noncharacter" : "a byte-order mark"
        return "contains \(code) (\(kind)) at character \(offset); names must be printable"
      }
    }
    return nil
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

  /// A name quoted for a one-line message (``messageQuoted(_:limit:)``).
  static func quoted(_ text: String) -> String {
    messageQuoted(text, limit: 200)
  }
}
