import FeedbackCoverage
import FeedbackGraph
import Foundation
import Testing

/// A traffic light as data: red —tick→ green —tick→ yellow —tick→ red, and any state
/// —emergency→ red.
private let light = SystemGraph(
  name: "Light", initial: "red",
  states: ["green", "red", "yellow"].map { StateNode(id: $0) },
  events: [EventNode(id: "emergency"), EventNode(id: "tick")],
  transitions: [
    TransitionEdge(id: TransitionID(0), from: "red", event: "tick", to: ["green"]),
    TransitionEdge(id: TransitionID(1), from: "green", event: "tick", to: ["yellow"]),
    TransitionEdge(id: TransitionID(2), from: "yellow", event: "tick", to: ["red"]),
    TransitionEdge(id: TransitionID(3), from: nil, event: "emergency", to: ["red"]),
  ])

private func initial(_ state: String, _ index: Int = 0) -> TraceStep {
  TraceStep(index: index, timeNanoseconds: 0, kind: .initial, afterNode: state)
}

private func event(
  _ index: Int, _ from: String, _ name: String, _ to: String, _ transition: Int?, kind: StepKind = .event
) -> TraceStep {
  TraceStep(
    index: index, timeNanoseconds: Int64(index), kind: kind, transition: transition.map { TransitionID($0) },
    event: name, eventNode: name, beforeNode: from, afterNode: to)
}

@Suite struct CoverageTests {
  @Test func countsHitsVisitsAndFractions() {
    var coverage = Coverage(graph: light)
    coverage.add(
      Trace(
        header: TraceHeader(graph: light),
        steps: [
          initial("red"),
          event(1, "red", "tick", "green", 0),
          TraceStep(index: 2, timeNanoseconds: 2, kind: .effectStarted, feedback: FeedbackID(0), effect: EffectID(0)),
          event(3, "green", "tick", "yellow", 1),
          event(4, "yellow", "emergency", "red", 3),
          event(5, "red", "tick", "green", 0),
        ]))
    #expect(coverage.transitionHits == [2, 1, 0, 1])
    #expect(coverage.stateVisits == ["red": 2, "green": 2, "yellow": 1])
    #expect(coverage.transitionFraction == CoverageFraction(covered: 3, total: 4))
    #expect(coverage.transitionFraction.percent == 75)
    #expect(coverage.stateFraction.description == "3/3")
    #expect(coverage.uncovered.map(\.summary) == ["yellow —tick→ red"])
    #expect(coverage.unvisitedStates.isEmpty)
    #expect((coverage.traces, coverage.steps) == (1, 6))
    #expect(coverage.undeclared.isEmpty && coverage.observed.isEmpty)
  }

  @Test func unvisitedStatesAndAnEmptyGraph() {
    var coverage = Coverage(graph: light)
    coverage.add(initial("red"))
    #expect(coverage.unvisitedStates.map(\.id) == ["green", "yellow"])
    #expect(coverage.stateFraction.value == 1.0 / 3.0)
    #expect(coverage.transitionFraction.value == 0)
    let empty = SystemGraph(name: "Empty", initial: "s", states: [], events: [], transitions: [])
    #expect(Coverage(graph: empty).transitionFraction.value == 1)  // nothing to cover is complete
  }

  @Test func undeclaredTransitionsAreEdgesNotHits() {
    var coverage = Coverage(graph: light)
    coverage.add(initial("red"))
    // The transition matched but led outside its targets: the diagram must not count it.
    coverage.add(event(1, "red", "tick", "yellow", 0, kind: .undeclaredTransition))
    // An event step that matched no declared transition, twice: a fallback reducer reduced
    // it (the recorder does not flag it), so it is observed, not undeclared.
    coverage.add(event(2, "yellow", "tick", "green", nil))
    coverage.add(event(3, "yellow", "tick", "green", nil))
    // A transition id the graph does not declare.
    coverage.add(event(4, "green", "reset", "red", 9))
    #expect(coverage.transitionHits == [0, 0, 0, 0])
    #expect(
      coverage.undeclared == [
        ObservedEdge(from: "red", event: "tick", to: "yellow"): 1,
        ObservedEdge(from: "green", event: "reset", to: "red"): 1,
      ])
    #expect(coverage.observed == [ObservedEdge(from: "yellow", event: "tick", to: "green"): 2])
    #expect(coverage.stateVisits == ["red": 2, "yellow": 1, "green": 2])
    #expect(ObservedEdge(from: "yellow", event: "tick", to: "green").summary == "yellow —tick→ green")
  }

  @Test func ignoredEventsAreCountedPerStateAndEvent() {
    var coverage = Coverage(graph: light)
    for (index, name) in ["tick", "tick", "honk"].enumerated() {
      coverage.add(
        TraceStep(
          index: index, timeNanoseconds: 0, kind: .ignoredEvent, event: name, eventNode: name, beforeNode: "red",
          afterNode: "red"))
    }
    #expect(coverage.ignored == ["red": ["tick": 2, "honk": 1]])
    #expect(coverage.ignoredEvents(in: "red").map(\.event) == ["honk", "tick"])
    #expect(coverage.stateVisits.isEmpty)  // ignoring an event enters no state
  }

  @Test func aPlainReducerRecordsTheObservedGraph() {
    let counter = SystemGraph(
      name: "Counter", initial: "Int", states: [StateNode(id: "Int")], events: [EventNode(id: "increment")],
      declaresTransitions: false, transitions: [])
    var coverage = Coverage(graph: counter)
    coverage.add(initial("Int"))
    for index in 1...3 { coverage.add(event(index, "Int", "increment", "Int", nil)) }
    coverage.add(event(4, "Int", "decrement", "Int", nil))
    #expect(
      coverage.observed == [
        ObservedEdge(from: "Int", event: "increment", to: "Int"): 3,
        ObservedEdge(from: "Int", event: "decrement", to: "Int"): 1,
      ])
    #expect(coverage.undeclared.isEmpty)  // nothing is declared, so nothing is undeclared
    #expect(coverage.transitionFraction == CoverageFraction(covered: 0, total: 0))
    #expect(coverage.stateFraction.description == "1/1")
  }

  @Test func mergingEqualsMeasuringEveryTraceTogether() throws {
    let first = [initial("red"), event(1, "red", "tick", "green", 0)]
    let second = [
      initial("red"), event(1, "red", "emergency", "red", 3),
      TraceStep(index: 2, timeNanoseconds: 2, kind: .ignoredEvent, event: "honk", eventNode: "honk", beforeNode: "red"),
      event(3, "red", "tick", "yellow", nil),
    ]
    var a = Coverage(graph: light), b = Coverage(graph: light), both = Coverage(graph: light)
    a.add(Trace(header: TraceHeader(graph: light), steps: first))
    b.add(Trace(header: TraceHeader(graph: light), steps: second))
    both.add(Trace(header: TraceHeader(graph: light), steps: first))
    both.add(Trace(header: TraceHeader(graph: light), steps: second))
    #expect(try a.merging(b) == both)
    #expect(both.traces == 2 && both.transitionHits == [1, 0, 0, 1])

    var other = light
    other.transitions.removeLast()
    #expect(throws: CoverageError.differentGraphs(system: "Light", light.fingerprint, other.fingerprint)) {
      try a.merge(Coverage(graph: other))
    }
  }

  /// `loading —didLoad→ {loaded, failed}`: a computed transition with two targets.
  static let loader = SystemGraph(
    name: "Loader", initial: "loading",
    states: ["failed", "loaded", "loading"].map { StateNode(id: $0) },
    events: [EventNode(id: "didLoad"), EventNode(id: "retry")],
    transitions: [
      TransitionEdge(
        id: TransitionID(0), from: "loading", event: "didLoad", to: ["loaded", "failed"], isComputed: true),
      TransitionEdge(id: TransitionID(1), from: "failed", event: "retry", to: ["loading"]),
    ])

  @Test func eachTargetOfAComputedTransitionIsCountedOnItsOwn() throws {
    var coverage = Coverage(graph: Self.loader)
    coverage.add(
      Trace(
        header: TraceHeader(graph: Self.loader),
        steps: [
          initial("loading"),
          event(1, "loading", "didLoad", "loaded", 0),
          event(2, "loading", "didLoad", "loaded", 0),
          event(3, "loading", "didLoad", "loaded", 0),
        ]))
    #expect(coverage.transitionHits == [3, 0])
    #expect(coverage.targetHits == [[3, 0], [0]])
    #expect(coverage.hits(TransitionID(0), to: "loaded") == 3 && coverage.hits(TransitionID(0), to: "failed") == 0)
    // Covered (k/n) once any target is reached; the target never reached is listed apart.
    #expect(coverage.transitionFraction.description == "1/2")
    #expect(coverage.uncovered.map(\.summary) == ["failed —retry→ loading"])
    #expect(coverage.unreachedTargets.map { $0.transition.summary(to: $0.target) } == ["loading —didLoad→ failed"])

    var other = Coverage(graph: Self.loader)
    other.add(event(1, "loading", "didLoad", "failed", 0))
    #expect(try coverage.merging(other).targetHits == [[3, 1], [0]])

    let data = try JSONEncoder().encode(coverage)
    #expect(try JSONDecoder().decode(Coverage.self, from: data) == coverage)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["unreachedTargets"] as? [String] == ["loading —didLoad→ failed"])
    let transitions = try #require(object["transitions"] as? [[String: Any]])
    let targets = try #require(transitions[0]["targets"] as? [[String: Any]])
    #expect(targets.map { "\($0["to"] as? String ?? "?") ×\($0["hits"] as? Int ?? -1)" } == ["loaded ×3", "failed ×0"])
  }

  @Test func jsonWithoutPerTargetCountsIsStillRead() throws {
    // Written before per-target counts: a single target gets every hit of its transition.
    var coverage = Coverage(graph: light)
    coverage.add(
      Trace(header: TraceHeader(graph: light), steps: [initial("red"), event(1, "red", "tick", "green", 0)]))
    var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(coverage)) as? [String: Any])
    object["transitions"] = (object["transitions"] as? [[String: Any]])?.map { $0.filter { $0.key != "targets" } }
    object["unreachedTargets"] = nil
    let decoded = try JSONDecoder().decode(Coverage.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(decoded == coverage)
  }

  @Test func jsonRoundTripsAndReadsLikeTheFigure() throws {
    var coverage = Coverage(graph: light)
    coverage.add(
      Trace(
        header: TraceHeader(graph: light),
        steps: [
          initial("red"), event(1, "red", "tick", "green", 0), event(2, "green", "tick", "red", nil),
          TraceStep(
            index: 3, timeNanoseconds: 3, kind: .ignoredEvent, event: "honk", eventNode: "honk", beforeNode: "red"),
        ]))
    let data = try JSONEncoder().encode(coverage)
    #expect(try JSONDecoder().decode(Coverage.self, from: data) == coverage)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(
      object["uncovered"] as? [String] == ["green —tick→ yellow", "yellow —tick→ red", "any state —emergency→ red"])
    #expect(object["unvisitedStates"] as? [String] == ["yellow"])
    #expect((object["transitionCoverage"] as? [String: Int]) == ["covered": 1, "total": 4])
    #expect(object["fingerprint"] as? String == light.fingerprint)
  }
}

/// Trace files measured together: finding them, skipping stale ones, naming bad lines.
@Suite struct CoverageCollectorTests {
  static let graph = SystemGraph(
    name: "Door", initial: "closed", states: [StateNode(id: "closed"), StateNode(id: "open")],
    events: [EventNode(id: "push")],
    transitions: [
      TransitionEdge(id: TransitionID(0), from: "closed", event: "push", to: ["open"]),
      TransitionEdge(id: TransitionID(1), from: "open", event: "push", to: ["closed"]),
    ])

  static func steps(_ pushes: Int) -> [TraceStep] {
    [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "closed")]
      + (0..<pushes).map { index in
        let from = index % 2 == 0 ? "closed" : "open", to = index % 2 == 0 ? "open" : "closed"
        return TraceStep(
          index: index + 1, timeNanoseconds: 0, kind: .event, transition: TransitionID(index % 2), event: "push",
          eventNode: "push", beforeNode: from, afterNode: to)
      }
  }

  /// A temporary folder with `files` (relative path → trace), removed by the caller.
  static func folder(_ files: [String: Trace]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)")
    for (path, trace) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try trace.jsonLines().write(to: url)
    }
    return root
  }

  @Test func foldersAreSearchedRecursivelyAndSorted() throws {
    let root = try Self.folder([
      "b.jsonl": Trace(header: TraceHeader(graph: Self.graph)),
      "a/z.jsonl": Trace(header: TraceHeader(graph: Self.graph)),
      ".hidden/x.jsonl": Trace(header: TraceHeader(graph: Self.graph)),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("not a trace".utf8).write(to: root.appendingPathComponent("notes.txt"))
    #expect(try TraceFiles.find([root.path]) == [root.path + "/a/z.jsonl", root.path + "/b.jsonl"])
    #expect(throws: CoverageError.missingPath(root.path + "/nope")) { try TraceFiles.find([root.path + "/nope"]) }
  }

  /// Issue 19, item 2: coverage maps a trace of other declarations onto the unchanged
  /// transitions, and names only the changed ones.
  @Test func aTraceOfOtherDeclarationsIsMappedOntoTheUnchangedTransitions() throws {
    var reordered = Self.graph
    reordered.transitions.reverse()
    var changed = Self.graph
    changed.transitions[0].label = "harder"
    let root = try Self.folder([
      "now.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(1)),
      "reordered.jsonl": Trace(header: TraceHeader(graph: reordered), steps: Self.steps(2)),
      "changed.jsonl": Trace(header: TraceHeader(graph: changed), steps: Self.steps(3)),
      "bare.jsonl": {
        var trace = Trace(header: TraceHeader(graph: changed), steps: Self.steps(1))
        trace.header.graph = nil
        return trace
      }(),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let report = try CoverageCollector(registered: [Self.graph]).measure(try TraceFiles.find([root.path]))
    #expect(
      report.skipped.map(\.description) == [
        "skipped \(root.path)/bare.jsonl: recorded against fingerprint \(changed.fingerprint), Door is now \(Self.graph.fingerprint) — re-run its test"
      ])
    #expect(
      report.remapped.map(\.description) == [
        "mapped \(root.path)/changed.jsonl onto Door's unchanged transitions (it was recorded against other declarations); left out 2 steps of changed transitions: closed —push→ open (harder)",
        "mapped \(root.path)/reordered.jsonl onto Door's unchanged transitions (it was recorded against other declarations)",
      ])
    let coverage = try #require(report.coverages.first)
    #expect(coverage.traces == 3)
    #expect(coverage.transitionHits == [1 + 1, 1 + 1])  // now: 1 + reordered: 1; reordered: 1 + changed: 1
  }

  @Test func unregisteredSystemsAreMeasuredAgainstTheFingerprintMostTracesShare() throws {
    var other = Self.graph
    other.transitions.removeLast()
    let agreeing = try Self.folder([
      "1.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(2)),
      "2.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(1)),
    ])
    defer { try? FileManager.default.removeItem(at: agreeing) }
    let report = try CoverageCollector(registered: []).measure(try TraceFiles.find([agreeing.path]))
    #expect(report.coverages.map(\.transitionHits) == [[2, 1]])
    #expect(report.skipped.isEmpty && report.untraced.isEmpty)

    // One stale trace among three: named and left out, the other two measured.
    let disagreeing = try Self.folder([
      "1.jsonl": Trace(header: TraceHeader(graph: other), steps: Self.steps(1)),
      "2.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(2)),
      "3.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(1)),
    ])
    defer { try? FileManager.default.removeItem(at: disagreeing) }
    let majority = try CoverageCollector(registered: []).measure(try TraceFiles.find([disagreeing.path]))
    #expect(majority.coverages.map(\.graph) == [Self.graph])
    #expect(majority.coverages.map(\.transitionHits) == [[2, 1]] && majority.coverages.first?.traces == 2)
    #expect(
      majority.skipped.map(\.description) == [
        "skipped \(disagreeing.path)/1.jsonl: recorded against fingerprint \(other.fingerprint), but 2/3 traces of Door (not a registered system) were recorded against \(Self.graph.fingerprint) — measured against those; re-run its test"
      ])

    // A tie: the fingerprint of the first trace in sorted path order wins, whatever order the files come in.
    let tied = try Self.folder([
      "a.jsonl": Trace(header: TraceHeader(graph: other), steps: Self.steps(1)),
      "b.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(2)),
    ])
    defer { try? FileManager.default.removeItem(at: tied) }
    let tie = try CoverageCollector(registered: []).measure([tied.path + "/b.jsonl", tied.path + "/a.jsonl"])
    #expect(tie.coverages.map(\.graph) == [other] && tie.coverages.first?.transitionHits == [1])
    #expect(tie.skipped.map(\.file) == [tied.path + "/b.jsonl"])
  }

  @Test func registeredSystemsWithoutTracesAreListedAsUntraced() throws {
    var stale = Self.graph
    stale.transitions.reverse()
    let other = SystemGraph(
      name: "Bell", initial: "quiet", states: [StateNode(id: "quiet")], events: [], transitions: [])
    var old = Trace(header: TraceHeader(graph: stale), steps: Self.steps(1))
    old.header.graph = nil  // without the graph it was recorded against, it cannot be mapped
    let root = try Self.folder(["old.jsonl": old])
    defer { try? FileManager.default.removeItem(at: root) }
    // Door's only trace is out of date, Bell has none: neither is measured.
    let report = try CoverageCollector(registered: [Self.graph, other]).measure(try TraceFiles.find([root.path]))
    #expect(report.coverages.isEmpty)
    #expect(report.untraced.map(\.name) == ["Door", "Bell"])
    #expect(report.skipped.map(\.file) == [root.path + "/old.jsonl"])
  }

  @Test func aMalformedLineNamesTheFileAndTheLineAsGiven() throws {
    let root = try Self.folder(["t.jsonl": Trace(header: TraceHeader(graph: Self.graph), steps: Self.steps(3))])
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("t.jsonl")
    var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[3] = #"{"index":2,"kind":"teleported","timeNanoseconds":0}"#
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    #expect {
      var coverage = Coverage(graph: Self.graph)
      try CoverageCollector.add(root.path + "/t.jsonl", to: &coverage)
    } throws: { error in
      "\(error)".hasPrefix("\(root.path)/t.jsonl:4: kind:")
    }
  }
}
