import FeedbackGraph

/// States gathered by enum case or state type, for the atlas's overview.
///
/// A state's group is its name up to the first `(` (the enum case of `loading(page: 3)` is
/// `loading`), without trailing digits, spaces, `_` and `-` (`state12` → `state`); a name
/// with nothing left (`42`, `(x)`) is its own group. Groups are sorted by name; members
/// keep the graph's order.
///
/// At most `limit` groups are drawn: when there are more, the largest `limit - 1` stay
/// (ties by name) and the rest are gathered in one group named ``otherName``.
package struct StateGroups: Hashable, Sendable {
  /// One group: its name and its member states.
  package struct Group: Hashable, Sendable {
    /// The case or type name (or ``StateGroups/otherName``).
    package var name: String
    /// The states in it, in the graph's order.
    package var members: [String]
  }

  /// The name of the group that gathers the smallest groups past `limit`.
  package static let otherName = "other cases"

  /// The groups, sorted by name (``otherName`` last).
  package private(set) var groups: [Group]
  /// Each state's group index in ``groups``.
  package private(set) var groupOf: [String: Int]
  /// How many groups were gathered into ``otherName`` (0 when none were).
  package private(set) var gathered: Int

  /// The groups of `states`, at most `limit` of them.
  package init(states: [String], limit: Int = 40) {
    var byName: [String: [String]] = [:]
    for state in states { byName[Self.groupName(of: state), default: []].append(state) }
    var kept = byName.keys.sorted()
    var other: [String] = []
    gathered = 0
    if kept.count > max(limit, 2) {
      let ranked = kept.sorted { (byName[$0]!.count, $1) > (byName[$1]!.count, $0) }
      let keep = Set(ranked.prefix(max(limit, 2) - 1))
      let dropped = kept.filter { !keep.contains($0) }
      gathered = dropped.count
      let droppedSet = Set(dropped)
      other = states.filter { droppedSet.contains(Self.groupName(of: $0)) }
      kept = kept.filter(keep.contains)
    }
    groups = kept.map { Group(name: $0, members: byName[$0]!) }
    if !other.isEmpty { groups.append(Group(name: Self.otherName, members: other)) }
    var index: [String: Int] = [:]
    for (offset, group) in groups.enumerated() {
      for member in group.members { index[member] = offset }
    }
    groupOf = index
  }

  /// The group name of one state: `loading(page: 3)` → `loading`, `state12` → `state`.
  package static func groupName(of state: String) -> String {
    let head =
      state.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? state
    let trimmed = String(head.reversed().drop { $0.isNumber || $0 == " " || $0 == "_" || $0 == "-" }.reversed())
    return trimmed.isEmpty ? state : trimmed
  }
}
