import FeedbackGraph

/// How figures write a transition once precedence has had its say (`TransitionReach`):
/// the label lines of a transition drawn from one state or from the "any state" node.
///
/// - A transition that only fires when one tried before it does not apply reads `[else]`
///   (`submit [else]`; with a guard of its own, `submit [else if form is valid]`).
/// - A transition from any state that some states override says so on a line of its own:
///   `not from offline, syncing`; where it only falls through, `[else] from loading`.
/// - A transition on any event says which events it never takes (`not on didLoad`) and
///   where it only falls through (`[else] on retry`).
/// Lists name at most ``listLimit`` nodes, then `and 3 more`.
enum PrecedenceText {
  /// At most this many states or events are named on one line.
  static let listLimit = 6

  /// The lines for `transition` drawn from `source` (a state's id; `nil` for the "any
  /// state" node, or for the transition's own source).
  static func lines(_ transition: TransitionEdge, _ reach: TransitionReach, from source: String?) -> [String] {
    let anySource = transition.from == nil && source == nil
    let fallsThrough = anySource ? reach.status == .fallsThrough : reach.fallsThrough(from: source)
    var lines = [label(transition, fallsThrough: fallsThrough)]
    if anySource {
      if !reach.neverFrom.isEmpty { lines.append("not from " + list(reach.neverFrom)) }
      if !fallsThrough, !reach.fallsThroughFrom.isEmpty {
        lines.append("[else] from " + list(reach.fallsThroughFrom))
      }
    }
    if transition.event == nil {
      if !reach.neverOn.isEmpty { lines.append("not on " + list(reach.neverOn)) }
      if !fallsThrough, !reach.fallsThroughOn.isEmpty { lines.append("[else] on " + list(reach.fallsThroughOn)) }
    }
    return lines
  }

  /// ``StateMachineFigure/label(_:)``, its guard read as a fall-through when `fallsThrough`:
  /// `[else]`, or `[else if guard]`.
  static func label(_ transition: TransitionEdge, fallsThrough: Bool) -> String {
    guard fallsThrough else { return StateMachineFigure.label(transition) }
    var plain = transition
    plain.guardDescription = nil
    return StateMachineFigure.label(plain) + (transition.guardDescription.map { " [else if \($0)]" } ?? " [else]")
  }

  /// `a, b, c`, or `a, b, c, d, e, f and 3 more`.
  static func list(_ names: [String]) -> String {
    let shown = names.prefix(listLimit).joined(separator: ", ")
    return names.count > listLimit ? "\(shown) and \(names.count - listLimit) more" : shown
  }

  /// The legend rows (HTML-like, escaped) a figure of `graph` needs: what `[else]` means,
  /// when a transition falls through, and how many transitions never fire.
  static func legendRows(_ graph: SystemGraph, theme: Theme) -> [String] {
    let reach = graph.reach
    var rows: [String] = []
    if reach.contains(where: {
      $0.status == .fallsThrough || !$0.fallsThroughFrom.isEmpty || !$0.fallsThroughOn.isEmpty
    }) {
      rows.append(DOTText.html("[else]: only when the transition tried first does not apply"))
    }
    let never = reach.filter { $0.status == .never }.count
    if never > 0 {
      rows.append(
        FigureText.colored(
          "\(FigureText.plural(never, "transition")) not drawn: never fires (a more specific one comes first)",
          theme.muted))
    }
    return rows
  }
}
