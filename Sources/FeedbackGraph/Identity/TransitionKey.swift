/// A declared transition's identity by content: its source and event patterns, its
/// targets, its label and its guard's description — never its position. Stable when
/// transitions are reordered or others are added, changed or removed; different when the
/// transition itself changes.
///
/// Two identical declarations in one graph are told apart by their order among themselves
/// (`#2` for the second), so every key is unique in its graph.
///
/// A ``TransitionID`` is a position in one graph; a key is what a transition is in every
/// version of its system. Replay compares recorded transitions with replayed ones by key,
/// so a trace recorded before a reorder still replays after it:
///
/// ```swift
/// let keys = graph.transitionKeys  // [TransitionID: TransitionKey]
/// let same = recorded.transitionKeys[step.transition!] == keys[replayed.transition!]  // the same transition
/// ```
package struct TransitionKey: Hashable, Sendable, CustomStringConvertible {
  /// `fnv1a64:` and 16 hex digits of the content, then `#n` for the n-th identical one (n ≥ 2).
  package let rawValue: String

  /// The key written as `rawValue`.
  package init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The key of `edge`'s content, as its `occurrence`-th identical declaration (from 1).
  package init(_ edge: TransitionEdge, occurrence: Int = 1) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Self.content(of: edge).utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    rawValue =
      "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex + (occurrence > 1 ? "#\(occurrence)" : "")
  }

  /// The key itself.
  package var description: String { rawValue }

  /// Every part of the edge but its id, each length-prefixed so that no two contents read
  /// alike.
  static func content(of edge: TransitionEdge) -> String {
    let parts: [String?] =
      [
        edge.fromMatch.rawValue, edge.from, edge.eventMatch.rawValue, edge.event,
        edge.isComputed ? "computed" : "fixed",
      ]
      + edge.to + ["|", edge.label, edge.guardDescription]
    return parts.map { part in part.map { "\($0.utf8.count):\($0)" } ?? "-" }.joined(separator: ",")
  }
}

extension SystemGraph {
  /// Each declared transition's content key (see ``TransitionKey``).
  ///
  /// - Complexity: O(n) in the transitions and their text.
  package var transitionKeys: [TransitionID: TransitionKey] {
    var seen: [TransitionKey: Int] = [:]
    var keys: [TransitionID: TransitionKey] = [:]
    for edge in transitions {
      let first = TransitionKey(edge)
      let occurrence = seen[first, default: 0] + 1
      seen[first] = occurrence
      keys[edge.id] = occurrence == 1 ? first : TransitionKey(edge, occurrence: occurrence)
    }
    return keys
  }
}
