/// The one place a figure's DOT is written: a directed graph as statements, one a line,
/// each attribute list in the order given.
///
/// Attributes are `name=value` pieces whose values are already DOT (``DOTText/quoted(_:)``,
/// an HTML-like label, a number); ``attribute(_:quoted:)`` writes the common quoted one.
/// The statements the figures share (their defaults, the initial point, the `any state`
/// box) are in `DOTWriter+Figures.swift`.
struct DOTWriter {
  private var lines: [String]

  /// A graph named `name` (quoted), with no statement yet.
  init(digraph name: String) {
    lines = ["digraph \(DOTText.quoted(name)) {"]
  }

  /// `name=value` with `value` quoted (``DOTText/quoted(_:)``).
  static func attribute(_ name: String, quoted value: String) -> String {
    "\(name)=\(DOTText.quoted(value))"
  }

  /// `  graph [attributes];`: the graph's own attributes.
  mutating func graph(_ attributes: [String]) {
    statement("graph [\(attributes.joined(separator: ", "))]")
  }

  /// `  node [attributes];`: what every node after it has unless it says otherwise.
  mutating func nodeDefaults(_ attributes: [String]) {
    statement("node [\(attributes.joined(separator: ", "))]")
  }

  /// `  edge [attributes];`: what every edge after it has unless it says otherwise.
  mutating func edgeDefaults(_ attributes: [String]) {
    statement("edge [\(attributes.joined(separator: ", "))]")
  }

  /// `  id [attributes];`.
  mutating func node(_ id: String, _ attributes: [String]) {
    statement("\(id) [\(attributes.joined(separator: ", "))]")
  }

  /// `  from -> to [attributes];`, or `  from -> to;` without attributes.
  mutating func edge(_ from: String, _ to: String, _ attributes: [String] = []) {
    statement("\(from) -> \(to)" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"))
  }

  /// `  label=value;`: the graph's label (a heading with its legend, or a quoted title).
  mutating func label(_ value: String) {
    statement("label=\(value)")
  }

  /// `  { rank=same; a; b }`: nodes laid out side by side.
  mutating func sameRank(_ ids: [String]) {
    lines.append("  { rank=same; \(ids.joined(separator: "; ")) }")
  }

  /// `  text;`: any other statement.
  private mutating func statement(_ text: String) {
    lines.append("  \(text);")
  }

  /// The graph's text, closed, ending with a line break.
  var text: String {
    (lines + ["}"]).joined(separator: "\n") + "\n"
  }
}
