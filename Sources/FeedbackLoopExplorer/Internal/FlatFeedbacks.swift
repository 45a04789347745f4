public import FeedbackLoop

/// What the engine's moves by list index call for every move, per feedback: its decision
/// and its `disabled(when:)` condition, held unretained beside each other. Binding a
/// closure from an enum or an array retains its context and releases it after the call;
/// read here in place (`_withUnsafeGuaranteedRef`) it costs neither. The class owns one
/// reference to each box and gives them back in `deinit`.
///
/// `@unchecked Sendable`: written once in `init`, only read afterwards.
@usableFromInline
final class FlatFeedbacks<State: Sendable, Event: Sendable>: @unchecked Sendable {
  /// A decision of a single-effect feedback (``SlotLogic/decide``).
  @usableFromInline typealias Decide = @Sendable (inout FeedbackMemory, State, Event?) -> SlotDecision<Event>
  /// A condition under which a feedback starts nothing.
  @usableFromInline typealias Condition = @Sendable (State) -> Bool

  /// A closure in a box of its own, to be held unretained.
  @usableFromInline
  final class Box<Function> {
    @usableFromInline let call: Function
    init(_ call: Function) { self.call = call }
  }

  @usableFromInline let count: Int
  /// Per feedback, its decision (`nil` for an input or mediator, which decides nothing).
  @usableFromInline let decisions: UnsafeMutablePointer<Unmanaged<Box<Decide>>?>
  /// Per feedback, its `disabled(when:)` condition, if any.
  @usableFromInline let conditions: UnsafeMutablePointer<Unmanaged<Box<Condition>>?>
  /// Per feedback, whether it cancels its running effect on a new decision (`.cancelOnNewState`).
  @usableFromInline let cancels: UnsafeMutablePointer<Bool>
  /// The system's reduce closure where it is all of its reduction (``System/plainReducer``).
  @usableFromInline let reducer: Unmanaged<Box<@Sendable (inout State, Event) -> Void>>?
  /// Whether every feedback that decides keeps, with its memory as it is, when it decides
  /// again on the state it last decided on (``SlotLogic/keepsOnRepeat``).
  @usableFromInline let keepOnRepeat: Bool

  /// The feedbacks' closures, or `nil` if one keeps keyed requests (whose effects are not
  /// moved by list index).
  @usableFromInline
  init?(_ feedbacks: [ExploredFeedback<State, Event>], system: System<State, Event>) {
    var decisions: [Unmanaged<Box<Decide>>?] = []
    var keepOnRepeat = true
    for feedback in feedbacks {
      switch feedback.definition {
      case .slot(let logic):
        decisions.append(.passRetained(Box(logic.decide)))
        keepOnRepeat = keepOnRepeat && logic.keepsOnRepeat
      case .source: decisions.append(nil)
      case .keyed:
        for decision in decisions { decision?.release() }
        return nil
      }
    }
    count = feedbacks.count
    self.decisions = .allocate(capacity: max(1, count))
    self.decisions.initialize(from: decisions, count: count)
    conditions = .allocate(capacity: max(1, count))
    conditions.initialize(from: feedbacks.map { $0.isDisabled.map { .passRetained(Box($0)) } }, count: count)
    cancels = .allocate(capacity: max(1, count))
    cancels.initialize(from: feedbacks.map(\.cancelsOnNewState), count: count)
    reducer = system.plainReducer.map { .passRetained(Box($0)) }
    self.keepOnRepeat = keepOnRepeat
  }

  deinit {
    for index in 0..<count {
      decisions[index]?.release()
      conditions[index]?.release()
    }
    reducer?.release()
    decisions.deallocate()
    conditions.deallocate()
    cancels.deallocate()
  }

  /// The same closures as a plain value, for the engine to hold beside this owner: read
  /// through a class reference, each move retained and released the class.
  @usableFromInline var calls: FlatCalls<State, Event> {
    FlatCalls(
      count: count, decisions: decisions, conditions: conditions, cancels: cancels, reducer: reducer,
      keepOnRepeat: keepOnRepeat)
  }
}

/// ``FlatFeedbacks``' closures as a plain value (pointers and unretained references): valid
/// while the ``FlatFeedbacks`` it came from lives.
@usableFromInline
struct FlatCalls<State: Sendable, Event: Sendable> {
  @usableFromInline typealias Box = FlatFeedbacks<State, Event>.Box
  @usableFromInline let count: Int
  @usableFromInline let decisions: UnsafeMutablePointer<Unmanaged<Box<FlatFeedbacks<State, Event>.Decide>>?>
  @usableFromInline let conditions: UnsafeMutablePointer<Unmanaged<Box<FlatFeedbacks<State, Event>.Condition>>?>
  @usableFromInline let cancels: UnsafeMutablePointer<Bool>
  @usableFromInline let reducer: Unmanaged<Box<@Sendable (inout State, Event) -> Void>>?
  /// See ``FlatFeedbacks/keepOnRepeat``.
  @usableFromInline let keepOnRepeat: Bool

  @inlinable
  init(
    count: Int, decisions: UnsafeMutablePointer<Unmanaged<Box<FlatFeedbacks<State, Event>.Decide>>?>,
    conditions: UnsafeMutablePointer<Unmanaged<Box<FlatFeedbacks<State, Event>.Condition>>?>,
    cancels: UnsafeMutablePointer<Bool>, reducer: Unmanaged<Box<@Sendable (inout State, Event) -> Void>>?,
    keepOnRepeat: Bool
  ) {
    (self.count, self.decisions, self.conditions, self.cancels, self.reducer) =
      (count, decisions, conditions, cancels, reducer)
    self.keepOnRepeat = keepOnRepeat
  }

  /// Whether the feedback at `index` is disabled in `state`.
  @inlinable @inline(__always)
  func isDisabled(_ index: Int, in state: State) -> Bool {
    guard let condition = conditions[index] else { return false }
    return condition._withUnsafeGuaranteedRef { $0.call(state) }
  }
}
