import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The name round-trip of ``NameRoundTripTests`` for every figure kind (issue #19 item 8):
/// the loop, coverage, trace path and timeline figures and the atlas draw any printable
/// name into SVG that is well-formed XML carrying the name, and DOT that the `dot` program
/// reads back; the Mermaid front matter is a valid YAML double-quoted scalar that reads back
/// as the name. Names are seeded, from all of Unicode.
@Suite struct EveryFigureNameRoundTripTests {
  typealias Names = NameRoundTripTests

  /// Characters an escaper must see scalar by scalar: a backslash, a quote, an ampersand,
  /// a run of spaces or `]]` followed by a combining mark.
  static let joined = ["\\\u{301}", "\"\u{20DD}", "&\u{327}", "  \u{301}", "]]\u{301}", "<\u{301}", "\\N\u{300}"]

  /// A graph where `name` is the system, a state (the initial one), an event, a label, a
  /// guard, and a feedback's name, watch, emitted event and strategy.
  static func graph(_ name: String) -> SystemGraph {
    SystemGraph(
      name: name, initial: name, states: [StateNode(id: name, fields: [name]), StateNode(id: "other")],
      events: [EventNode(id: name), EventNode(id: "ev")],
      transitions: [
        TransitionEdge(id: 0, from: name, event: "ev", to: ["other"], label: name),
        TransitionEdge(id: 1, from: "other", event: name, to: [name], guardDescription: name),
        TransitionEdge(id: 2, from: nil, event: "ev", to: ["other"]),
      ],
      feedbacks: [FeedbackNode(name: name, watches: name, emits: [name], strategy: name)])
  }

  /// A run through both states, one event ignored, failing with `name` as its message.
  static func trace(_ graph: SystemGraph, _ name: String) -> Trace {
    Trace(
      header: TraceHeader(graph: graph, test: name, outcome: .failed(at: 3, message: name)),
      steps: [
        TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: name, afterNode: name),
        TraceStep(index: 1, timeNanoseconds: 5, kind: .effectStarted, feedback: FeedbackID(0), effect: EffectID(0)),
        TraceStep(
          index: 2, timeNanoseconds: 10, kind: .event, transition: TransitionID(0), event: name, eventNode: "ev",
          before: name, after: "other", beforeNode: name, afterNode: "other"),
        TraceStep(
          index: 3, timeNanoseconds: 20, kind: .event, transition: TransitionID(1), event: name, eventNode: name,
          before: "other", after: name, beforeNode: "other", afterNode: name),
        TraceStep(
          index: 4, timeNanoseconds: 30, kind: .ignoredEvent, event: name, eventNode: name, before: name,
          after: name, beforeNode: name, afterNode: name),
        TraceStep(
          index: 5, timeNanoseconds: 40, kind: .undeclaredTransition, event: name, eventNode: name,
          beforeNode: name, afterNode: "nowhere"),
      ])
  }

  /// Every figure of `graph`: (kind, DOT, layout engine).
  static func figures(_ graph: SystemGraph, _ name: String) -> [(kind: String, dot: String, engine: String)] {
    let trace = trace(graph, name)
    var coverage = Coverage(graph: graph)
    coverage.beginTrace()
    for step in trace.steps { coverage.add(step) }
    let atlas = Atlas(graph: graph)
    var figures: [(String, String, String)] = [
      ("states", Diagram.dot(graph, figure: .states), "dot"), ("loop", Diagram.dot(graph, figure: .loop), "dot"),
      ("coverage", CoverageFigure(coverage: coverage).dot, "dot"),
      ("trace path", TracePathFigure(graph: graph, trace: trace).dot, "dot"),
      ("timeline", TraceTimelineFigure(graph: graph, trace: trace).dot, TraceTimelineFigure.engine),
      ("atlas overview", atlas.overviewDOT, "dot"),
    ]
    if let focus = atlas.focusDOT(for: name) { figures.append(("atlas focus", focus, "dot")) }
    return figures
  }

  /// Whether some text node or tooltip of `svg` holds `name`'s scalars (compared scalar by
  /// scalar: `==` on Strings would take a no-break space for… nothing, but would take
  /// canonically equivalent names for one another).
  static func carries(_ strings: [String], _ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    return strings.contains { text in
      let candidate = Array(text.unicodeScalars)
      guard candidate.count >= scalars.count else { return false }
      return (0...(candidate.count - scalars.count)).contains {
        candidate[$0..<($0 + scalars.count)].elementsEqual(scalars)
      }
    }
  }

  @Test func everyFigureOfAPrintableNameIsWellFormedAndCarriesIt() throws {
    var random = SplitMix64(seed: 198)
    var drawn = 0
    while drawn < 14 {
      // A seeded name, and a scalar that joins the Character before it after an escaped one.
      var name = Names.name(&random) + Self.joined[drawn % Self.joined.count]
      guard !Names.isUnprintable(name) else { continue }
      if name.unicodeScalars.count > 3_000 {
        name = String(String.UnicodeScalarView(name.unicodeScalars.prefix(3_000)))
      }
      drawn += 1
      let graph = Self.graph(name)
      try graph.checkCoherence()
      let described = String(name.prefix(30).debugDescription)
      for (kind, dot, engine) in Self.figures(graph, name) {
        let svg = try Diagram.render(dot: dot, engine: engine, as: .svg)
        let texts: [String]
        let titles: [String]
        do {
          (texts, titles) = try XMLParsing.document(svg) { document in
            (
              try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" },
              try document.nodes(forXPath: "//@*[local-name()='title']").map { $0.stringValue ?? "" }
            )
          }
        } catch {
          Issue.record("\(kind) SVG of \(described) is not well-formed XML: \(error)")
          continue
        }
        if kind != "atlas overview" {
          #expect(Self.carries(texts + titles, name), "\(kind) of \(described) lost the name")
        }
        if drawn % 3 == 0 || name.utf8.count > 2_000 {
          #expect(try Names.dotProgramReads(dot), "dot -Tcanon on the \(kind) DOT of \(described)")
        }
      }
      let title = try Self.yamlTitle(MermaidWriter.text(for: graph))
      #expect(Array(title.unicodeScalars) == Array(name.unicodeScalars), "Mermaid title of \(described)")
    }
  }

  /// The Mermaid front matter's title, read as YAML reads a double-quoted scalar: only
  /// YAML's escapes, only characters YAML allows in a document.
  static func yamlTitle(_ mermaid: String) throws -> String {
    let lines = mermaid.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "---" && lines[2] == "---", "front matter is three lines")
    var scalars = Array(String(lines[1]).unicodeScalars)[...]
    try #require(scalars.starts(with: "title: \"".unicodeScalars) && scalars.last == "\"")
    scalars = scalars.dropFirst(8).dropLast()
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      let value = scalar.value
      let printable =
        value == 0x09 || (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value)
        || ((0xE000...0xFFFD).contains(value) && value != 0xFEFF) || (0x10000...0x10FFFF).contains(value)
      try #require(printable, "U+\(String(value, radix: 16)) is not allowed raw in YAML")
      try #require(scalar != "\"", "a bare quote ends the scalar early")
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      let next = scalars.popFirst()
      let escape = try #require(next, "a backslash ends the title")
      switch escape {
      case "\\", "\"": result.append(escape)
      case "U", "u":
        let digits = escape == "U" ? 8 : 4
        let hex = String(String.UnicodeScalarView(scalars.prefix(digits)))
        scalars = scalars.dropFirst(digits)
        let code = try #require(UInt32(hex, radix: 16), "\\\(escape)\(hex) is not hex")
        result.append(try #require(Unicode.Scalar(code)))
      default:
        Issue.record("\\U+\(String(escape.value, radix: 16)) is not a YAML escape")
        result.append(escape)
      }
    }
    return String(result)
  }

  @Test func theMermaidTitleEscapesABackslashOrAQuoteBeforeACombiningMark() throws {
    var random = SplitMix64(seed: 26)
    for _ in 0..<60 {
      let mark = Unicode.Scalar(UInt32(0x300 + random.next() % 0x70))!  // combining diacritical marks
      var name = ["a", "", "\\"][Int(random.next() % 3)]
      name += ["\\", "\""][Int(random.next() % 2)]
      name.unicodeScalars.append(mark)
      name += ["", "b", "\\\u{301}"][Int(random.next() % 3)]
      let text = MermaidWriter.text(for: Names.graph(name))
      let title = try Self.yamlTitle(text)
      #expect(Array(title.unicodeScalars) == Array(name.unicodeScalars), "\(name.debugDescription)")
    }
  }
}

extension EveryFigureNameRoundTripTests {
  /// What is not a name — a described event or state, a failure message, a test's name —
  /// and names of graphs made in code (never checked) can hold anything: the trace figures
  /// draw XML's forbidden characters as U+FFFD, so that the SVG is still well-formed.
  @Test func controlCharactersAnywhereInATraceStillMakeWellFormedSVG() throws {
    var random = SplitMix64(seed: 26_2)
    for _ in 0..<12 {
      var hostile = "a"
      for _ in 0..<3 {
        hostile.unicodeScalars.append(
          Unicode.Scalar([0x0, 0x1, 0x8, 0xB, 0x1B, 0x1F, 0xFFFE, 0xFFFF][Int(random.next() % 8)])!)
        hostile += "b"
      }
      let graph = Self.graph(hostile)
      for (kind, dot, engine) in Self.figures(graph, hostile) {
        let svg = try Diagram.render(dot: dot, engine: engine, as: .svg)
        #expect(throws: Never.self, "\(kind) of \(hostile.debugDescription)") {
          try XMLParsing.document(svg) { _ in }
        }
      }
    }
  }

  /// Long names (5 KB to 40 KB, markup and escapes included) in every figure: no string or
  /// HTML-like label passes Graphviz's limits, so that the `dot` program reads the DOT back.
  @Test func longNamesInEveryFigureAreReadBackByDot() throws {
    var random = SplitMix64(seed: 19_83)
    for length in [5_000, 12_000, 40_000] {
      var name = ""
      while name.utf8.count < length {
        name += ["x", "é", "<b>", "&amp;", "\\N", " ", "中", "\"", "]]>"][Int(random.next() % 9)]
      }
      let graph = Self.graph(name)
      for (kind, dot, _) in Self.figures(graph, name) {
        #expect(try Names.dotProgramReads(dot), "dot -Tcanon on the \(kind) DOT of a \(length)-byte name")
      }
    }
  }
}
