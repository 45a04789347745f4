public import FeedbackLoop
import FeedbackGraph

/// The recorder's steps, stored compactly: a 12-byte ``Record`` per step (no references),
/// chunked side arrays for the events and states the steps carry, feedbacks and
/// transitions as numbers, and the virtual time only where it changes.
///
/// A loop under test can run millions of steps; storing each as a `LoopActivity` in a
/// growing array took ~100 bytes a step, a generic enum copy and repeated re-copying, which
/// made recording 5× slower than the loop itself. Steps become ``RecordedStep`` values
/// again only when read, which tests do a few at a time.
///
/// The log relies on the loop reporting activities in order: the state before a reduced
/// event is the state after the event step before it (checked in debug builds).
///
/// - Complexity: appending is amortized O(1); reading a step is O(d + log t), for the d
///   steps back to the event step it follows (its ``RecordedStep/cause``) and t changes of
///   time. A log holds at most 2³¹ − 1 steps, states, events and effects.
@usableFromInline
struct StepLog<State: Equatable & Sendable, Event: Sendable>: Sendable {
  /// What kind of step a record holds, and so what its fields mean.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    /// `b`: state (0).
    case started
    /// `b`: state after (the state before is state `b - 1`, the event in `eventSteps` at
    /// `b - 1`); `name`: source; `a`: transition or -1.
    case reduced
    /// As ``reduced``; the state after is the state before.
    case ignored
    /// As ``reduced``.
    case undeclared
    /// `a`: effect id; `name`: feedback.
    case effectStarted
    /// `a`: effect id; `b`: index in `emittedEvents`; `name`: feedback.
    case effectEmitted
    /// `a`: effect id; `name`: feedback.
    case effectFinished
    /// `a`: effect id; `name`: feedback.
    case effectCancelled
    case stopped

    /// Whether steps of this kind carry an event (or the initial state) and the state it
    /// left, and so are the cause of the steps after them.
    @inlinable var isEventStep: Bool {
      switch self {
      case .started, .reduced, .ignored, .undeclared: true
      default: false
      }
    }
  }

  /// One step, in 12 bytes; what the fields hold depends on `kind`.
  @usableFromInline
  struct Record: Sendable {
    @usableFromInline var a: Int32
    @usableFromInline var b: Int32
    /// The kind in the top 8 bits; below it, the name's index + 1 (0 for an external
    /// source). A loop can name up to 2²⁴ − 1 feedbacks this way.
    @usableFromInline var kindAndName: UInt32

    @inlinable
    init(_ kind: Kind, a: Int32 = 0, b: Int32 = 0, name: Int32 = -1) {
      (self.a, self.b) = (a, b)
      kindAndName = UInt32(kind.rawValue) << 24 | UInt32(name + 1)
    }

    @inlinable var kind: Kind { Kind(rawValue: UInt8(kindAndName >> 24))! }
    /// An index into `names`, or -1 for an external source.
    @inlinable var name: Int32 { Int32(kindAndName & 0xFF_FFFF) - 1 }
  }

  @usableFromInline var records = ChunkedArray<Record>()
  /// The initial state: state 0.
  @usableFromInline var initial: State?
  /// The event of each event step and the state after it, in order: state `k + 1`.
  @usableFromInline var eventSteps = ChunkedArray<(event: Event, after: State)>()
  /// The events effects emitted, in order.
  @usableFromInline var emittedEvents = ChunkedArray<Event>()
  /// `(first step, virtual nanoseconds)` each time the time changed.
  @usableFromInline var times: [(step: Int, nanoseconds: Int64)] = []
  @usableFromInline var lastTime: Int64 = -1
  /// The loop's feedback names, by index.
  @usableFromInline var names: [String]
  /// The indices of undeclared-transition steps.
  @usableFromInline var undeclared: [Int] = []

  /// An empty log for a loop whose feedbacks are named `feedbackNames`, in order.
  @inlinable
  init(feedbackNames: [String]) {
    precondition(feedbackNames.count < Self.maximumNames, "a recording can name at most 16,777,214 feedbacks")
    names = feedbackNames
  }

  /// How many feedbacks a ``Record`` can refer to.
  @inlinable static var maximumNames: Int { 0xFF_FFFF }

  /// The number of steps.
  @inlinable var count: Int { records.count }

  // MARK: Writing

  @inlinable
  mutating func stamp(_ time: Int64) {
    if time != lastTime {
      times.append((records.count, time))
      lastTime = time
    }
  }

  /// Records `step`, reported at virtual time `time` (nanoseconds). A synchronous effect
  /// becomes its three steps.
  @inlinable @inline(__always)
  mutating func append(_ step: LoopStep<State, Event>, time: Int64) {
    stamp(time)
    let feedback = Int32(step.feedback?.index ?? -1)
    let effect = Int32(step.effect?.rawValue ?? -1)
    switch step.kind {
    case .initial:
      initial = step.after
      records.append(Record(.started, b: 0))
    case .event:
      appendEvent(.reduced, step, feedback: feedback)
    case .ignoredEvent:
      appendEvent(.ignored, step, feedback: feedback)
    case .undeclaredTransition:
      undeclared.append(records.count)
      appendEvent(.undeclared, step, feedback: feedback)
    case .effectStarted:
      records.append(Record(.effectStarted, a: effect, name: feedback))
    case .effectEmitted:
      let emitted = Record(.effectEmitted, a: effect, b: store(emitted: step.event!), name: feedback)
      if step.isSynchronousEffect {
        records.append(
          Record(.effectStarted, a: effect, name: feedback), emitted, Record(.effectFinished, a: effect, name: feedback))
      } else {
        records.append(emitted)
      }
    case .effectFinished:
      records.append(Record(.effectFinished, a: effect, name: feedback))
    case .effectCancelled:
      records.append(Record(.effectCancelled, a: effect, name: feedback))
    case .stopped:
      records.append(Record(.stopped))
    }
  }

  /// Records an event step: the state after it is stored, the state before is the state
  /// after the previous event step.
  @inlinable @inline(__always)
  mutating func appendEvent(_ kind: Kind, _ step: LoopStep<State, Event>, feedback: Int32) {
    assert(state(eventSteps.count) == step.before!, "the loop reported an event in a state it was not in")
    eventSteps.append((step.event!, step.after!))
    records.append(Record(kind, a: Int32(step.transition?.index ?? -1), b: Int32(eventSteps.count), name: feedback))
  }

  /// State `index`: the initial state, or the state after event step `index - 1`.
  @inlinable
  func state(_ index: Int) -> State {
    index == 0 ? initial! : eventSteps[index - 1].after
  }

  @inlinable
  mutating func store(emitted event: Event) -> Int32 {
    emittedEvents.append(event)
    return Int32(emittedEvents.count - 1)
  }

  // MARK: Reading

  /// The kind of step `index`, without rebuilding the step.
  func kind(at index: Int) -> Kind {
    records[index].kind
  }

  /// The virtual time of step `index`.
  func time(at index: Int) -> Duration {
    // The last change of time at or before `index`.
    var low = 0
    var high = times.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if times[middle].step <= index { low = middle } else { high = middle }
    }
    return .nanoseconds(times.isEmpty ? 0 : times[low].nanoseconds)
  }

  /// The state after step `index`, if it is an event step.
  func stateAfter(at index: Int) -> State? {
    let record = records[index]
    return record.kind.isEventStep ? state(Int(record.b)) : nil
  }

  /// The step a record holds, as the loop reported it (a synchronous effect's three
  /// records read back as three steps).
  func loopStep(of record: Record) -> LoopStep<State, Event> {
    let feedback = record.name < 0 ? nil : FeedbackID(Int(record.name))
    let effect = EffectID(Int(record.a))
    let after = Int(record.b)
    let transition = record.a < 0 ? nil : TransitionID(Int(record.a))
    switch record.kind {
    case .started:
      return LoopStep(kind: .initial, after: state(after))
    case .reduced, .ignored, .undeclared:
      let kind: StepKind = record.kind == .reduced ? .event : (record.kind == .ignored ? .ignoredEvent : .undeclaredTransition)
      return LoopStep(
        kind: kind, event: eventSteps[after - 1].event, feedback: feedback, before: state(after - 1), after: state(after),
        transition: transition)
    case .effectStarted:
      return LoopStep(kind: .effectStarted, feedback: feedback, effect: effect)
    case .effectEmitted:
      return LoopStep(kind: .effectEmitted, event: emittedEvents[Int(record.b)], feedback: feedback, effect: effect)
    case .effectFinished:
      return LoopStep(kind: .effectFinished, feedback: feedback, effect: effect)
    case .effectCancelled:
      return LoopStep(kind: .effectCancelled, feedback: feedback, effect: effect)
    case .stopped:
      return LoopStep(kind: .stopped)
    }
  }

  /// The event step (or initial step) at or before `index`.
  func cause(of index: Int) -> Int {
    var cause = index
    while cause > 0, !records[cause].kind.isEventStep { cause -= 1 }
    return cause
  }
}

extension StepLog: RandomAccessCollection {
  @usableFromInline var startIndex: Int { 0 }
  @usableFromInline var endIndex: Int { records.count }

  @usableFromInline
  subscript(index: Int) -> RecordedStep<State, Event> {
    let step = loopStep(of: records[index])
    return RecordedStep(
      index: index, time: time(at: index), step: step, activity: LoopActivity(step, feedbackNames: names),
      cause: cause(of: index))
  }
}
