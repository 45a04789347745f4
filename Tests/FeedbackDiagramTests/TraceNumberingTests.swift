import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing

/// Issue #19 item 6, "the same run is numbered two ways": over generated traces, the path
/// and the timeline give every event the same step number; the timeline's axis is linear
/// except where it is visibly broken; an untimed trace is drawn by step.
@Suite struct TraceNumberingTests {
  @Test(arguments: 0..<4)
  func item6_thePathAndTheTimelineNumberEveryEventAlike(batch: UInt64) {
    for seed in (batch * 50)..<(batch * 50 + 50) {
      let trace = GeneratedTrace.make(seed: seed)
      var path = TracePathFigure(graph: GeneratedTrace.graph, trace: trace)
      path.stepsPerEdge = 1_000
      let timeline = TraceTimelineFigure(graph: GeneratedTrace.graph, trace: trace).dot
      let onPath = Self.numbered(path.dot), onTimeline = Self.numbered(timeline)
      #expect(!onPath.isEmpty)
      #expect(
        onPath == onTimeline,
        "seed \(seed): only on the path: \(onPath.subtracting(onTimeline).sorted()); only on the timeline: \(onTimeline.subtracting(onPath).sorted())"
      )
      // Each is the number of the step that reduced (or ignored) the event.
      let reduced = Set(trace.steps.filter(\.kind.isEventStep).map { "#\($0.index) \($0.eventNode ?? "")" })
      #expect(onTimeline == reduced, "seed \(seed)")
    }
  }

  @Test(arguments: 0..<4)
  func item6_theTimeAxisIsLinearOrVisiblyBroken(batch: UInt64) throws {
    for seed in (batch * 50)..<(batch * 50 + 50) {
      let trace = GeneratedTrace.make(seed: seed)
      let dot = TraceTimelineFigure(graph: GeneratedTrace.graph, trace: trace).dot
      // The instants, with how many steps each one holds.
      var instants: [(time: Int64, steps: Int)] = []
      for step in trace.steps {
        if instants.last?.time == step.timeNanoseconds {
          instants[instants.count - 1].steps += 1
        } else {
          instants.append((step.timeNanoseconds, 1))
        }
      }
      let ticks = Self.positions(of: "tick_", in: dot)
      let breaks = Self.positions(of: "break_", in: dot)
      try #require(ticks.count == instants.count, "seed \(seed)")
      let waits = zip(instants, instants.dropFirst()).map { Double($1.time - $0.time) }
      guard let shortest = waits.min() else { continue }
      let scale = 34 / shortest  // points per nanosecond
      var broken = 0
      for (offset, wait) in waits.enumerated() {
        let lastStep = ticks[offset] + 24 * Double(instants[offset].steps - 1)
        let gap = ticks[offset + 1] - lastStep
        if scale * wait > 400 {
          broken += 1
          #expect(abs(gap - 90) < 0.15, "seed \(seed): a broken wait is 90 pt")
          #expect(breaks.contains { $0 > lastStep && $0 < ticks[offset + 1] }, "seed \(seed): no break mark")
        } else {
          #expect(abs(gap - scale * wait) < 0.15, "seed \(seed): \(wait) ns drawn \(gap) pt, scale \(scale)")
        }
      }
      #expect(breaks.count == broken, "seed \(seed)")
      // Each instant holding several steps is one mark: a bracket over its steps.
      #expect(
        dot.components(separatedBy: "class=\"instant\"").count - 1 == instants.filter { $0.steps > 1 }.count,
        "seed \(seed)")
      #expect(dot.contains("label=\"linear: 34 pt = "), "seed \(seed)")
      #expect(dot.contains("// = a wait not to scale") == (broken > 0), "seed \(seed)")
    }
  }

  @Test func item6_aWindowCutBeforeAnEventsReductionStillNumbersIt() throws {
    // The first generated trace with an emitted event; the window ends with it, before the
    // step that reduces it.
    let trace = try #require(
      (0..<50).lazy.map(GeneratedTrace.make).first { $0.steps.contains { $0.kind == .effectEmitted } })
    let steps = trace.steps
    let emitted = try #require(steps.indices.first { steps[$0].kind == .effectEmitted })
    let reduced = try #require(
      steps[(emitted + 1)...].first { $0.kind.isEventStep && $0.feedback != nil && $0.event == steps[emitted].event })
    var figure = TraceTimelineFigure(graph: GeneratedTrace.graph, trace: trace)
    figure.maximumSteps = emitted + 1
    let dot = figure.dot
    #expect(dot.contains("emitted_\(emitted) ["))
    #expect(dot.contains("xlabel=\"#\(reduced.index) \(reduced.event ?? "")\""))
    #expect(!dot.contains("not reduced"))
  }

  @Test func item6_anUntimedTraceIsDrawnByStep() {
    var trace = GeneratedTrace.make(seed: 7)
    for index in trace.steps.indices { trace.steps[index].timeNanoseconds = 0 }
    let dot = TraceTimelineFigure(graph: GeneratedTrace.graph, trace: trace).dot
    let ticks = dot.split(separator: "\n").filter { $0.hasPrefix("  tick_") }
    #expect(ticks.count == (trace.steps.count + 4) / 5)
    #expect(ticks.first?.contains("label=\"#0\", pos=\"0.0,0.0!\"") == true)
    #expect(ticks.dropFirst().first?.contains("label=\"#5\", pos=\"120.0,0.0!\"") == true)
    #expect(!dot.contains("label=\"0s\""))
    #expect(dot.contains("label=\"steps\"") && dot.contains("label=\"by step: the trace records no time\""))
  }

  @Test func item6_theMoviesTraceNumbersDidLoadOnce() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(
        "FeedbackLoopExamplesTests/Traces/Movies-MoviesTests-aNewFetchWhileLoadingIsIgnored.jsonl")
    let trace = try Trace.decodeJSONLines(Data(contentsOf: url))
    let graph = try #require(trace.header.graph)
    let path = Self.numbered(TracePathFigure(graph: graph, trace: trace).dot)
    let timeline = Self.numbered(TraceTimelineFigure(graph: graph, trace: trace).dot)
    let didLoad = try #require(trace.steps.first { $0.kind == .event && $0.eventNode == "didLoad" })
    #expect(path.contains("#\(didLoad.index) didLoad") && timeline.contains("#\(didLoad.index) didLoad"))
    #expect(path == timeline)
  }

  /// Every `#<step> <event>` the figure writes.
  static func numbered(_ dot: String) -> Set<String> {
    Set(dot.matches(of: /#(\d+) ((?:ev|fb|didLoad|didFail|fetchNext|retry)\d*)\b/).map { "#\($0.1) \($0.2)" })
  }

  /// The x of every node whose id starts with `prefix`, in the order written.
  static func positions(of prefix: String, in dot: String) -> [Double] {
    dot.split(separator: "\n").filter { $0.hasPrefix("  \(prefix)") }.compactMap { line in
      line.firstMatch(of: /pos="(-?[\d.]+),/).flatMap { Double($0.1) }
    }
  }
}

/// Random runs of a two-state machine (seeded): events sent from outside, effects that
/// start, emit events (reduced now or a few steps later), finish or are cancelled, and waits
/// from nothing to 30 s.
enum GeneratedTrace {
  static let graph = SystemGraph(
    name: "Runs", initial: "s0", states: [StateNode(id: "s0"), StateNode(id: "s1")],
    events: (0..<4).map { EventNode(id: "ev\($0)") } + (0..<4).map { EventNode(id: "fb\($0)") },
    transitions: [], feedbacks: [FeedbackNode(name: "worker", watches: "", emits: [], strategy: "")])

  static func make(seed: UInt64) -> Trace {
    var random = SplitMix(seed: seed)
    func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    let waits: [Int64] = [0, 0, 0, 1_000_000, 500_000_000, 1_000_000_000, 2_000_000_000, 30_000_000_000]
    var steps = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: "s0", afterNode: "s0")]
    var time: Int64 = 0, state = "s0", nextEffect = 0
    var running: [Int] = [], pending: [String] = []
    func add(_ step: TraceStep) {
      var step = step
      step.index = steps.count
      step.timeNanoseconds = time
      steps.append(step)
    }
    func event(_ name: String, feedback: FeedbackID?) {
      let to = pick(4) == 0 ? state : ["s0", "s1"][pick(2)]
      let ignored = pick(5) == 0
      add(
        TraceStep(
          index: 0, timeNanoseconds: 0, kind: ignored ? .ignoredEvent : .event, feedback: feedback, event: name,
          eventNode: name, before: state, after: ignored ? state : to, beforeNode: state,
          afterNode: ignored ? state : to))
      if !ignored { state = to }
    }
    for _ in 0..<(8 + pick(40)) {
      time += waits[pick(waits.count)]
      switch pick(6) {
      case 0: event("ev\(pick(4))", feedback: nil)
      case 1:
        add(
          TraceStep(
            index: 0, timeNanoseconds: 0, kind: .effectStarted, feedback: FeedbackID(0), effect: EffectID(nextEffect)))
        running.append(nextEffect)
        nextEffect += 1
      case 2 where !running.isEmpty:
        let name = "fb\(pick(4))"
        let effect = running[pick(running.count)]
        add(
          TraceStep(
            index: 0, timeNanoseconds: 0, kind: .effectEmitted, feedback: FeedbackID(0), effect: EffectID(effect),
            event: name, eventNode: name))
        pending.append(name)
      case 3 where !pending.isEmpty:
        event(pending.removeFirst(), feedback: FeedbackID(0))
      case 4 where !running.isEmpty:
        let effect = running.remove(at: pick(running.count))
        add(
          TraceStep(
            index: 0, timeNanoseconds: 0, kind: pick(2) == 0 ? .effectFinished : .effectCancelled,
            feedback: FeedbackID(0), effect: EffectID(effect)))
      default: event("ev\(pick(4))", feedback: nil)
      }
    }
    while !pending.isEmpty { event(pending.removeFirst(), feedback: FeedbackID(0)) }
    return Trace(
      header: TraceHeader(graph: graph, outcome: TraceOutcome(status: .passed)),
      steps: steps)
  }
}
