import FeedbackGraph

/// A recorded run laid out on virtual time, for ``TraceTimelineFigure``: where each step
/// sits on the x axis, the states the run went through, its external events, and each
/// effect as a bar from its start to its end.
///
/// Time runs left to right. Steps at the same instant are spread a few points apart in
/// the order they happened; the gap between two instants grows with the time between
/// them (at least ``minimumGap``, at most ``minimumGap`` + ``timeWidth``), so that
/// a run with 30 s and 3 s waits and bursts of steps at one instant stays readable.
struct TraceTimeline {
  /// Points between two steps of one instant.
  static let slot = 24.0
  /// Points between two instants, at least.
  static let minimumGap = 34.0
  /// Extra points for the longest wait between two instants.
  static let timeWidth = 170.0

  /// A state the run was in, from the step that entered it to the step that left it;
  /// `offset` is that step's position in the trace (node ids are built from positions, never
  /// from numbers read from the file, which may repeat or be negative).
  struct StateSpan { var state: String; var start: Double; var end: Double; var step: Int; var offset: Int }
  /// An event sent from outside (reduced or ignored), and its step's position in the trace.
  struct Mark { var x: Double; var step: Step; var offset: Int }
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
  }
  /// A labelled instant on the axis.
  struct Tick { var x: Double; var nanoseconds: Int64 }

  /// Where each step sits, by its position in `steps`.
  var x: [Double] = []
  var spans: [StateSpan] = []
  var external: [Mark] = []
  var bars: [EffectBar] = []
  var ticks: [Tick] = []
  var width = 0.0
  /// Sub-rows per feedback lane (overlapping effects of one feedback get their own rows).
  var rows: [FeedbackID?: Int] = [:]

  /// Lays out `steps`, the trace's steps from position `firstOffset` on.
  init(steps: [Step], firstOffset: Int = 0) {
    // Waits in Double: times come from a file and may jump from Int64.min to Int64.max,
    // whose difference overflows Int64. A wait back in time counts as none.
    let times = steps.map(\.timeNanoseconds)
    let longest = zip(times, times.dropFirst()).map { Self.wait(from: $0, to: $1) }.max() ?? 0
    var position = 0.0
    var previous: Int64?
    for step in steps {
      if let previous, step.timeNanoseconds == previous {
        position += Self.slot
      } else {
        if let previous {
          let wait = Self.wait(from: previous, to: step.timeNanoseconds)
          position += Self.minimumGap + (longest > 0 ? Self.timeWidth * wait / longest : 0)
        }
        ticks.append(Tick(x: position, nanoseconds: step.timeNanoseconds))
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
        if step.isExternal { external.append(Mark(x: here, step: step, offset: offset)) }
        guard let state = step.toNode else { break }
        if let last = spans.indices.last { spans[last].end = here }
        spans.append(StateSpan(state: state, start: here, end: width, step: step.index, offset: offset))
      case .ignoredEvent:
        if step.isExternal { external.append(Mark(x: here, step: step, offset: offset)) }
      case .effectStarted:
        guard let effect = step.effect else { break }
        open[effect] = bars.count
        bars.append(EffectBar(effect: effect, feedback: step.feedback, start: here, startStep: step.index, end: width))
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
          bars[position].emitted.append(Mark(x: here, step: step, offset: offset))
        } else {
          bars[position].end = here
          bars[position].endStep = step.index
          bars[position].ending = step.kind == .effectFinished ? .finished : .cancelled
          open[effect] = nil
        }
      case .stopped:
        break
      }
    }
    assignRows()
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
