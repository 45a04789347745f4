public import FeedbackLoop
public import FeedbackGraph

/// The recorder's steps, stored compactly: a 12-byte ``Record`` per step (no references),
/// chunked side arrays for the events and states the steps carry, feedbacks and
/// transitions as numbers, and the virtual time only where it changes.
///
/// A loop under test can run millions of steps; storing each as a `LoopStep` in a
/// growing array took ~100 bytes a step, a generic enum copy and repeated re-copying, which
/// made recording 5× slower than the loop itself. Steps become ``RecordedStep`` values
/// again only when read, which tests do a few at a time.
///
/// The log relies on the loop reporting steps in order: the state before an event step is
/// the state after the event step before it (checked in debug builds).
///
/// - Complexity: appending is amortized O(1); reading a step is O(d + log t), for the d
///   steps back to the event step it follows (its ``RecordedStep/cause``) and t changes of
///   time. A log holds at most 2³¹ − 1 steps, states, events and effects. (Storing a
///   synchronous effect as one record instead of three was tried: the index mapping it
///   needs cost more instructions per cycle than the two appends it saves.)
@usableFromInline
struct StepLog<State: Sendable, Event: Sendable>: Sendable {
  /// One record, in 12 bytes. Its two numbers mean, by kind:
  /// - event kinds: ``transition`` (or none) and ``state``, the state after the step (the
  ///   state before is state `state - 1`; the event is in `eventSteps` at `state - 1`);
  /// - `initial`: ``state`` 0;
  /// - effect kinds: ``effect``, and for an emission ``emitted``, the event's index in
  ///   `emittedEvents`.
  ///
  /// A missing transition or feedback (an event sent from outside) is stored as -1, the one
  /// spelling of "none" in the loop's and the recorder's packed storage; it reads as `nil`.
  @usableFromInline
  struct Record: Sendable {
    @usableFromInline var first: Int32
    @usableFromInline var second: Int32
    /// The kind (`StepKind.ordinal`) in the top 8 bits; below it, the feedback's index in 24
    /// bits, all ones for none. A loop can have up to 2²⁴ − 1 feedbacks this way.
    @usableFromInline var kindAndFeedback: UInt32

    /// An event step's record.
    @inlinable @inline(__always)
    init(_ kind: StepKind, transition: TransitionID?, state: Int, feedback: FeedbackID?) {
      self.init(kind, first: Int32(transition?.index ?? -1), second: Int32(state), feedback: feedback)
    }

    /// An effect step's record.
    @inlinable @inline(__always)
    init(_ kind: StepKind, effect: EffectID, emitted: Int = 0, feedback: FeedbackID?) {
      self.init(kind, first: Int32(effect.index), second: Int32(emitted), feedback: feedback)
    }

    @inlinable @inline(__always)
    init(_ kind: StepKind, first: Int32 = 0, second: Int32 = 0, feedback: FeedbackID? = nil) {
      (self.first, self.second) = (first, second)
      kindAndFeedback = UInt32(kind.ordinal) << 24 | UInt32(truncatingIfNeeded: feedback?.index ?? -1) & Self.noFeedback
    }

    /// The 24 bits of a missing feedback: -1 cut to the field's width.
    @inlinable static var noFeedback: UInt32 { 0xFF_FFFF }

    @inlinable var kind: StepKind { StepKind(ordinal: UInt8(kindAndFeedback >> 24)) }
    @inlinable var feedback: FeedbackID? {
      let index = kindAndFeedback & Self.noFeedback
      return index == Self.noFeedback ? nil : FeedbackID(Int(index))
    }
    @inlinable var transition: TransitionID? { first < 0 ? nil : TransitionID(Int(first)) }
    @inlinable var state: Int { Int(second) }
    @inlinable var effect: EffectID { EffectID(Int(first)) }
    @inlinable var emitted: Int { Int(second) }
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
  /// Whether two states are equal, for the debug check that steps come in order.
  @usableFromInline let statesEqual: @Sendable (State, State) -> Bool

  /// An empty log for a loop whose feedbacks are named `feedbackNames`, in order, whose
  /// states compare with `statesEqual`.
  @inlinable
  init(feedbackNames: [String], statesEqual: @escaping @Sendable (State, State) -> Bool) {
    precondition(feedbackNames.count < Record.noFeedback, "a recording can name at most 16,777,214 feedbacks")
    names = feedbackNames
    self.statesEqual = statesEqual
  }

  /// The number of steps.
  @inlinable var count: Int { records.count }

  // MARK: Writing

  @inlinable
  mutating func stamp(_ time: Int64) {
    if time != lastTime {
      times.append((count, time))
      lastTime = time
    }
  }

  /// Records `step`, reported at virtual time `time` (nanoseconds). A synchronous effect
  /// becomes its three steps.
  @inlinable @inline(__always)
  mutating func append(_ step: ProbeStep<State, Event>, time: Int64) {
    stamp(time)
    let kind = step.kind
    switch kind {
    case .initial:
      initial = step.after
      records.append(Record(.initial, transition: nil, state: 0, feedback: nil))
    case .event, .ignoredEvent, .undeclaredTransition:
      if kind == .undeclaredTransition { undeclared.append(count) }
      assert(statesEqual(state(eventSteps.count), step.before!), "the loop reported an event in a state it was not in")
      eventSteps.append((step.event!, step.after!))
      records.append(Record(kind, transition: step.transition, state: eventSteps.count, feedback: step.feedback))
    case .effectEmitted:
      emittedEvents.append(step.event!)
      let (effect, feedback) = (step.effect!, step.feedback)
      let emitted = Record(.effectEmitted, effect: effect, emitted: emittedEvents.count - 1, feedback: feedback)
      if step.isSynchronousEffect {
        records.append(
          Record(.effectStarted, effect: effect, feedback: feedback), emitted,
          Record(.effectFinished, effect: effect, feedback: feedback))
      } else {
        records.append(emitted)
      }
    case .effectStarted, .effectFinished, .effectCancelled:
      records.append(Record(kind, effect: step.effect!, feedback: step.feedback))
    case .stopped:
      records.append(Record(.stopped))
    }
  }

  /// State `index`: the initial state, or the state after event step `index - 1`.
  @inlinable
  func state(_ index: Int) -> State {
    index == 0 ? initial! : eventSteps[index - 1].after
  }

  // MARK: Reading

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
    return record.kind.isEventStep || record.kind == .initial ? state(record.state) : nil
  }

  /// Step `index`, as the loop reported it, its feedback named.
  func loopStep(at index: Int) -> LoopStep<State, Event> {
    let record = records[index]
    let feedback = record.feedback.map { FeedbackRef(id: $0, name: names[$0.index]) }
    let source: EventSource = feedback.map { .feedback($0) } ?? .external
    switch record.kind {
    case .initial:
      return .initial(state: state(record.state))
    case .event:
      return .reduced(
        event: eventSteps[record.state - 1].event, source: source, before: state(record.state - 1),
        after: state(record.state), transition: record.transition)
    case .ignoredEvent:
      return .ignored(event: eventSteps[record.state - 1].event, source: source, state: state(record.state - 1))
    case .undeclaredTransition:
      return .undeclaredTransition(
        event: eventSteps[record.state - 1].event, source: source, before: state(record.state - 1),
        after: state(record.state), transition: record.transition!)
    case .effectStarted:
      return .effectStarted(record.effect, feedback: feedback!)
    case .effectEmitted:
      return .effectEmitted(record.effect, feedback: feedback!, event: emittedEvents[record.emitted])
    case .effectFinished:
      return .effectFinished(record.effect, feedback: feedback!)
    case .effectCancelled:
      return .effectCancelled(record.effect, feedback: feedback!)
    case .stopped:
      return .stopped
    }
  }

  /// The event step (or initial step) at or before `index`.
  func cause(of index: Int) -> Int {
    var cause = index
    while cause > 0, !records[cause].kind.isEventStep, records[cause].kind != .initial { cause -= 1 }
    return cause
  }
}

extension StepLog: RandomAccessCollection {
  @usableFromInline var startIndex: Int { 0 }
  @usableFromInline var endIndex: Int { count }

  @usableFromInline
  subscript(index: Int) -> RecordedStep<State, Event> {
    RecordedStep(
      index: index, time: time(at: index), step: loopStep(at: index),
      cause: cause(of: index))
  }
}
