/// The statements several figures write alike: their defaults, the initial point and edge,
/// the `any state` box and the summary node of a machine too large to draw.
extension DOTWriter {
  /// The graph attributes that keep Graphviz fast on large machines (see
  /// ``StateMachineFigure``), and a page size the drawing is scaled down to: without it a
  /// 200-state machine rasterizes to a 28,000 × 16,000-pixel PNG (43 MB, half a minute).
  static let largeGraphAttributes = [
    "splines=false", "nslimit=1", "nslimit1=1", "mclimit=0.1", "remincross=false", "size=\"40,40\"",
  ]

  /// The `graph [...]` statement of a left-to-right figure: `theme`'s colours and font, the
  /// spacing given, the title's size, and ``largeGraphAttributes`` when `fast`.
  mutating func leftToRight(_ theme: Theme, nodesep: String, ranksep: String, fast: Bool = false) {
    graph(
      [
        "rankdir=LR", Self.attribute("bgcolor", quoted: theme.background),
        Self.attribute("fontname", quoted: theme.fontName), Self.attribute("fontcolor", quoted: theme.text),
        "pad=0.3", "nodesep=\(nodesep)", "ranksep=\(ranksep)", "labelloc=t", "fontsize=\(theme.fontSize + 4)",
      ] + (fast ? Self.largeGraphAttributes : []))
  }

  /// The node defaults of a figure of states: rounded filled boxes in `fill` and `border`,
  /// `theme`'s font and text colour.
  mutating func stateDefaults(_ theme: Theme, fill: String, border: String) {
    nodeDefaults([
      "shape=box", "style=\"rounded,filled\"", Self.attribute("fillcolor", quoted: fill),
      Self.attribute("color", quoted: border), Self.attribute("fontname", quoted: theme.fontName),
      Self.attribute("fontcolor", quoted: theme.text), "fontsize=\(theme.fontSize)",
    ])
  }

  /// The edge defaults of a figure of states: lines in `color`, labels in `text`, a point
  /// smaller than the nodes' font.
  mutating func transitionDefaults(_ theme: Theme, color: String, text: String) {
    edgeDefaults([
      Self.attribute("color", quoted: color), Self.attribute("fontname", quoted: theme.fontName),
      Self.attribute("fontcolor", quoted: text), "fontsize=\(theme.fontSize - 1)", "arrowsize=0.8",
    ])
  }

  /// The initial state's point, `initial`, in `color`.
  mutating func initialPoint(color: String) {
    node(
      "initial",
      [
        "id=\"initial\"", "class=\"initial\"", "shape=point", "width=0.18", "style=filled",
        Self.attribute("fillcolor", quoted: color), Self.attribute("color", quoted: color), "label=\"\"",
        "tooltip=\"initial state\"",
      ])
  }

  /// The edge from the initial point to the node `to`, with `extra` attributes after the
  /// usual ones.
  mutating func initialEdge(to: String, _ extra: [String] = []) {
    edge("initial", to, ["id=\"initial_edge\"", "class=\"initial\"", "arrowsize=0.7"] + extra)
  }

  /// The `any` node that transitions from any state leave from, dashed in `color`; filled
  /// with `fill` when given; `shape=box` written when `box` (the figures whose defaults are
  /// boxes anyway leave it out or not, as their golden files do).
  mutating func anyState(color: String, fill: String? = nil, box: Bool = true) {
    node(
      "any",
      ["id=\"any_state\"", "class=\"wildcard\""] + (box ? ["shape=box"] : []) + [
        "style=\"rounded,dashed\"", Self.attribute("color", quoted: color),
        Self.attribute("fontcolor", quoted: color),
      ] + (fill.map { [Self.attribute("fillcolor", quoted: $0)] } ?? []) + [
        "label=\"any state\"", "tooltip=\"a transition from any state\"",
      ])
  }

  /// The one node of a figure too large to draw, saying what it would have shown.
  mutating func summary(_ text: String) {
    node("summary", ["id=\"summary\"", "class=\"summary\"", Self.attribute("label", quoted: text)])
  }
}
