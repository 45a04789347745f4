import FeedbackDiagram
import FeedbackGraph
import FeedbackLoop
import Foundation

/// A seed example drawn: its state-machine and loop figures as DOT, and the state-machine
/// figure rendered to SVG by Graphviz.
struct Drawing {
  let states: String
  let loop: String
  let svg: String

  init<State, Event>(_ system: System<State, Event>) throws {
    let graph = system.graph
    states = Diagram.dot(graph, figure: .states)
    loop = Diagram.dot(graph, figure: .loop)
    svg = String(decoding: try Diagram.render(graph, figure: .states, as: .svg), as: UTF8.self)
  }

  /// How the state-machine figure describes each transition edge, sorted:
  /// `"red → green: tick"`, `"any state → red: emergency"`.
  var transitions: [String] {
    states.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("class=\"transition"), let start = line.range(of: "tooltip=\"") else { return nil }
      let rest = line[start.upperBound...]
      return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
    .sorted()
  }

  /// The feedbacks the loop figure draws, with the events each emits:
  /// `"timer emits tick"`.
  var feedbacks: [String] {
    loop.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("class=\"feedback"), let start = line.range(of: "<font face=\"Helvetica-Bold\">") else {
        return nil
      }
      let rest = line[start.upperBound...]
      guard let end = rest.range(of: "</font>") else { return nil }
      let name = String(rest[..<end.lowerBound])
      guard let emits = line.range(of: "emits: ") else { return name }
      let tail = line[emits.upperBound...]
      return "\(name) emits \(tail[..<(tail.firstIndex(of: "<") ?? tail.endIndex)])"
    }
  }
}
