/// Where a declared transition can fire once precedence has had its say: from which states
/// and on which events a transition tried before it always wins, and where it only fires
/// when the ones tried before it do not apply.
///
/// The runtime tries, for a state and an event, the most specific source first (a value,
/// then an enum case, then a type, then any state), then the most specific event, then
/// declaration order; a transition whose guard fails is skipped. So
/// `Transition(from: .any, on: .cancelAll, to: .idle)` never fires from `offline` when
/// `Transition(from: .case("offline"), on: .cancelAll, …)` is declared, and a transition
/// declared after a guarded one for the same state and event fires only when that guard
/// fails: its `[else]`. Figures draw this (``SystemGraph/reach``), so that no figure shows an
/// edge the rules make impossible.
///
/// Computed from the graph alone: a transition tried first takes the whole state node
/// (and event) unless it has a guard or matches by `.value` a node with fields (one value of
/// several). Two value patterns of one node are not compared: the later one reads as a
/// fall-through.
public struct TransitionReach: Hashable, Sendable {
  /// How a transition fares for one state and event, or overall.
  public enum Status: Int, Hashable, Sendable, Comparable {
    /// Nothing is tried before it: whenever it matches (and its guard holds), it fires.
    case fires
    /// It fires only when a transition tried before it does not apply (a guard fails, or
    /// that one matches other values of the node): the figures' `[else]`.
    case fallsThrough
    /// A transition tried before it always takes the event: it never fires.
    case never

    /// `fires` < `fallsThrough` < `never`.
    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Overall: ``Status/never`` when it never fires anywhere, ``Status/fallsThrough`` when it
  /// only ever fires as a fall-through, else ``Status/fires``.
  public var status: Status
  /// For a transition from any state: the states it never fires from (sorted as the graph's
  /// states).
  public var neverFrom: [String]
  /// For a transition from any state: the states it fires from only as a fall-through, or on
  /// some events only.
  public var fallsThroughFrom: [String]
  /// For a transition on any event: the graph's events it never fires on.
  public var neverOn: [String]
  /// For a transition on any event: the events it fires on only as a fall-through, or from
  /// some states only.
  public var fallsThroughOn: [String]

  /// A reach; the defaults describe a transition that nothing overrides.
  package init(
    status: Status = .fires, neverFrom: [String] = [], fallsThroughFrom: [String] = [],
    neverOn: [String] = [], fallsThroughOn: [String] = []
  ) {
    self.status = status
    self.neverFrom = neverFrom
    self.fallsThroughFrom = fallsThroughFrom
    self.neverOn = neverOn
    self.fallsThroughOn = fallsThroughOn
  }

  /// Whether it fires from `state` (a node id) at all; `nil` asks about its own source.
  package func fires(from state: String?) -> Bool {
    status != .never && !(state.map(neverFrom.contains) ?? false)
  }

  /// Whether, from `state`, it fires only as a fall-through (`[else]`).
  package func fallsThrough(from state: String?) -> Bool {
    status == .fallsThrough || (state.map(fallsThroughFrom.contains) ?? false)
  }
}
