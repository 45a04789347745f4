public import FeedbackLoop

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
  /// Feedback names: the loop's feedbacks by index, then any other name seen.
  @usableFromInline var names: [String]
  @usableFromInline var nameIndex: [String: Int32] = [:]
  /// The name interned last, and its index.
  @usableFromInline var lastName: (name: String, index: Int32) = ("", -1)
  /// The indices of undeclared-transition steps.
  @usableFromInline var undeclared: [Int] = []

  /// An empty log for a loop whose feedbacks are named `feedbackNames`, in order.
  @inlinable
  init(feedbackNames: [String]) {
    precondition(feedbackNames.count < Self.maximumNames, "a recording can name at most 16,777,214 feedbacks")
    names = feedbackNames
    for (index, name) in feedbackNames.enumerated().reversed() { nameIndex[name] = Int32(index) }
  }

  /// How many names a ``Record`` can refer to.
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

  /// Records an event step: `event` from `source` (a feedback's index, or -1 for `send`)
  /// turned `before` into `after` by transition number `transition` (-1 for none).
  @inlinable
  mutating func appendEvent(
    _ outcome: LoopProbe<State, Event>.Outcome, _ event: Event, source: Int, before: State, after: State,
    transition: Int, time: Int64
  ) {
    stamp(time)
    assert(state(eventSteps.count) == before, "the loop reported an event in a state it was not in")
    let kind: Kind
    switch outcome {
    case .reduced: kind = .reduced
    case .ignored: kind = .ignored
    case .undeclared:
      kind = .undeclared
      undeclared.append(records.count)
    }
    eventSteps.append((event, after))
    records.append(Record(kind, a: Int32(transition), b: Int32(eventSteps.count), name: Int32(source)))
  }

  /// Records a synchronous effect of the feedback at index `feedback`: its start, its one
  /// event, its end.
  @inlinable
  mutating func appendSynchronousEffect(_ id: EffectID, feedback: Int, event: Event, time: Int64) {
    stamp(time)
    let (id, feedback) = (Int32(id.rawValue), Int32(feedback))
    records.append(
      Record(.effectStarted, a: id, name: feedback),
      Record(.effectEmitted, a: id, b: store(emitted: event), name: feedback),
      Record(.effectFinished, a: id, name: feedback))
  }

  /// Records any other activity at virtual time `time` (nanoseconds).
  @inlinable
  mutating func append(_ activity: LoopActivity<State, Event>, time: Int64) {
    switch activity {
    case .started(let state):
      stamp(time)
      initial = state
      records.append(Record(.started, b: 0))
    case .reduced(let event, let source, let before, let after, let transition):
      appendEvent(
        .reduced, event, source: Int(intern(source)), before: before, after: after,
        transition: transition.flatMap(Self.transitionNumber) ?? -1, time: time)
    case .ignored(let event, let source, let state):
      appendEvent(.ignored, event, source: Int(intern(source)), before: state, after: state, transition: -1, time: time)
    case .undeclaredTransition(let event, let source, let before, let after, let transition):
      appendEvent(
        .undeclared, event, source: Int(intern(source)), before: before, after: after,
        transition: Self.transitionNumber(transition) ?? -1, time: time)
    case .effectStarted(let id, let feedback):
      stamp(time)
      records.append(Record(.effectStarted, a: Int32(id.rawValue), name: intern(feedback)))
    case .effectEmitted(let id, let feedback, let event):
      stamp(time)
      records.append(Record(.effectEmitted, a: Int32(id.rawValue), b: store(emitted: event), name: intern(feedback)))
    case .effectFinished(let id, let feedback):
      stamp(time)
      records.append(Record(.effectFinished, a: Int32(id.rawValue), name: intern(feedback)))
    case .effectCancelled(let id, let feedback):
      stamp(time)
      records.append(Record(.effectCancelled, a: Int32(id.rawValue), name: intern(feedback)))
    case .stopped:
      stamp(time)
      records.append(Record(.stopped))
    }
  }

  /// `5` for `"t5"`: the inverse of `LoopProbe.transitionID`.
  @inlinable
  static func transitionNumber(_ id: String) -> Int? {
    id.first == "t" ? Int(id.dropFirst()) : nil
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

  @inlinable
  mutating func intern(_ source: EventSource) -> Int32 {
    switch source {
    case .external: -1
    case .feedback(let name): intern(name)
    }
  }

  /// The index of `name` in `names`. A loop reports the same name several times in a row
  /// (an effect's start, events and end), so the last one is compared before hashing.
  @inlinable
  mutating func intern(_ name: String) -> Int32 {
    if lastName.index >= 0, lastName.name == name { return lastName.index }
    let index: Int32
    if let known = nameIndex[name] {
      index = known
    } else {
      precondition(names.count < Self.maximumNames, "a recording can name at most 16,777,214 feedbacks")
      names.append(name)
      index = Int32(names.count - 1)
      nameIndex[name] = index
    }
    lastName = (name, index)
    return index
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

  func activity(of record: Record) -> LoopActivity<State, Event> {
    let source: EventSource = record.name < 0 ? .external : .feedback(names[Int(record.name)])
    let feedback = record.name < 0 ? "" : names[Int(record.name)]
    let after = Int(record.b)
    switch record.kind {
    case .started:
      return .started(state: state(after))
    case .reduced:
      return .reduced(
        event: eventSteps[after - 1].event, source: source, before: state(after - 1), after: state(after),
        transition: record.a < 0 ? nil : LoopProbe<State, Event>.transitionID(Int(record.a)))
    case .ignored:
      return .ignored(event: eventSteps[after - 1].event, source: source, state: state(after))
    case .undeclared:
      return .undeclaredTransition(
        event: eventSteps[after - 1].event, source: source, before: state(after - 1), after: state(after),
        transition: LoopProbe<State, Event>.transitionID(Int(record.a)))
    case .effectStarted:
      return .effectStarted(EffectID(Int(record.a)), feedback: feedback)
    case .effectEmitted:
      return .effectEmitted(EffectID(Int(record.a)), feedback: feedback, event: emittedEvents[Int(record.b)])
    case .effectFinished:
      return .effectFinished(EffectID(Int(record.a)), feedback: feedback)
    case .effectCancelled:
      return .effectCancelled(EffectID(Int(record.a)), feedback: feedback)
    case .stopped:
      return .stopped
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
    RecordedStep(index: index, time: time(at: index), activity: activity(of: records[index]), cause: cause(of: index))
  }
}
