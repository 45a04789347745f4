public import FeedbackGraph
public import Synchronization  // the dispatch's atomic slots are read in inlinable code

/// The transition table's matcher: for each pair of a state's key and an event's key
/// (their enum cases, see ``CaseKeying``), the transitions that may match, in precedence
/// order — found once per pair, the first time a loop meets it, and read from then on with
/// one atomic load.
///
/// A pair's *plan* is one word:
/// - `0`: not resolved yet;
/// - `1`: no transition can match (the event is ignored);
/// - `i << 2 | 2`: transition `i` matches whatever the payloads (the usual case);
/// - otherwise the address of an immutable `Int32` buffer: a count, then candidates
///   `index << 3 | checks`, where the checks say what is left to test for the actual values
///   (`1` the source pattern, `2` the event pattern, `4` the guard). The first candidate that
///   passes its checks matches; a candidate without checks ends the list.
///
/// What only depends on the keys is answered when the plan is made: `.any`, `.case("name")`
/// (the case's name is computed once per case, by `Mirror`), `.type(T)`, and which case a
/// `.value` pattern's value has. What depends on the payload stays a check: a value's `==`,
/// a `where:` test, a guard. So an event costs two tag reads, a load and the checks of the
/// candidates it meets, whatever the table's size.
///
/// Computed targets are checked the same way: per transition and per key of the resulting
/// state, whether its declared target patterns accept it, need a check, or reject it.
@usableFromInline
final class TransitionDispatch<State: Sendable, Event: Sendable>: @unchecked Sendable {
  // Why this is safe to share: the slots are atomics that change once, from 0 to a plan
  // word, with a releasing store after the plan's buffer is fully written and an acquiring
  // load before it is read; buffers are never written again and are freed only in deinit;
  // the mutable rest is inside `resolver`'s lock; every other property is immutable.
  @usableFromInline let transitions: [Transition<State, Event>]
  /// The transitions the system declares: ``transitions`` itself, unless a mutant
  /// (``System/applying(_:)``) dispatches others in their place.
  let declared: [Transition<State, Event>]
  @usableFromInline let stateKeying: CaseKeying<State>
  @usableFromInline let eventKeying: CaseKeying<Event>
  /// Dense keys `0..<stateCount` and `0..<eventCount`, or 0 when a side has sparse keys.
  @usableFromInline let stateCount: Int
  @usableFromInline let eventCount: Int
  /// `stateCount × eventCount` plan words, or `nil` (sparse keys: plans in `resolver`).
  @usableFromInline let slots: UnsafeMutablePointer<Atomic<Int>>?
  /// Per transition and state key: whether its targets accept a state with that key
  /// (`0` unknown, `1` yes, `2` no, `3` check the value), or `nil` (sparse state keys).
  @usableFromInline let targetSlots: UnsafeMutablePointer<Atomic<Int>>?
  /// Each transition's fixed target, or `nil` for a computed one.
  @usableFromInline let fixedTargets: ContiguousArray<State?>
  /// Each transition's computation, or `nil` for a fixed target (a flat buffer, like
  /// ``guards``).
  @usableFromInline let computations: UnsafeMutablePointer<Unmanaged<ClosureBox<@Sendable (State, Event) -> State>>?>
  /// Each transition's guard, or `nil`: read from a flat buffer on the hot path rather than
  /// through `transitions[index]` (a copy of the whole transition, its patterns retained).
  /// Each closure sits in a box held unretained and is called through a guaranteed
  /// reference: a closure read from a buffer or an array is retained and released around
  /// every call (`perf` showed the pair at about 6% of an exploration). Allocated and
  /// retained in `init`, released and freed in `deinit`, never written in between.
  @usableFromInline let guards: UnsafeMutablePointer<Unmanaged<ClosureBox<@Sendable (State, Event) -> Bool>>?>
  /// Per transition: whether its declared targets include `.any` (a computed transition
  /// declared without `targets:` may go anywhere from `.any`), so no state needs a check.
  @usableFromInline let acceptsAnyState: ContiguousArray<Bool>
  /// Indices into `transitions`, most specific first.
  let precedence: [Int]
  /// The key of each transition's `.value` source and event, when it has one.
  let sourceKeys: [Int?]
  let eventKeys: [Int?]
  let resolver = Mutex(Resolver())

  /// What plans are made from, under the lock.
  struct Resolver {
    var stateNames: [Int: String] = [:]
    var eventNames: [Int: String] = [:]
    var buffers: [UnsafeMutablePointer<Int32>] = []
    /// Plans of pairs with sparse keys.
    var sparse: [PairKey: Int] = [:]
    var sparseTargets: [PairKey: Int] = [:]
  }

  /// A state's key and an event's key.
  @usableFromInline
  struct PairKey: Hashable, Sendable {
    @usableFromInline let state: Int
    @usableFromInline let event: Int

    @inlinable
    init(state: Int, event: Int) {
      (self.state, self.event) = (state, event)
    }
  }

  /// The most plan words kept in one dense array (beyond it, plans live in a dictionary).
  static var maxSlots: Int { 1 << 20 }

  init(_ transitions: [Transition<State, Event>], precedence: [Int], declared: [Transition<State, Event>]? = nil) {
    self.transitions = transitions
    self.declared = declared ?? transitions
    self.precedence = precedence
    fixedTargets = ContiguousArray(
      transitions.map { if case .fixed(let target) = $0.target { target } else { nil } })
    computations = .allocate(capacity: max(1, transitions.count))
    computations.initialize(
      from: transitions.map { transition in
        guard case .computed(_, let compute) = transition.target else { return nil }
        return Unmanaged.passRetained(ClosureBox(compute))
      },
      count: transitions.count)
    acceptsAnyState = ContiguousArray(
      transitions.map { transition in
        guard case .computed(let targets, _) = transition.target else { return false }
        return targets.contains { $0.pattern.isAny }
      })
    guards = .allocate(capacity: max(1, transitions.count))
    guards.initialize(
      from: transitions.map { $0.condition.map { Unmanaged.passRetained(ClosureBox($0.test)) } },
      count: transitions.count)
    let stateKeying = CaseKeying<State>()
    let eventKeying = CaseKeying<Event>()
    self.stateKeying = stateKeying
    self.eventKeying = eventKeying
    sourceKeys = transitions.map { transition in
      guard stateKeying.equalValuesShareKeys, let sample = transition.from.pattern.sample else { return nil }
      return stateKeying.key(sample)
    }
    eventKeys = transitions.map { transition in
      guard eventKeying.equalValuesShareKeys, let sample = transition.on.pattern.sample else { return nil }
      return eventKeying.key(sample)
    }
    let states = stateKeying.count ?? 0
    let events = eventKeying.count ?? 0
    if states > 0, events > 0, states * events <= Self.maxSlots {
      (stateCount, eventCount) = (states, events)
      slots = Self.zeroed(states * events)
    } else {
      (stateCount, eventCount) = (0, 0)
      slots = nil
    }
    targetSlots =
      states > 0 && states * max(1, transitions.count) <= Self.maxSlots
      ? Self.zeroed(states * max(1, transitions.count)) : nil
  }

  deinit {
    resolver.withLock { resolver in
      for buffer in resolver.buffers { buffer.deallocate() }
    }
    slots?.deallocate()
    targetSlots?.deallocate()
    for index in 0..<transitions.count {
      guards[index]?.release()
      computations[index]?.release()
    }
    guards.deallocate()
    computations.deallocate()
  }

  private static func zeroed(_ count: Int) -> UnsafeMutablePointer<Atomic<Int>> {
    let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: count)
    for index in 0..<count { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }

  /// The index of the first transition, in precedence order, that accepts the pair.
  ///
  /// - Complexity: O(1) for a pair met before, plus the checks its plan keeps (one per
  ///   candidate up to the first that matches); the first meeting of a pair makes its plan
  ///   in O(n) for n transitions.
  @inlinable @inline(__always)
  func match(_ state: State, _ event: Event) -> Int? {
    match(state, stateKeying.key(state), event, eventKeying.key(event))
  }

  /// ``match(_:_:)`` with the keys already read (`stateKeying.key(state)`,
  /// `eventKeying.key(event)`): the explorer reads a state's key once for all its events,
  /// and each event's once per exploration.
  @inlinable @inline(__always)
  func match(_ state: State, _ stateKey: Int, _ event: Event, _ eventKey: Int) -> Int? {
    var word: Int
    if let slots, stateKey < stateCount, eventKey < eventCount, stateKey >= 0, eventKey >= 0 {
      word = slots[stateKey &* eventCount &+ eventKey].load(ordering: .acquiring)
      if word == 0 { word = resolve(state, event, stateKey, eventKey) }
    } else {
      word = sparsePlan(state, event, stateKey, eventKey)
    }
    if word & 3 == 2 { return word &>> 2 }
    if word == 1 { return nil }
    return follow(plan: word, state, event)
  }

  /// Reduces one event: the matching transition's target, or its computed state checked
  /// against its declared targets.
  @inlinable
  func reduce(_ state: State, _ event: Event) -> Reduction<State> {
    reduce(state, stateKeying.key(state), event, eventKeying.key(event))
  }

  /// ``reduce(_:_:)`` with the keys already read (see ``match(_:_:_:_:)``).
  @inlinable
  func reduce(_ state: State, _ stateKey: Int, _ event: Event, _ eventKey: Int) -> Reduction<State> {
    guard let index = match(state, stateKey, event, eventKey) else { return .ignored }
    if let target = fixedTargets[index] { return .reduced(target, transition: TransitionID(index)) }
    let next = computations[index].unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.call(state, event) }
    if acceptsAnyState[index] || declares(index, next) { return .reduced(next, transition: TransitionID(index)) }
    return .undeclared(next, transition: TransitionID(index))
  }

  /// Runs a plan's candidates' checks; the first that passes matches.
  @inlinable
  func follow(plan word: Int, _ state: State, _ event: Event) -> Int? {
    let plan = UnsafePointer<Int32>(bitPattern: word).unsafelyUnwrapped
    let count = Int(plan[0])
    for position in 1...count {
      let entry = Int(plan[position])
      let index = entry &>> 3
      if entry & 1 != 0, !transitions[index].from.matches(state) { continue }
      if entry & 2 != 0, !transitions[index].on.matches(event) { continue }
      // (Called in place, not bound: binding the closure retains its context.)
      if entry & 4 != 0, !guards[index].unsafelyUnwrapped._withUnsafeGuaranteedRef({ $0.call(state, event) }) {
        continue
      }
      return index
    }
    return nil
  }

  /// Whether the computed transition `index` declares `next` among its targets.
  @inlinable
  func declares(_ index: Int, _ next: State) -> Bool {
    if acceptsAnyState[index] { return true }
    let key = stateKeying.key(next)
    guard let targetSlots, key >= 0, key < stateCount else { return targetVerdict(index, next, key) }
    var verdict = targetSlots[index &* stateCount &+ key].load(ordering: .acquiring)
    if verdict == 0 { verdict = resolveTarget(index, next, key) }
    return verdict == 1 || (verdict == 3 && checkTargets(index, next))
  }

  /// Whether `next` matches one of the declared targets of transition `index` (the plain test).
  @usableFromInline
  func checkTargets(_ index: Int, _ next: State) -> Bool {
    guard case .computed(let targets, _) = transitions[index].target else { return false }
    return targets.contains { $0.matches(next) }
  }
}
