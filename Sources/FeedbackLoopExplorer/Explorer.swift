public import FeedbackLoop

/// Explores a `System` breadth-first: from the initial state, every event of
/// a finite alphabet (and every event the feedbacks declare they may emit) in every
/// reachable state, checking invariants, undeclared transitions and deadlocks, and what
/// the user means (final states, properties of moves, progress: see ``final(when:)``,
/// ``property(_:_:)``, ``progress(when:)``), finding the shortest event path to each
/// finding.
///
/// ```swift
/// let explorer = Explorer(
///   SignIn.system(),
///   events: [.emailChanged("a@b.c"), .passwordChanged("12345678"), .submit],
///   feedbackEvents: [.succeeded(user: "a"), .rejected("no")]
/// )
/// .invariant("only valid forms are submitted") { state in
///   if case .submitting(let form) = state { return form.isValid }
///   return true
/// }
/// let exploration = explorer.run()
/// print(exploration.report)
/// ```
///
/// The model is the whole loop, run by the system's own code: events are reduced by its
/// declared transitions and reducers exactly as a loop reduces them, and after each
/// reduction every feedback decides with the runtime's own logic, its memory (the last
/// derived value, a predicate's last value, the keyed requests) carried in the explored
/// state with the effects in flight. An explored state is the system's state plus those.
/// Time is abstracted: a running `.task` may emit one of its declared events, a `.run` or
/// `.sequence` any of them any number of times, a `.send` emits at once, an input or a
/// mediator at any time; ``feedbackEvents`` gives sample values (matched by event name) for
/// events declared by name, and a value declared in `emits:` is its own sample. A state
/// with no effect in flight, where only the outside can move the loop, is a finding
/// ("stuck") unless ``waits(when:)`` says the loop may wait there.
///
/// - Complexity: O(states × choices) reductions; memory per state is the state's stride
///   plus about 12 bytes (see `Exploration.storeBytes`).
public struct Explorer<State: Hashable & Sendable, Event: Sendable>: Sendable {
  /// The system explored.
  public internal(set) var system: System<State, Event>
  /// The external events to try in each state (with the feedbacks' samples, at most
  /// 65,536 per state: the report says when more were left out).
  @usableFromInline let alphabet: Alphabet
  /// Sample values of the events feedbacks may emit, matched to their declared `emits:`
  /// names.
  public var feedbackEvents: [Event]
  /// The most distinct states to visit (default 1,000,000; at most 2³¹ − 1); reaching it
  /// stops the exploration and is reported.
  public var maxStates: Int
  /// The longest event path to follow; states this deep are not expanded, which is reported.
  public var maxDepth: Int
  /// The Swift expression that builds the system in an emitted test (`SignIn.system()`);
  /// `nil` writes a placeholder.
  public var swiftSystem: String?
  /// The Swift expression that makes this explorer (`ExampleExplorers.signIn`), if given:
  /// the test printed for a finding is then a `@Test` that replays it with this explorer,
  /// rather than a function that takes the explorer.
  package var swiftExplorer: String?
  /// Creates an explorer like this one whose printed tests make it with `swift`.
  package func writingExplorer(_ swift: String) -> Explorer {
    var copy = self
    copy.swiftExplorer = swift
    return copy
  }
  /// Creates an explorer like this one whose emitted tests build the system with `swift`.
  public func writingSystem(_ swift: String) -> Explorer {
    var copy = self
    copy.swiftSystem = swift
    return copy
  }
  @usableFromInline package var invariants: [Invariant] = []
  /// The properties of moves to check (``property(_:_:)``).
  @usableFromInline package var properties: [Property] = []
  @usableFromInline var isFinal: (@Sendable (State) -> Bool)?
  /// The feedbacks whose effects may still run when a final state is reached
  /// (``effectsMayOutliveTheEnd(_:)``; empty: every feedback).
  @usableFromInline package var outliving: Set<String>?
  /// The states that count as progress for the non-progress cycle check (`nil`: no check).
  @usableFromInline var isProgress: (@Sendable (State) -> Bool)?
  @usableFromInline var isWaiting: (@Sendable (State) -> Bool)?
  @usableFromInline var key: (@Sendable (State) -> AnyHashable)?
  /// The feedbacks whose running effects may end without an event (`nil`: none; empty:
  /// every feedback): see ``effectsMayEndSilently(_:)``.
  @usableFromInline package var silentlyEnding: Set<String>?
  @usableFromInline package var swiftEvent: (@Sendable (Event) -> String?)?

  /// The external events to try: the same list in every state, or a list per state.
  @usableFromInline
  enum Alphabet: Sendable {
    case fixed([Event])
    case perState(@Sendable (State) -> [Event])
  }

  /// A condition every reachable state must satisfy: the same shape as
  /// `LoopRecorder.invariant(_:_:)` takes.
  @usableFromInline package struct Invariant: Sendable {
    /// The condition in words; findings and emitted tests name it.
    package var description: String
    /// A Swift closure expression for emitted tests (`{ $0.count >= 0 }`), if given.
    package var swift: String?
    /// The condition.
    package var holds: @Sendable (State) -> Bool
  }

  /// A condition every move must satisfy, over the state before it, the move and the state
  /// after it: what ``property(_:_:)`` takes.
  @usableFromInline package struct Property: Sendable {
    /// The condition in words; findings and printed tests name it.
    package var description: String
    /// The condition: `before`, the move (an event sent from outside, an event a feedback's
    /// effect emitted, or an effect that ended without one), `after`.
    @usableFromInline
    package var holds: @Sendable (_ before: State, _ move: ExplorerMove<Event>, _ after: State) -> Bool
  }

  /// An explorer trying `events` in every state.
  ///
  /// - Parameters:
  ///   - system: the system to explore, from its initial state.
  ///   - events: the external events (payload events with sample values).
  ///   - feedbackEvents: sample values of the events the system's feedbacks declare.
  ///   - maxStates: the state bound (default one million).
  ///   - maxDepth: the depth bound (default: none).
  public init(
    _ system: System<State, Event>, events: [Event], feedbackEvents: [Event] = [],
    maxStates: Int = 1_000_000, maxDepth: Int = .max
  ) {
    self.system = system
    self.alphabet = .fixed(events)
    self.feedbackEvents = feedbackEvents
    self.maxStates = maxStates
    self.maxDepth = maxDepth
  }

  /// An explorer trying, in each state, the events `events(state)` returns (in order).
  public init(
    _ system: System<State, Event>, events: @escaping @Sendable (State) -> [Event], feedbackEvents: [Event] = [],
    maxStates: Int = 1_000_000, maxDepth: Int = .max
  ) {
    self.system = system
    self.alphabet = .perState(events)
    self.feedbackEvents = feedbackEvents
    self.maxStates = maxStates
    self.maxDepth = maxDepth
  }

  /// The same explorer, also checking that every reachable state satisfies `holds`.
  ///
  /// - Parameters:
  ///   - description: the condition in words, as findings name it.
  ///   - swift: the condition as a Swift closure expression, for emitted tests.
  ///   - holds: whether a state satisfies the condition.
  public func invariant(
    _ description: String = "invariant", swift: String? = nil, _ holds: @escaping @Sendable (State) -> Bool
  ) -> Explorer {
    var copy = self
    copy.invariants.append(Invariant(description: description, swift: swift, holds: holds))
    return copy
  }

  /// The same explorer, where states satisfying `isFinal` are the loop's end: terminal.
  ///
  /// A final state is not a deadlock, nor stuck. It is terminal, as an XState final state or
  /// a SPIN valid end state, and the explorer checks that it is:
  /// - a move out of a final state (any event, from outside or from a feedback, that
  ///   changes it) is a finding, ``ExplorerFinding/Kind/finalStateLeft(_:)``, naming the
  ///   move: `cancelled —authorized (from payment)→ confirmed`;
  /// - reaching a final state with an effect still in flight is a finding,
  ///   ``ExplorerFinding/Kind/effectInFlightAtEnd(feedback:)``, naming the feedback, unless
  ///   ``effectsMayOutliveTheEnd(_:)`` says it may (an analytics upload).
  ///
  /// When it passes, you may believe: in every reachable state (within the bounds), no
  /// event of the alphabet and no declared emission of a running effect changes a final
  /// state, and no effect other than those allowed is running when one is reached.
  /// It does not prove what the explorer cannot see: events outside the alphabet, emissions
  /// without sample values (the report lists them), or what an effect that outlives the end
  /// does outside the loop.
  public func final(when isFinal: @escaping @Sendable (State) -> Bool) -> Explorer {
    var copy = self
    copy.isFinal = isFinal
    return copy
  }

  /// The same explorer, where the loop may wait for the outside in the states satisfying
  /// `isWaiting` (idle, offline, done): they are not stuck states, even with no effect in
  /// flight. Applied several times, a state waits when any condition holds.
  ///
  /// ```swift
  /// let explorer = Explorer(UploadQueue.system(), events: [.enqueue("a")])
  ///   .waits { $0.current == nil }  // idle: waiting for the user to queue a file
  /// ```
  public func waits(when isWaiting: @escaping @Sendable (State) -> Bool) -> Explorer {
    var copy = self
    if let earlier = copy.isWaiting {
      copy.isWaiting = { earlier($0) || isWaiting($0) }
    } else {
      copy.isWaiting = isWaiting
    }
    return copy
  }

  /// The same explorer, where a running effect of the named feedbacks (of every feedback
  /// when none is named) may also end without emitting: a `.task` whose operation returns
  /// `nil` or throws, a `.run` or `.sequence` that ends. The explorer takes that move too,
  /// so a state such an end leaves with no effect in flight is reported stuck unless the
  /// system waits there (``waits(when:)``).
  ///
  /// ```swift
  /// let explorer = Explorer(
  ///   Uploader.system(), events: [.pick("cat.jpg")], feedbackEvents: [.succeeded, .failed, .retry]
  /// )
  /// .effectsMayEndSilently("upload")  // what if the client's task returned nil?
  /// ```
  ///
  /// Off by default: the explorer cannot see whether an operation can return `nil` or
  /// throw, and assuming that every effect may would report a stuck state behind every
  /// effect whose operation always emits (an upload that turns its errors into `.failed`).
  /// A path that takes the move shows it as a step of kind `.effectFinished` with no
  /// event; its printed test replays it as ``ExplorerMove/ended(by:)``.
  public func effectsMayEndSilently(_ feedbacks: String...) -> Explorer {
    var copy = self
    copy.silentlyEnding = Set(feedbacks)
    return copy
  }

  /// The same explorer, where the loop may wait for the outside in the states `patterns`
  /// match (e.g. `.case("idle")`): see ``waits(when:)``.
  public func waits(in patterns: StatePattern<State>...) -> Explorer {
    waits { state in patterns.contains { $0.matches(state) } }
  }

  /// The same explorer, treating states with equal keys as one state (the first reached
  /// stands for them all).
  public func merging<Key: Hashable & Sendable>(by key: @escaping @Sendable (State) -> Key) -> Explorer {
    var copy = self
    copy.key = { AnyHashable(key($0)) }
    return copy
  }

  /// The same explorer, writing events in emitted Swift with `swift` (return `nil` for
  /// an event it cannot write) instead of their reflection.
  public func writingEvents(_ swift: @escaping @Sendable (Event) -> String?) -> Explorer {
    var copy = self
    copy.swiftEvent = swift
    return copy
  }

  /// Explores the reachable states.
  ///
  /// - Parameter progress: called every 65,536 states (and at the end) with the
  ///   exploration's progress; return `false` to stop it. The exploration also stops when
  ///   its task is cancelled. Either is reported as "cancelled".
  @inlinable
  public func run(progress: ((ExplorationProgress) -> Bool)? = nil) -> Exploration<State, Event> {
    let model = ExplorationModel(self)
    if let key {
      var engine = ExplorationEngine(model: model, keying: KeyedBy<State>(key: key))
      return engine.run(progress: progress)
    }
    if !model.reacts {
      var engine = ExplorationEngine(model: model, keying: StatesOnly<State>())
      return engine.run(progress: progress)
    }
    var engine = ExplorationEngine(model: model, keying: Interned<State>())
    return engine.run(progress: progress)
  }

  /// ``run(progress:)`` with every move taken by the general path, none by snapshot-list
  /// index (`ExplorationEngine+Flat.swift`): for the tests that compare the two.
  package func runByGeneralMoves() -> Exploration<State, Event> {
    let model = ExplorationModel(self)
    guard key == nil, model.reacts else { return run() }
    var engine = ExplorationEngine(model: model, keying: Interned<State>())
    engine.movesByListIndex = false
    return engine.run(progress: nil)
  }
}
