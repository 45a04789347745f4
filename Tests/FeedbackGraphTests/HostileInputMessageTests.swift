import FeedbackCoverage
import FeedbackGraph
import FeedbackDiagram
import Foundation
import Testing
import FeedbackLoopSupport

/// Errors quote their input escaped, on one line (issue #19 item 8, issue #26): a graph
/// field, a trace line or a path holding escape sequences, carriage returns, bidi controls
/// or noncharacters never reaches the terminal raw. The input is generated over the class,
/// seeded.
@Suite struct HostileInputMessageTests {
  /// The scalars a message must never print raw: C0 and C1 controls, DEL, bidi and other
  /// format characters, line and paragraph separators, noncharacters.
  static let unsafe: [UInt32] =
    Array(0x00...0x1F) + Array(0x7F...0x9F)
    + [0x061C, 0x200B, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
    + [0x2028, 0x2029, 0xFEFF, 0xFFF9, 0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF, 0xE0001]

  /// The unsafe scalars a name may not hold either (format characters such as bidi
  /// controls are drawn as they are, but escaped in messages).
  static let refused = unsafe.filter { value in
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFEFF || value & 0xFFFE == 0xFFFE || value == 0xFDD0
  }

  /// A seeded hostile value: plain text around one refused scalar, then one to four unsafe
  /// ones, sometimes the issue's own terminal-clearing sequence.
  static func hostile(_ random: inout SplitMix64) -> String {
    var text = random.next() % 5 == 0 ? "\u{1B}[2J\u{1B}[31mpwned\n" : "a"
    text.unicodeScalars.append(Unicode.Scalar(refused[Int(random.next() % UInt64(refused.count))])!)
    for _ in 0..<(random.next() % 4 + 1) {
      text.unicodeScalars.append(Unicode.Scalar(unsafe[Int(random.next() % UInt64(unsafe.count))])!)
      text += ["b", "\"", "\\", "é", " "][Int(random.next() % 5)]
    }
    return text
  }

  /// Whether `message` is one line with nothing a terminal would act on.
  static func isSafe(_ message: String) -> Bool {
    !message.unicodeScalars.contains { scalar in
      let value = scalar.value
      return unsafe.contains(value) || scalar.properties.generalCategory == .format
        || scalar.properties.isNoncharacterCodePoint
    }
  }

  static let graph = SystemGraph(
    name: "Light", initial: "red", states: [StateNode(id: "green"), StateNode(id: "red")],
    events: [EventNode(id: "tick")],
    transitions: [TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"], label: "go")],
    feedbacks: [FeedbackNode(name: "timer", watches: "every state", emits: ["tick"], strategy: "cancelOnNewState")])

  /// The graph's JSON with `edit` applied to its object.
  static func json(_ edit: (inout [String: Any]) -> Void) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: graph.jsonData()) as? [String: Any])
    edit(&object)
    return try JSONSerialization.data(withJSONObject: object)
  }

  /// `object[key][index][field] = value`.
  static func set(_ object: inout [String: Any], _ key: String, _ field: String, _ value: Any) {
    var items = object[key] as? [[String: Any]] ?? []
    items[0][field] = value
    object[key] = items
  }

  @Test func everyGraphFieldNamesItsPathAndQuotesTheValueEscaped() throws {
    var random = SplitMix64(seed: 19_8)
    let fields: [(key: String, field: String, path: String)] = [
      ("transitions", "fromMatch", "transitions[0].fromMatch"),
      ("transitions", "eventMatch", "transitions[0].eventMatch"),
      ("feedbacks", "strategy", "feedbacks[0].strategy"), ("feedbacks", "watches", "feedbacks[0].watches"),
      ("feedbacks", "name", "feedbacks[0].name"), ("states", "id", "states[0].id"), ("events", "id", "events[0].id"),
      ("transitions", "label", "transitions[0].label"),
      ("transitions", "guardDescription", "transitions[0].guardDescription"),
    ]
    for round in 0..<200 {
      let value = Self.hostile(&random)
      let (key, field, path) = fields[round % fields.count]
      let data = try Self.json { Self.set(&$0, key, field, value) }
      #expect {
        try SystemGraph.decode(data, source: "g.json")
      } throws: { error in
        let message = "\(error)"
        let ok = Self.isSafe(message) && message.hasPrefix("g.json: \(path): ")
        if !ok { Issue.record("\(value.debugDescription) gave \(message.debugDescription)") }
        return ok
      }
    }
  }

  @Test func anUnknownMatchQuotesTheValueEscaped() throws {
    let data = try Self.json { Self.set(&$0, "transitions", "fromMatch", "\u{1B}[2J\u{1B}[31mpwned\n") }
    #expect(throws: GraphDecodingError.self) { try SystemGraph.decode(data, source: "g.json") }
    do {
      _ = try SystemGraph.decode(data, source: "g.json")
    } catch {
      #expect(
        "\(error)"
          == #"g.json: transitions[0].fromMatch: unknown value "\u{1b}[2J\u{1b}[31mpwned\u{a}" (not a Match)"#)
    }
  }

  @Test func aNULOrU0001InAStrategyIsRefusedWithItsPath() throws {
    for value in ["cancel\u{0}OnNewState", "\u{1}"] {
      let data = try Self.json { Self.set(&$0, "feedbacks", "strategy", value) }
      #expect {
        try SystemGraph.decode(data, source: "g.json")
      } throws: { error in
        "\(error)".hasPrefix("g.json: feedbacks[0].strategy: contains U+000")
          && "\(error)".hasSuffix("must be printable")
      }
    }
  }

  /// A trace of `graph` as JSON Lines, with `edit` applied to line `line` (0: the header).
  static func trace(line: Int, _ edit: (inout [String: Any]) -> Void) throws -> Data {
    let trace = Trace(
      header: TraceHeader(graph: graph, test: "t"),
      steps: [
        TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "red"),
        TraceStep(
          index: 1, timeNanoseconds: 1, kind: .event, transition: TransitionID(0), event: "tick", eventNode: "tick",
          beforeNode: "red", afterNode: "green"),
      ])
    var lines = String(decoding: try trace.jsonLines(), as: UTF8.self).split(separator: "\n").map(String.init)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(lines[line].utf8)) as? [String: Any])
    edit(&object)
    lines[line] = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func traceLinesAreCheckedAsGraphsAreNamingFileLineAndField() throws {
    var random = SplitMix64(seed: 26)
    let cases: [(line: Int, path: String, edit: (inout [String: Any], String) -> Void)] = [
      (2, "kind", { $0["kind"] = $1 }),
      (2, "fromNode", { $0["fromNode"] = $1 }), (2, "toNode", { $0["toNode"] = $1 }),
      (2, "eventNode", { $0["eventNode"] = $1 }), (1, "toNode", { $0["toNode"] = $1 }),
      (0, "system", { $0["system"] = $1 }), (0, "test", { $0["test"] = $1 }),
      (
        0, "graph.states[0].id",
        { header, value in
          var graph = header["graph"] as? [String: Any] ?? [:]
          HostileInputMessageTests.set(&graph, "states", "id", value)
          header["graph"] = graph
        }
      ),
      (
        0, "graph.feedbacks[0].strategy",
        { header, value in
          var graph = header["graph"] as? [String: Any] ?? [:]
          HostileInputMessageTests.set(&graph, "feedbacks", "strategy", value)
          header["graph"] = graph
        }
      ),
      (0, "outcome.status", { header, value in header["outcome"] = ["status": value] }),
    ]
    for round in 0..<150 {
      let value = Self.hostile(&random)
      let (line, path, edit) = cases[round % cases.count]
      let data = try Self.trace(line: line) { edit(&$0, value) }
      #expect {
        try Trace.decodeJSONLines(data, source: "t.jsonl")
      } throws: { error in
        let message = "\(error)"
        let ok = Self.isSafe(message) && message.hasPrefix("t.jsonl:\(line + 1): \(path): ")
        if !ok { Issue.record("\(path) = \(value.debugDescription) gave \(message.debugDescription)") }
        return ok
      }
    }
  }

  @Test func aStateNamedANoncharacterOrWithAControlInATraceIsRefused() throws {
    for value in ["\u{FFFE}", "a\u{1}b"] {
      let data = try Self.trace(line: 2) { $0["toNode"] = value }
      #expect {
        try Trace.decodeJSONLines(data, source: "t.jsonl")
      } throws: { error in
        "\(error)".hasPrefix("t.jsonl:3: toNode: contains U+") && "\(error)".hasSuffix("names must be printable")
      }
    }
    let carriageReturn = try Self.trace(line: 1) { $0["kind"] = "initial\r" }
    #expect {
      try Trace.decodeJSONLines(carriageReturn, source: "t.jsonl")
    } throws: { error in
      "\(error)" == #"t.jsonl:2: kind: unknown value "initial\u{d}" (not a StepKind)"#
    }
  }

  @Test func coverageErrorsAndSkippedTracesEscapeTheirPathsAndNames() {
    var random = SplitMix64(seed: 2)
    for _ in 0..<100 {
      let value = Self.hostile(&random)
      let messages = [
        CoverageError.missingPath(value).description, CoverageError.noTraceFiles([value]).description,
        CoverageError.noGraph(system: value, file: value).description,
        CoverageError.staleWithoutGraph(system: value, file: value, recorded: "a", current: "b").description,
        CoverageError.differentGraphs(system: value, "a", "b").description,
        CoverageError.conflictingTraces(system: value, ["a": [value]]).description,
        SkippedTrace(file: value, system: value, recorded: "a", current: "b").description,
        GraphDecodingError(source: value, path: value, reason: value).description,
      ]
      for message in messages {
        #expect(Self.isSafe(message), "\(message.debugDescription)")
      }
    }
  }

  /// The runtime writes a computed transition without declared targets as `to: []`: its
  /// traces (header graph checked) and its graph files are read, a fixed one is refused.
  @Test func aComputedTransitionWithoutDeclaredTargetsIsCoherent() throws {
    var graph = Self.graph
    graph.transitions[0].to = []
    graph.transitions[0].isComputed = true
    try graph.checkCoherence()
    let trace = Trace(
      header: TraceHeader(graph: graph), steps: [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial)])
    #expect(try Trace.decodeJSONLines(trace.jsonLines()).header.graph == graph)
    graph.transitions[0].isComputed = false
    #expect {
      try graph.checkCoherence(source: "g.json")
    } throws: { error in
      "\(error)" == "g.json: transitions[0].to: empty: a transition needs a target"
    }
  }
}
