import FeedbackGraph
import Testing

/// The mutants a graph lists: each named by the transition or feedback it changes, with an
/// id that survives a reorder of the table.
@Suite struct SystemGraphMutantsTests {
  static let edges = [
    TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"]),
    TransitionEdge(id: 1, from: "green", event: "tick", to: ["yellow"], guardDescription: "clear"),
    TransitionEdge(id: 2, from: "green", event: "tick", to: ["red"], label: "else"),
    TransitionEdge(id: 3, from: nil, event: "emergency", to: ["red"]),
  ]

  static func graph(_ edges: [TransitionEdge], feedbacks: [FeedbackNode] = []) -> SystemGraph {
    SystemGraph(
      name: "Light", initial: "red", states: [], events: [], declaresTransitions: true,
      transitions: edges.enumerated().map { position, edge in
        var edge = edge
        edge.id = TransitionID(position)
        return edge
      }, feedbacks: feedbacks)
  }

  @Test func eachTransitionIsRetargetedDroppedAndItsGuardDroppedAndNegated() {
    let names = Self.graph(Self.edges).mutants.map(\.name)
    #expect(
      names == [
        "Light: red —tick→ red (was green)", "Light: red —tick→ yellow (was green)", "Light: drop red —tick→ green",
        "Light: green —tick→ green (was yellow) [clear]", "Light: green —tick→ red (was yellow) [clear]",
        "Light: drop green —tick→ yellow [clear]", "Light: green —tick→ yellow without [clear]",
        "Light: green —tick→ yellow [not (clear)]",
        "Light: green —tick→ green (was red) (else)", "Light: green —tick→ yellow (was red) (else)",
        "Light: drop green —tick→ red (else)",
        "Light: any state —emergency→ green (was red)", "Light: any state —emergency→ yellow (was red)",
        "Light: drop any state —emergency→ red",
        "Light: try green —tick→ red (else) before green —tick→ yellow [clear]",
      ])
  }

  @Test func onlyTransitionsCompetingForAStateAndEventAreSwapped() {
    let swaps = Self.graph(Self.edges).mutants.filter { $0.mutation == .swapOrder }
    #expect(swaps.map { [$0.transition, $0.otherTransition] } == [[1, 2]])
    #expect(swaps[0].reach.transitions == [1, 2])
  }

  @Test func idsFollowTheContentSoAReorderKeepsThem() {
    let ids = Set(Self.graph(Self.edges).mutants.map(\.id))
    let reordered = Self.graph(Self.edges.reversed()).mutants
    #expect(Set(reordered.map(\.id)) == ids)
    #expect(ids.count == 15)
    let drop = reordered.first { $0.name == "Light: drop red —tick→ green" }
    #expect(drop?.transition == 3)
  }

  @Test func aGuardMutantReachesTheStateAndEventWhereTheGuardFailed() {
    let negate = Self.graph(Self.edges).mutants.first { $0.mutation == .negateGuard }
    #expect(negate?.reach.pairs == [MutantReach.EventPair(from: "green", event: "tick")])
    let ignored = TraceStep(index: 3, timeNanoseconds: 0, kind: .ignoredEvent, eventNode: "tick", beforeNode: "green")
    let elsewhere = TraceStep(index: 3, timeNanoseconds: 0, kind: .ignoredEvent, eventNode: "tick", beforeNode: "red")
    #expect(negate?.reach.touches(ignored) == true)
    #expect(negate?.reach.touches(elsewhere) == false)
  }

  @Test func feedbacksAreDisabledClockedAndEachOfSeveralEventsDroppedAndSwapped() {
    let graph = Self.graph(
      [],
      feedbacks: [
        FeedbackNode(name: "timer", watches: "every state", emits: ["tick"], strategy: "cancelOnNewState"),
        FeedbackNode(
          name: "alarm", watches: "every state", emits: ["emergency", "tick"], strategy: "cancelOnNewState"),
      ])
    #expect(
      graph.mutants.map(\.name) == [
        "Light: feedback timer disabled", "Light: feedback timer sees the clock at half speed",
        "Light: feedback timer sees the clock at double speed",
        "Light: feedback alarm disabled", "Light: feedback alarm sees the clock at half speed",
        "Light: feedback alarm sees the clock at double speed",
        "Light: feedback alarm never emits emergency", "Light: feedback alarm emits tick instead of emergency",
        "Light: feedback alarm never emits tick", "Light: feedback alarm emits emergency instead of tick",
      ])
    #expect(
      graph.mutants.map(\.id) == [
        "Light/disableFeedback/timer", "Light/slowClock/timer", "Light/fastClock/timer", "Light/disableFeedback/alarm",
        "Light/slowClock/alarm", "Light/fastClock/alarm", "Light/dropEmission/alarm/emergency",
        "Light/swapEmission/alarm/emergency/tick", "Light/dropEmission/alarm/tick",
        "Light/swapEmission/alarm/tick/emergency",
      ])
    #expect(graph.mutants.map(\.reach.feedbacks) == [[0], [0], [0], [1], [1], [1], [1], [1], [1], [1]])
    // A dropped or swapped emission is noticed only where the feedback emitted that event.
    let drop = graph.mutants[6].reach, swap = graph.mutants[7].reach
    #expect(drop.feedbackEvents == ["emergency"])
    #expect(swap == drop)
    #expect(graph.mutants[7].target == "tick")
    let emitted = TraceStep(
      index: 4, timeNanoseconds: 0, kind: .effectEmitted, feedback: 1, effect: EffectID(0), eventNode: "emergency")
    let started = TraceStep(index: 3, timeNanoseconds: 0, kind: .effectStarted, feedback: 1, effect: EffectID(0))
    #expect(drop.touches(emitted))
    #expect(!drop.touches(started))
    #expect(graph.mutants[3].reach.touches(started))
    #expect(graph.mutants[4].reach.touches(started))
  }
}
