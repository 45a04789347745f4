import FeedbackDiagram
import FeedbackGraph
import Foundation

/// One harness per input `diagram` reads, at any size libFuzzer hands over (`Scripts/fuzz`
/// allows 64 KB: past Graphviz's 16 KB string limit, where the escapers cut and fall back).
enum Harnesses {
  /// Graph JSON (`render --graph`): decoded, then drawn into every format.
  static func graph(_ data: Data) {
    do {
      Oracle.drawEverything(try SystemGraph.decode(data, source: "fuzz.json"))
    } catch {
      Oracle.message(error)
    }
  }

  /// Trace lines (`trace`, `coverage`): the header and steps, line by line, then the trace
  /// figures on the graph it carries.
  static func trace(_ data: Data) {
    do {
      let trace = try Trace.decodeJSONLines(data, source: "fuzz.jsonl")
      if let graph = trace.header.graph { Oracle.drawEverything(graph, trace: trace) }
    } catch {
      Oracle.message(error)
    }
  }

  /// Theme files (`--theme FILE`): decoded and validated, then used for every figure.
  static func theme(_ data: Data) {
    do {
      let theme = try JSONDecoder().decode(Theme.self, from: data)
      try theme.validate(source: "fuzz-theme.json")
      Oracle.drawEverything(sample, theme: theme)
    } catch {
      Oracle.message(error)
    }
  }

  /// Names: the input's text as every name of a graph (system, states, events, labels,
  /// guards, feedbacks), drawn into every format, or refused with a one-line message.
  static func names(_ data: Data) {
    let name = String(decoding: data, as: UTF8.self)
    let graph = SystemGraph(
      name: name, initial: name, states: [StateNode(id: name, fields: [name]), StateNode(id: "other")],
      events: [EventNode(id: name), EventNode(id: "ev")],
      transitions: [
        TransitionEdge(id: 0, from: name, event: "ev", to: ["other"], label: name),
        TransitionEdge(id: 1, from: "other", event: name, to: [name], guardDescription: name),
      ],
      feedbacks: [FeedbackNode(name: name, watches: name, emits: [name], strategy: name)])
    let trace = Trace(
      header: TraceHeader(graph: graph, test: name, outcome: .failed(at: 2, message: name)),
      steps: [
        TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: name),
        TraceStep(
          index: 1, timeNanoseconds: 1, kind: .event, transition: TransitionID(0), event: name, eventNode: "ev",
          beforeNode: name, afterNode: "other"),
        TraceStep(index: 2, timeNanoseconds: 2, kind: .ignoredEvent, event: name, eventNode: name, beforeNode: "other"),
      ])
    Oracle.drawEverything(graph, trace: trace, names: [name])
  }

  /// A small graph for the theme harness.
  static let sample = SystemGraph(
    name: "Light", initial: "red", states: [StateNode(id: "green"), StateNode(id: "red")],
    events: [EventNode(id: "tick")], transitions: [TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"])],
    feedbacks: [FeedbackNode(name: "timer", watches: "every state", emits: ["tick"], strategy: "cancelOnNewState")])
}
