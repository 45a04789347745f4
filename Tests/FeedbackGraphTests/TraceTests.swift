import FeedbackGraph
import Foundation
import Testing

/// Trace files: the header, one step per line, streaming reads, errors with file and line.
@Suite struct TraceTests {
  static let graph = SystemGraph(
    name: "Light", initial: "red",
    states: [StateNode(id: "green"), StateNode(id: "red")],
    events: [EventNode(id: "tick")],
    transitions: [
      TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"], label: "go"),
      TransitionEdge(id: 1, from: nil, event: "tick", to: ["red"], guardDescription: "broken"),
    ])

  static func trace(steps count: Int = 2) -> Trace {
    var trace = Trace(header: TraceHeader(graph: graph, test: "cycles()", outcome: .failed(at: 1, message: "boom")))
    trace.steps.append(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: "red", afterNode: "red"))
    for index in 1..<count {
      trace.steps.append(
        TraceStep(
          index: index, timeNanoseconds: Int64(index) * 30_000_000_000, kind: .event, feedback: 0, transition: 0,
          event: "tick", eventNode: "tick", eventJSON: #"{"tick":{}}"#, before: "red",
          after: "green", beforeNode: "red", afterNode: "green", stateJSON: #""green""#))
    }
    return trace
  }

  @Test func aTraceIsAHeaderLineThenOneStepPerLine() throws {
    let data = try Self.trace().jsonLines()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"encodesEvents":false,"encodesStates":false,"fingerprint":"fnv1a64:"#))
    #expect(
      lines[0].contains(
        #""outcome":{"failingStep":1,"message":"boom","status":"failed"},"schemaVersion":1,"system":"Light","test":"cycles()"}"#
      ))
    #expect(lines[2].contains(#""transition":0"#) && lines[2].contains(#""feedback":0"#))
    #expect(try Trace.decodeJSONLines(data) == Self.trace())
  }

  @Test func theReaderStreamsAcrossItsChunks() throws {
    let trace = Self.trace(steps: 6_000)  // ~1.5 MB: the reader refills its 1 MiB buffer
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let data = try trace.jsonLines()
    #expect(data.count > 1 << 20)
    try data.write(to: url)
    var reader = try TraceReader(contentsOf: url)
    #expect(try reader.header() == trace.header)
    var steps: [TraceStep] = []
    while let step = try reader.next() { steps.append(step) }
    #expect(steps == trace.steps)
  }

  @Test func aBadLineIsNamedWithItsFileAndLine() throws {
    var data = try Self.trace().jsonLines()
    data.append(Data(#"{"index": "zero"}"#.utf8))
    #expect {
      try Trace.decodeJSONLines(data, source: "t.jsonl")
    } throws: { error in
      "\(error)" == #"t.jsonl:4: index: expected a number"#
    }
    #expect {
      try Trace.decodeJSONLines(Data("{not json}\n".utf8), source: "u.jsonl")
    } throws: { error in
      "\(error)".hasPrefix("u.jsonl:1: not valid JSON")
    }
    #expect {
      try Trace.decodeJSONLines(Data(), source: "e.jsonl")
    } throws: { error in
      "\(error)" == "e.jsonl: empty trace: expected a header line"
    }
  }

  @Test func aLineWithoutEndIsAnErrorNotAnUnboundedRead() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var data = try Self.trace().jsonLines()
    data.append(Data(repeating: 0x41, count: TraceReader.maximumLineLength + 1))
    try data.write(to: url)
    var reader = try TraceReader(contentsOf: url)
    _ = try reader.header()
    _ = try reader.next()
    _ = try reader.next()  // the trace's two steps, then the endless line
    #expect {
      _ = try reader.next()
    } throws: { error in
      "\(error)" == "\(url.path):4: line longer than 64 MiB: not a trace"
    }
  }

  @Test func aMissingFileIsAnErrorNamingIt() {
    #expect {
      _ = try TraceReader(contentsOf: URL(fileURLWithPath: "/nonexistent/x.jsonl"))
    } throws: { error in
      "\(error)".hasPrefix("/nonexistent/x.jsonl: cannot be read")
    }
  }

  @Test func theFingerprintFollowsTheDeclarations() {
    var changed = Self.graph
    #expect(changed.fingerprint == Self.graph.fingerprint)
    #expect(changed.fingerprint.count == "fnv1a64:".count + 16)
    changed.transitions[0].to = ["red"]
    #expect(changed.fingerprint != Self.graph.fingerprint)
  }

  @Test func transitionsReadAsTheyAreDrawn() {
    #expect(Self.graph.describe(0) == "red —tick→ green (go)")
    #expect(Self.graph.describe(1) == "any state —tick→ red [broken]")
    #expect(Self.graph.describe(7) == "transition #7 (not declared in Light)")
  }
}
