import FeedbackGraph

/// A recorded run laid out on virtual time, for ``TraceTimelineFigure``: where each step
/// sits on the x axis, the states the run went through, its external events, and each
/// effect as a bar from its start to its end.
///
/// Time runs left to right on a linear scale (``pointsPerSecond``): the shortest wait
/// between two instants is ``minimumGap`` points, every other wait is drawn in proportion.
/// A wait that would be drawn longer than ``maximumLinearGap`` is drawn ``breakGap`` long
/// with a break on the axis that says how long it was (``breaks``): the axis is linear
/// except where it is visibly broken. Steps at one instant are spread ``slot`` points apart
/// in the order they happened, under one bracket on the axis that starts at that instant's
/// tick (the instant is one mark; no time passes along it); time runs on from the last of
/// them.
///
/// A trace whose steps all carry the same time (an explorer's, or one recorded without a
/// clock) is drawn by step: ``isUntimed``, the axis numbered by step (`#0`, `#5`, …).
struct TraceTimeline {
  /// Points between two steps of one instant.
  static let slot = 24.0
  /// Points for the shortest wait between two instants.
  static let minimumGap = 34.0
  /// Points at most for a wait drawn to scale; a longer one is broken.
  static let maximumLinearGap = 400.0
  /// Points for a broken wait.
  static let breakGap = 90.0
  /// An untimed trace's axis is numbered every this many steps.
  static let stepTickEvery = 5

  /// A state the run was in, from the step that entered it to the step that left it;
  /// `offset` is that step's position in the trace (node ids are built from positions, never
  /// from numbers read from the file, which may repeat or be negative).
  struct StateSpan { var state: String; var start: Double; var end: Double; var step: Int; var offset: Int }
  /// An event sent from outside (reduced or ignored), or emitted by an effect, and its
  /// step's position in the trace. `number` is the step an event is known by everywhere:
  /// the step that reduced (or ignored) it, also for an emitted event, whose own step only
  /// says that it was emitted; `nil` when the trace ends before the event is reduced.
  struct Mark { var x: Double; var step: TraceStep; var offset: Int; var number: Int? }
  /// An effect: its feedback, sub-row, extent, how it ended, and what it emitted.
  struct EffectBar {
    enum End { case finished, cancelled, running }
    var effect: EffectID
    var feedback: FeedbackID?
    var row = 0
    var start: Double
    var startStep: Int
    var end: Double
    var endStep: Int?
    var ending = End.running
    var emitted: [Mark] = []
    /// The virtual times of its start and end step (`nil`: the trace began after it started,
    /// or ends while it runs).
    var startTime: Int64?
    var endTime: Int64?
    /// Whether it started and ended at one instant: drawn as a mark, not a bar.
    var lastsNoTime: Bool { startTime != nil && startTime == endTime }
  }
  /// A labelled point on the axis: an instant (`1.5s`), or for an untimed trace a step (`#5`).
  /// An instant that holds several steps stretches from `x` to `end`, its last step.
  struct Tick {
    var x: Double
    var label: String
    var end: Double
    var steps = 1
  }
  /// A wait drawn shorter than the scale says: where the break sits and how long the wait was.
  struct Break { var x: Double; var nanoseconds: Double }

  /// Where each step sits, by its position in `steps`.
  var x: [Double] = []
  var spans: [StateSpan] = []
  var external: [Mark] = []
  var bars: [EffectBar] = []
  var ticks: [Tick] = []
  var breaks: [Break] = []
  /// Whether every step carries the same time: drawn by step.
  var isUntimed = false
  /// The linear scale, points per second of virtual time; `nil` for an untimed trace or one
  /// with a single instant.
  var pointsPerSecond: Double?
  var width = 0.0
  /// Sub-rows per feedback lane (overlapping effects of one feedback get their own rows).
  var rows: [FeedbackID?: Int] = [:]

  /// Lays out `steps`, the trace's steps from position `firstOffset` on; `reducedAt` gives,
  /// by position in the trace, the step that reduced each emitted event
  /// (``reductions(of:)`` of the whole trace, so that a window cut before it still knows).
  init(steps: [TraceStep], firstOffset: Int = 0, reducedAt: [Int: Int]? = nil) {
    let reducedAt = reducedAt ?? Self.reductions(of: steps, firstOffset: firstOffset)
    // Waits in Double: times come from a file and may jump from Int64.min to Int64.max,
    // whose difference overflows Int64. A wait back in time counts as none.
    let times = steps.map(\.timeNanoseconds)
    let waits = zip(times, times.dropFirst()).map { Self.wait(from: $0, to: $1) }.filter { $0 > 0 }
    isUntimed = steps.count > 1 && Set(times).count == 1
    // Points per nanosecond: the shortest wait gets the minimum gap.
    let scale = waits.min().map { Self.minimumGap / $0 }
    pointsPerSecond = scale.map { $0 * 1e9 }
    var position = 0.0
    var previous: Int64?
    for (local, step) in steps.enumerated() {
      if isUntimed {
        position = Double(local) * Self.slot
        if local % Self.stepTickEvery == 0 { ticks.append(Tick(x: position, label: "#\(step.index)", end: position)) }
      } else if let previous, step.timeNanoseconds == previous {
        position += Self.slot
        ticks[ticks.count - 1].end = position
        ticks[ticks.count - 1].steps += 1
      } else {
        if let previous {
          let wait = Self.wait(from: previous, to: step.timeNanoseconds)
          let linear = wait * (scale ?? 0)
          if linear > Self.maximumLinearGap {
            breaks.append(Break(x: position + Self.breakGap / 2, nanoseconds: wait))
            position += Self.breakGap
          } else {
            position += max(linear, wait > 0 ? 0 : Self.minimumGap)
          }
        }
        ticks.append(Tick(x: position, label: Self.time(step.timeNanoseconds), end: position))
        previous = step.timeNanoseconds
      }
      x.append(position)
    }
    width = position + Self.slot
    var open: [EffectID: Int] = [:]
    for (local, step) in steps.enumerated() {
      let here = x[local]
      let offset = firstOffset + local
      switch step.kind {
      case .initial, .event, .undeclaredTransition:
        if step.isExternal { external.append(Mark(x: here, step: step, offset: offset, number: step.index)) }
        guard let state = step.afterNode else { break }
        if let last = spans.indices.last { spans[last].end = here }
        spans.append(StateSpan(state: state, start: here, end: width, step: step.index, offset: offset))
      case .ignoredEvent:
        if step.isExternal { external.append(Mark(x: here, step: step, offset: offset, number: step.index)) }
      case .effectStarted:
        guard let effect = step.effect else { break }
        open[effect] = bars.count
        bars.append(EffectBar(effect: effect, feedback: step.feedback, start: here, startStep: step.index, end: width))
        bars[bars.count - 1].startTime = isUntimed ? nil : step.timeNanoseconds
      case .effectEmitted, .effectFinished, .effectCancelled:
        guard let effect = step.effect else { break }
        let position: Int
        if let known = open[effect] {
          position = known
        } else {  // the trace began after the effect started
          position = bars.count
          open[effect] = position
          bars.append(EffectBar(effect: effect, feedback: step.feedback, start: 0, startStep: step.index, end: width))
        }
        if step.kind == .effectEmitted {
          bars[position].emitted.append(Mark(x: here, step: step, offset: offset, number: reducedAt[offset]))
        } else {
          bars[position].end = here
          bars[position].endStep = step.index
          bars[position].endTime = step.timeNanoseconds
          bars[position].ending = step.kind == .effectFinished ? .finished : .cancelled
          open[effect] = nil
        }
      case .stopped:
        break
      }
    }
    assignRows()
  }

  /// For each emitted event, by its step's position (counted from `firstOffset`), the index
  /// of the step that reduced or ignored it: the first later event step from the same
  /// feedback with the same event, in the order emitted.
  ///
  /// - Complexity: O(steps).
  static func reductions(of steps: [TraceStep], firstOffset: Int = 0) -> [Int: Int] {
    var pending: [String: [Int]] = [:]
    var result: [Int: Int] = [:]
    func key(_ step: TraceStep) -> String { "\(step.feedback.map { "\($0.index)" } ?? "-")\u{1}\(step.event ?? "")" }
    for (local, step) in steps.enumerated() {
      if step.kind == .effectEmitted {
        pending[key(step), default: []].append(firstOffset + local)
      } else if step.kind.isEventStep, !step.isExternal, let emitted = pending[key(step)]?.first {
        result[emitted] = step.index
        pending[key(step)]?.removeFirst()
      }
    }
    return result
  }

  /// Greedy interval colouring per feedback: an effect takes the first row free at its start.
  private mutating func assignRows() {
    var rowEnds: [FeedbackID?: [Double]] = [:]
    for index in bars.indices {
      var ends = rowEnds[bars[index].feedback] ?? []
      let row = ends.firstIndex { $0 <= bars[index].start } ?? ends.count
      if row == ends.count { ends.append(0) }
      ends[row] = bars[index].end + 1
      bars[index].row = row
      rowEnds[bars[index].feedback] = ends
    }
    rows = rowEnds.mapValues(\.count)
  }

  /// The time from `start` to `end` in nanoseconds, 0 when `end` is earlier; never
  /// overflows.
  static func wait(from start: Int64, to end: Int64) -> Double {
    max(0, Double(end) - Double(start))
  }

  /// `nanoseconds` rounded to whole nanoseconds, within Int64 (a wait between two times
  /// read from a file may not fit).
  static func nanoseconds(_ nanoseconds: Double) -> Int64 {
    guard nanoseconds.isFinite else { return nanoseconds > 0 ? .max : .min }
    if nanoseconds >= 9_223_372_036_854_775_808 { return .max }  // 2^63
    if nanoseconds <= -9_223_372_036_854_775_808 { return .min }
    return Int64(nanoseconds.rounded())
  }

  /// `0s`, `30s`, `1.5s`, `250ms`, `12µs`, `7ns`, `-2s`; any Int64, `Int64.min` included.
  static func time(_ nanoseconds: Int64) -> String {
    let magnitude = nanoseconds.magnitude
    func trimmed(_ scale: UInt64, _ unit: String) -> String {
      let whole = magnitude / scale, rest = magnitude % scale
      guard rest != 0 else { return "\(whole)\(unit)" }
      var digits = String(rest + scale).dropFirst()  // zero-padded fraction
      while digits.hasSuffix("0") { digits = digits.dropLast() }
      return "\(whole).\(digits.prefix(3))\(unit)"
    }
    let sign = nanoseconds < 0 ? "-" : ""
    if magnitude >= 1_000_000_000 || magnitude == 0 { return sign + trimmed(1_000_000_000, "s") }
    if magnitude >= 1_000_000 { return sign + trimmed(1_000_000, "ms") }
    if magnitude >= 1_000 { return sign + trimmed(1_000, "µs") }
    return "\(nanoseconds)ns"
  }
}
