import FeedbackGraph
import FeedbackLoop
import Foundation
import Testing

@Suite struct SystemGraphTests {
  enum Light: Hashable, Sendable { case red, green }
  enum Signal: Hashable, Sendable { case tick, emergency, open(door: Int) }

  static let system = System<Light, Signal>("Light", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green, label: "go")
      Transition(from: .any, on: .emergency, to: .red)
      Transition(from: .green, on: .case("open"), targets: [.value(.red)]) { _, _ in .red }
        .guarded("door closed") { _, _ in true }
    }
    Feedback("timer", emits: [.tick]) { (_: Light, _) in nil }
  }

  @Test func aSystemDescribesItselfAsAGraph() {
    let graph = Self.system.graph
    #expect(graph.name == "Light")
    #expect(graph.initial == "red")
    #expect(graph.states.map(\.id) == ["green", "red"])
    #expect(graph.events.map(\.id) == ["emergency", "open", "tick"])
    #expect(
      graph.transitions == [
        TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"], label: "go"),
        TransitionEdge(id: 1, from: nil, event: "emergency", to: ["red"]),
        TransitionEdge(
          id: 2, from: "green", event: "open", eventMatch: .enumCase, to: ["red"], isComputed: true,
          guardDescription: "door closed"),
      ])
    #expect(
      graph.feedbacks == [
        FeedbackNode(name: "timer", watches: "every state", emits: ["tick"], strategy: "cancelOnNewState")
      ])
  }

  @Test func statesCarryTheirFields() {
    struct Level: Hashable, Sendable { var value: Int; var muted: Bool }
    let system = System<Level, Signal>(initial: Level(value: 1, muted: false)) {
      Transitions { Transition(from: .type(Level.self), on: .tick) { state, _ in state } }
    }
    #expect(system.graph.states == [StateNode(id: "Level", fields: ["value: Int", "muted: Bool"])])
    #expect(system.graph.transitions.first?.fromMatch == .type)
  }

  @Test func enumPayloadsBecomeFields() {
    enum Phase: Hashable, Sendable { case loading(page: Int), pair(Int, String), idle }
    let system = System<Phase, Signal>(initial: .loading(page: 1)) {
      Transitions {
        Transition(from: .case("loading"), on: .tick, to: .pair(1, "a"))
        Transition(from: .case("pair"), on: .tick, to: .idle)
      }
    }
    #expect(
      system.graph.states == [
        StateNode(id: "idle"), StateNode(id: "loading", fields: ["page: Int"]),
        StateNode(id: "pair", fields: ["Int", "String"]),
      ])
  }

  /// Issue #19 item 5: figures need to know whether an event matched by value is its
  /// node's only value (`tick`) or one of several (`open(door: 2)`).
  @Test func eventsMatchedByValueCarryTheirFields() throws {
    let system = System<Light, Signal>(initial: .red) {
      Transitions {
        Transition(from: .red, on: .open(door: 2), to: .green)
        Transition(from: .any, on: .tick, to: .red)
      }
    }
    let graph = system.graph
    #expect(graph.events == [EventNode(id: "open", fields: ["door: Int"]), EventNode(id: "tick")])
    // Empty fields are not written; a graph without them reads back the same.
    let json = String(decoding: try graph.jsonData(), as: UTF8.self)
    #expect(json.contains("\"fields\" : [\n        \"door: Int\"\n      ],\n      \"id\" : \"open\""))
    #expect(json.contains("{\n      \"id\" : \"tick\"\n    }"))
    #expect(try SystemGraph.decode(graph.jsonData()) == graph)
  }

  @Test func aReducerOnlySystemDeclaresNoTransitions() {
    let graph = System<Int, Signal>(initial: 0, reduce: { _, _ in }).graph
    #expect(graph.declaresTransitions == false)
    #expect(graph.states == [StateNode(id: "Int")])
  }

  @Test func theGraphRoundTripsThroughJSON() throws {
    let graph = Self.system.graph
    let data = try graph.jsonData()
    #expect(String(decoding: data, as: UTF8.self).contains("\"schemaVersion\" : 1"))
    #expect(try SystemGraph.decode(data) == graph)
    #expect(try graph.jsonData() == data)  // deterministic bytes
  }
}
