public import FeedbackGraph

/// A large machine drawn as many small figures: an **overview** (states grouped by enum
/// case or state type, edges between groups merged with counts) and one **focus figure**
/// per state (that state, every transition into and out of it, labelled; its neighbours
/// as plain nodes that link to their own focus figures).
///
/// Every figure stays small, so the atlas of a 200-state / 600-transition machine renders
/// in seconds where one figure of it would take minutes; each figure obeys the
/// ``RenderBudget`` and says in its heading when it had to give something up.
///
/// ```swift
/// let atlas = Atlas(graph: graph)
/// let overview = atlas.overviewDOT
/// let focus = atlas.focusDOT(for: "loading(page: 3)")
/// let index = atlas.index(systemStem: "Checkout", image: "svg")  // file names for a page
/// ```
///
/// Deterministic: node ids are indices, edges sorted, names escaped; file names come from
/// `FileStems` (safe and distinct, whatever the state names).
public struct Atlas: Sendable {
  /// The machine.
  package let graph: SystemGraph
  /// Colours and fonts.
  package let theme: Theme
  /// The limits every figure of the atlas obeys.
  package let budget: RenderBudget
  /// The overview's groups.
  package let groups: StateGroups
  /// Each state's file-name stem, in the graph's state order.
  package let stateStems: [String]

  /// A transition toward one of its targets, with where precedence lets it fire.
  typealias Placed = (transition: TransitionEdge, target: String, reach: TransitionReach)
  /// Transitions by source state (a computed transition appears once per target). None of
  /// these three holds a transition that precedence keeps from ever firing.
  let outgoing: [String: [Placed]]
  /// Transitions by target state, including those from any state.
  let incoming: [String: [Placed]]
  /// Transitions from any state, one entry per target.
  let wildcards: [Placed]
  /// Each state's position in the graph.
  let position: [String: Int]

  /// An atlas of `graph`, grouping at most `groupLimit` groups in the overview.
  public init(graph: SystemGraph, theme: Theme = .light, budget: RenderBudget = .standard, groupLimit: Int = 40) {
    self.graph = graph
    self.theme = theme
    self.budget = budget
    let names = graph.states.map(\.id)
    groups = StateGroups(states: names, limit: groupLimit)
    stateStems = FileStems.distinct(names)
    position = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var outgoing: [String: [Placed]] = [:]
    var incoming: [String: [Placed]] = [:]
    var wildcards: [Placed] = []
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      for target in transition.to {
        if let from = transition.from {
          outgoing[from, default: []].append((transition, target, reach))
        } else {
          wildcards.append((transition, target, reach))
        }
        incoming[target, default: []].append((transition, target, reach))
      }
    }
    self.outgoing = outgoing
    self.incoming = incoming
    self.wildcards = wildcards
  }

  /// The file names of this atlas for a system whose files are named `systemStem`
  /// (see the CLI's `OutputNames`), with images in `image` (`svg`, `png` or `pdf`).
  public func index(systemStem: String, image: String) -> AtlasIndex {
    AtlasIndex(
      system: graph.name,
      overview: "\(systemStem).atlas.\(image)",
      page: "\(systemStem).atlas.html",
      focus: zip(graph.states, stateStems).map { state, stem in
        AtlasIndex.Focus(state: state.id, file: "\(systemStem).atlas.focus.\(stem).\(image)")
      },
      notes: notes)
  }

  /// What the atlas gave up, one sentence each (empty when nothing): the overview's and
  /// the largest focus figure's budget notes, and groups gathered into
  /// "other cases".
  public var notes: [String] {
    var notes: [String] = []
    if groups.gathered > 0 {
      notes.append("overview: \(groups.gathered) smallest groups gathered into \"\(StateGroups.otherName)\"")
    }
    let overview = overviewEdges
    if let note = budget.note(
      budget.layout(states: groups.groups.count, edges: overview.count), states: groups.groups.count,
      edges: overview.count)
    {
      notes.append("overview: \(note)")
    }
    let layouts = graph.states.map { state -> (RenderBudget.Layout, Int) in
      let edges = focusEdges(for: state.id).count
      return (budget.layout(states: 1, edges: edges), edges)
    }
    let fast = layouts.filter { $0.0 != .full }
    if let largest = fast.max(by: { $0.1 < $1.1 }) {
      notes.append(
        "\(FigureText.plural(fast.count, "focus figure")) past the budget, the largest: \(budget.note(largest.0, states: 1, edges: largest.1) ?? "")"
      )
    }
    return notes
  }
}

/// What a report page needs to link an atlas: its overview, its page, and the focus
/// figure of every state (file names inside the output folder).
public struct AtlasIndex: Codable, Hashable, Sendable {
  /// One state's focus figure.
  public struct Focus: Codable, Hashable, Sendable {
    /// The state's name, as the graph has it.
    public var state: String
    /// Its focus figure's file name.
    public var file: String
  }

  /// The system's name.
  public var system: String
  /// The overview figure's file name.
  public var overview: String
  /// The atlas page's file name (`<System>.atlas.html`).
  public var page: String
  /// The focus figures, in the graph's state order.
  public var focus: [Focus]
  /// What the atlas gave up (see ``Atlas/notes``).
  public var notes: [String]
}
