import FeedbackGraph
import Testing

/// `SystemGraph.reach` on hand-written graphs (issue #19 item 5); the figures' tests check
/// it against the runtime over generated tables.
@Suite struct TransitionReachTests {
  static func graph(
    states: [StateNode], events: [EventNode] = [EventNode(id: "cancelAll"), EventNode(id: "start")],
    _ transitions: [TransitionEdge]
  ) -> SystemGraph {
    SystemGraph(
      name: "Uploads", initial: states[0].id, states: states, events: events,
      transitions: transitions.enumerated().map { index, edge in
        var edge = edge
        edge.id = TransitionID(index)
        return edge
      })
  }

  static let states = [
    StateNode(id: "idle"), StateNode(id: "offline", fields: ["pending: Int"]), StateNode(id: "uploading"),
  ]

  @Test func item5_aCaseOverridesAWildcardForItsStatesOnly() {
    let reach = Self.graph(
      states: Self.states,
      [
        TransitionEdge(id: 0, from: "offline", fromMatch: .enumCase, event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: nil, event: "cancelAll", to: ["idle"]),
      ]
    ).reach
    #expect(reach[0] == TransitionReach())
    #expect(reach[1] == TransitionReach(neverFrom: ["offline"]))
    #expect(!reach[1].fires(from: "offline") && reach[1].fires(from: "idle"))
  }

  @Test func item5_aGuardOrOneValueOfSeveralLeavesAFallThrough() {
    let reach = Self.graph(
      states: Self.states,
      [
        TransitionEdge(id: 0, from: "uploading", event: "cancelAll", to: ["idle"], guardDescription: "nothing sent"),
        TransitionEdge(id: 0, from: "offline", fromMatch: .value, event: "cancelAll", to: ["idle"]),
        TransitionEdge(id: 0, from: nil, event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: "uploading", event: "cancelAll", to: ["offline"]),
      ]
    ).reach
    // `offline` has fields: `.value` matches one of its values; the guard may fail.
    // From uploading, the unguarded transition below comes first: the wildcard never fires there.
    #expect(reach[2] == TransitionReach(neverFrom: ["uploading"], fallsThroughFrom: ["offline"]))
    #expect(reach[3] == TransitionReach(status: .fallsThrough))
    #expect(
      reach[3].fallsThrough(from: nil) && reach[2].fallsThrough(from: "offline") && !reach[2].fallsThrough(from: "idle")
    )
  }

  @Test func item5_theMostSpecificSourceComesBeforeTheMostSpecificEvent() {
    // From idle, the value source on any event is tried before any source on cancelAll.
    let reach = Self.graph(
      states: Self.states,
      [
        TransitionEdge(id: 0, from: nil, event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: "idle", event: nil, to: ["uploading"]),
      ]
    ).reach
    #expect(reach[0].neverFrom == ["idle"])
    #expect(reach[1] == TransitionReach())
  }

  @Test func item5_anEventValueWithFieldsIsOneValueOfSeveral() {
    let events = [EventNode(id: "cancelAll", fields: ["reason: String"])]
    let reach = Self.graph(
      states: Self.states, events: events,
      [
        TransitionEdge(id: 0, from: "idle", event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: "idle", event: nil, to: ["uploading"]),
      ]
    ).reach
    #expect(reach[1] == TransitionReach(fallsThroughOn: ["cancelAll"]))
    let whole = Self.graph(
      states: Self.states,
      [
        TransitionEdge(id: 0, from: "idle", event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: "idle", event: nil, to: ["uploading"]),
      ]
    ).reach
    #expect(whole[1] == TransitionReach(neverOn: ["cancelAll"]))
    // Every event the graph names is overridden; events it does not name still fire it.
    let all = Self.graph(
      states: Self.states, events: [EventNode(id: "cancelAll")],
      [
        TransitionEdge(id: 0, from: "idle", event: "cancelAll", to: ["offline"]),
        TransitionEdge(id: 0, from: "idle", event: nil, to: ["uploading"]),
        TransitionEdge(id: 0, from: "idle", event: nil, to: ["offline"]),
      ]
    ).reach
    #expect(all[1].status == .fires && all[2].status == .never)
  }
}
