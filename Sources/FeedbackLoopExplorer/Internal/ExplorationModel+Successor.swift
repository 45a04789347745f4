public import FeedbackGraph
public import FeedbackLoop

/// The loop's semantics, as the explorer follows them: what `Loop.reduce` and
/// `Loop.react(to:)` do, with each feedback's memory and running effects carried in the
/// node instead of in a running loop. The feedbacks' decisions are the runtime's own
/// (``FeedbackDefinition``); only time is left out.
extension ExplorationModel {
  /// An event sent at once by a feedback (`.send`), waiting in the loop's queue: dropped
  /// when a newer state cancels its feedback's effects first (`.cancelOnNewState`), as the
  /// runtime drops it.
  @usableFromInline
  struct Queued {
    @usableFromInline var event: Event
    @usableFromInline var feedback: Int
    @usableFromInline var generation: Int

    @inlinable
    init(event: Event, feedback: Int, generation: Int) {
      (self.event, self.feedback, self.generation) = (event, feedback, generation)
    }
  }

  /// One reduction as the search sees it: a ``ExplorerPath/Step`` whose feedback is its
  /// index, not a named reference. The search makes several for every successor; a plain
  /// value (no string, nothing to retain when `State` and `Event` are plain) costs a
  /// copy, where a step cost a reference count and a generic metadata lookup. Paths turn
  /// them into steps (``step(_:)``).
  @usableFromInline
  struct Reduction: Sendable {
    @usableFromInline var event: Event?
    /// The emitting feedback's index; `nil` when the outside sends the event.
    @usableFromInline var feedback: Int?
    @usableFromInline var before: State
    @usableFromInline var after: State
    @usableFromInline var transition: TransitionID?
    @usableFromInline var kind: StepKind
    /// Sent at once by a feedback (``ExplorerPath/Step/isImmediate``).
    @usableFromInline var isImmediate = false

    @inlinable
    init(event: Event?, feedback: Int?, before: State, after: State, transition: TransitionID?, kind: StepKind) {
      (self.event, self.feedback, self.before, self.after) = (event, feedback, before, after)
      (self.transition, self.kind) = (transition, kind)
    }
  }

  /// `reduction` as a path's step, its feedback named.
  func step(_ reduction: Reduction) -> ExplorerPath<State, Event>.Step {
    var step = ExplorerPath<State, Event>.Step(
      event: reduction.event,
      feedback: reduction.feedback.map { FeedbackRef(id: FeedbackID($0), name: feedbacks[$0].name) },
      before: reduction.before, after: reduction.after, transition: reduction.transition, kind: reduction.kind)
    step.isImmediate = reduction.isImmediate
    return step
  }

  /// The move `reduction` stands for (see ``ExplorerMove/init(_:)``). Inlined: the
  /// search asks it of every move where properties of moves are declared.
  @inlinable
  func move(_ reduction: Reduction) -> ExplorerMove<Event> {
    guard let event = reduction.event else { return .ended(by: reduction.feedback.map { feedbacks[$0].name } ?? "") }
    return reduction.feedback.map { .emitted(event, by: feedbacks[$0].name) } ?? .send(event)
  }

  /// Most events that feedbacks may send at once, one after another, in one step: a
  /// feedback cycle that never settles stops there.
  @inlinable static var maxImmediateEvents: Int { 1_000 }

  /// The initial node: the initial state seen by every feedback, then the events they
  /// send at once reduced in order.
  func start() -> (node: LoopNode<State>, steps: [Reduction]) {
    var node = LoopNode(
      state: system.initial, feedbacks: reacts ? feedbacks.map { FeedbackSnapshot(memory: $0.initialMemory) } : [])
    guard reacts else { return (node, []) }
    var queue: [Queued] = []
    var generations: [Int] = []  // all 0 until an effect is cancelled: no allocation per successor
    react(&node, event: nil, queue: &queue, generations: &generations)
    var steps: [Reduction] = []
    drain(&node, queue: &queue, generations: &generations) { steps.append($0) }
    return (node, steps)
  }

  /// The node that `event`, emitted by `emitter`, leads to from `node`; `observe` sees
  /// each reduction (the event's, then those of the events feedbacks send at once). A `nil`
  /// event is the emitter's effect ending without one: the state stays, nothing reacts.
  @inlinable
  func successor(
    of node: LoopNode<State>, _ event: Event?, from emitter: Emitter,
    observe: (Reduction) -> Void
  ) -> LoopNode<State> {
    var node = node
    guard let event else {
      switch emitter {
      case .outside, .source: break
      case .task(let feedback): node.feedbacks[feedback].tasks -= 1
      case .stream(let feedback): node.feedbacks[feedback].streams -= 1
      case .request(let feedback, let request): node.feedbacks[feedback].requests[request].running = .ended
      }
      observe(
        .init(
          event: nil, feedback: emitter.feedback, before: node.state, after: node.state, transition: nil,
          kind: .effectFinished))
      return node
    }
    switch emitter {
    case .outside, .stream, .source: break
    case .task(let feedback): node.feedbacks[feedback].tasks -= 1
    case .request(let feedback, let request):
      if node.feedbacks[feedback].requests[request].running == .task {
        node.feedbacks[feedback].requests[request].running = .ended
      }
    }
    let step = reduce(node.state, event, feedback: emitter.feedback)
    observe(step)
    guard reacts, step.kind != .ignoredEvent else {
      node.state = step.after
      return node
    }
    node.state = step.after
    var queue: [Queued] = []
    var generations: [Int] = []  // all 0 until an effect is cancelled: no allocation per successor
    react(&node, event: event, queue: &queue, generations: &generations)
    if !queue.isEmpty { drain(&node, queue: &queue, generations: &generations, observe: observe) }
    return node
  }

  /// Reduces the events feedbacks sent at once, in order, each followed by the
  /// feedbacks' reactions (which may send more).
  ///
  /// `@inlinable` (as ``react(_:event:queue:generations:)``): called for every successor,
  /// it is specialized for the user's `State` and `Event` only where the caller sees it.
  @inlinable
  func drain(
    _ node: inout LoopNode<State>, queue: inout [Queued], generations: inout [Int],
    observe: (Reduction) -> Void
  ) {
    var next = 0
    var budget = Self.maxImmediateEvents
    while next < queue.count, budget > 0 {
      let queued = queue[next]
      next += 1
      guard queued.generation == Self.generation(of: queued.feedback, in: generations) else { continue }
      budget -= 1
      var step = reduce(node.state, queued.event, feedback: queued.feedback)
      step.isImmediate = true
      observe(step)
      guard step.kind != .ignoredEvent else { continue }
      node.state = step.after
      react(&node, event: queued.event, queue: &queue, generations: &generations)
    }
  }

  /// Reduces `event` in `state` as one path step.
  @inlinable
  func reduce(_ state: State, _ event: Event, feedback source: Int?) -> Reduction {
    switch system.reduce(state, event) {
    case .ignored:
      return .init(event: event, feedback: source, before: state, after: state, transition: nil, kind: .ignoredEvent)
    case .reduced(let next, let transition):
      return .init(event: event, feedback: source, before: state, after: next, transition: transition, kind: .event)
    case .undeclared(let next, let transition):
      return .init(
        event: event, feedback: source, before: state, after: next, transition: transition, kind: .undeclaredTransition)
    }
  }

  /// Every feedback sees the node's new state, in declaration order, as in
  /// `Loop.react(to:)`: it keeps, cancels or starts effects, with its strategy.
  ///
  /// `@inlinable`: called for every successor; unspecialized, each feedback's turn went
  /// through generic metadata lookups (about half the time of `explore.effects`).
  @inlinable
  func react(_ node: inout LoopNode<State>, event: Event?, queue: inout [Queued], generations: inout [Int]) {
    let state = node.state
    for index in feedbacks.indices {  // by index: a copy of each feedback cost a retain per field
      if let isDisabled = feedbacks[index].isDisabled, isDisabled(state) { continue }
      let cancels = feedbacks[index].cancelsOnNewState
      switch feedbacks[index].definition {
      case .slot(let logic):
        // Decided on a copy: a feedback that keeps its effect keeps its memory (the
        // contract of `SlotLogic.decide`), so a node whose feedbacks all keep holds the
        // very array of snapshots it came with, which the store recognizes without
        // comparing (``SnapshotTable/index(of:state:)``).
        var memory = node.feedbacks[index].memory
        let decision = logic.decide(&memory, state, event)
        if case .keep = decision {
          assert(
            memory == node.feedbacks[index].memory, "\(feedbacks[index].name) kept its effect but changed its memory")
          continue
        }
        node.feedbacks[index].memory = memory
        switch decision {
        case .keep:
          break
        case .cancel:
          if cancels { cancelEffects(of: index, in: &node, queue: queue, generations: &generations) }
        case .start(let effect):
          if cancels { cancelEffects(of: index, in: &node, queue: queue, generations: &generations) }
          switch effect.explorationShape {
          case .none: break
          case .emitsAtOnce(let events):
            for event in events {
              queue.append(
                Queued(event: event, feedback: index, generation: Self.generation(of: index, in: generations)))
            }
          case .task: node.feedbacks[index].tasks.addEffect()
          case .stream: node.feedbacks[index].streams.addEffect()
          }
        }
      case .keyed(let requests):
        let wanted = requests(state)
        let old = node.feedbacks[index].requests
        var kept: [RequestEffect] = []
        for request in wanted {
          if let running = old.first(where: { $0.key == request.key }) {
            kept.append(running)
            continue
          }
          switch request.makeEffect().explorationShape {
          case .none:
            kept.append(RequestEffect(key: request.key, running: .ended))
          case .emitsAtOnce(let events):
            for event in events {
              queue.append(
                Queued(event: event, feedback: index, generation: Self.generation(of: index, in: generations)))
            }
            kept.append(RequestEffect(key: request.key, running: .ended))
          case .task: kept.append(RequestEffect(key: request.key, running: .task))
          case .stream: kept.append(RequestEffect(key: request.key, running: .stream))
          }
        }
        if !cancels {  // effects of requests that went away keep running, untracked
          for removed in old where !wanted.contains(where: { $0.key == removed.key }) {
            switch removed.running {
            case .ended: break
            case .task: node.feedbacks[index].tasks.addEffect()
            case .stream: node.feedbacks[index].streams.addEffect()
            }
          }
        }
        node.feedbacks[index].requests = kept
      case .source:
        break
      }
    }
  }

  /// A single-effect feedback cancels its running effects (`.cancelOnNewState`): their
  /// queued events are dropped. With nothing queued there is nothing to drop, and events
  /// queued later belong to the new effects: the generations stay as they are.
  @inlinable
  func cancelEffects(
    of index: Int, in node: inout LoopNode<State>, queue: [Queued], generations: inout [Int]
  ) {
    node.feedbacks[index].tasks = 0
    node.feedbacks[index].streams = 0
    guard !queue.isEmpty else { return }
    if generations.isEmpty { generations = [Int](repeating: 0, count: feedbacks.count) }
    generations[index] += 1
  }

  /// The generation of `feedback`'s effects: how many times they were cancelled in this
  /// step (`generations` stays empty, all 0, until one is).
  @inlinable @inline(__always)
  static func generation(of feedback: Int, in generations: [Int]) -> Int {
    feedback < generations.count ? generations[feedback] : 0
  }
}

extension UInt8 {
  /// One more running effect, counting at most ``FeedbackSnapshot/maxEffects``.
  @usableFromInline
  mutating func addEffect() {
    if self < FeedbackSnapshot.maxEffects { self += 1 }
  }
}
