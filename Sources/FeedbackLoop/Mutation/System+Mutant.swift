package import FeedbackGraph

extension System {
  /// This system with `mutant` switched on: its dispatch and feedbacks follow the mutant,
  /// while it still describes itself as declared (its ``graph`` and fingerprint do not
  /// change, so traces and messages name the declared transitions). `nil` when the mutant
  /// is not one of this system's: another name or fingerprint, or a position, target or
  /// feedback the system does not have.
  ///
  /// The test kit applies the mutant `diagram mutate` names to the systems a recorder
  /// records, and the explorer to the systems it explores; a plain ``Loop`` never does.
  ///
  /// A ``MutationOperator/retargetComputed`` carries its state as JSON text
  /// (``Mutant/value``), which `decodeState` turns into a `State`: the runtime decodes no
  /// JSON itself. Without `decodeState`, or when it returns `nil` or a state of another case
  /// than the mutant's target, the mutant is not applicable.
  ///
  /// - Complexity: O(t log t + g) for t transitions and g the size of the ``graph`` (made
  ///   once to check the fingerprint); the mutated table builds its own dispatch.
  package func applying(_ mutant: Mutant, decodingState decodeState: ((String) -> State?)? = nil) -> System? {
    guard mutant.system == name, mutant.fingerprint == graph.fingerprint else { return nil }
    var copy = self
    switch mutant.mutation {
    case .retarget, .dropTransition, .dropGuard, .negateGuard, .swapOrder, .skipComputation, .retargetComputed:
      guard let table, let index = mutant.transition?.index, table.declared.indices.contains(index),
        let mutated = mutatedTable(table, at: index, mutant, decodeState)
      else { return nil }
      copy.table = mutated
    case .disableFeedback:
      guard let index = mutant.feedback?.index, feedbacks.indices.contains(index) else { return nil }
      copy.feedbacks[index] = feedbacks[index].disabled { _ in true }.keepingEvents(
        { _ in false }, named: { _ in true })
    case .dropEmission:
      guard let index = mutant.feedback?.index, feedbacks.indices.contains(index), let event = mutant.event,
        feedbacks[index].emits.contains(event)
      else { return nil }
      let name = eventName
      copy.feedbacks[index] = feedbacks[index].keepingEvents({ name($0) != event }, named: { $0 != event })
    case .swapEmission:
      // The replacement needs a value: one the feedback declares by value.
      let name = eventName
      guard let index = mutant.feedback?.index, feedbacks.indices.contains(index), let event = mutant.event,
        let other = mutant.target, event != other, feedbacks[index].emits.contains(event),
        let replacement = feedbacks[index].declaredEvents.first(where: { name($0) == other })
      else { return nil }
      copy.feedbacks[index] = feedbacks[index].replacingEvents({ name($0) == event }, with: replacement)
    case .slowClock, .fastClock:
      guard let index = mutant.feedback?.index, feedbacks.indices.contains(index) else { return nil }
      copy.feedbacks[index] = feedbacks[index].withClock(at: mutant.mutation == .slowClock ? 0.5 : 2)
    }
    return copy
  }

  /// `table` dispatching the transition at `index` as `mutant` says, or `nil` when it cannot.
  private func mutatedTable(
    _ table: TransitionTable<State, Event>, at index: Int, _ mutant: Mutant, _ decodeState: ((String) -> State?)?
  ) -> TransitionTable<State, Event>? {
    var dispatched = table.declared
    var precedence = TransitionTable.precedence(of: table.declared)
    switch mutant.mutation {
    case .retarget:
      guard let target = mutant.target, let value = sample(named: target, in: table) else { return nil }
      dispatched[index] = dispatched[index].retargeted(to: value)
    case .retargetComputed:
      guard let target = mutant.target, let json = mutant.value, let value = decodeState?(json),
        stateName(value) == target, let returning = dispatched[index].returning(value)
      else { return nil }
      dispatched[index] = returning
    case .dropTransition:
      dispatched[index] = dispatched[index].neverMatching()
    case .skipComputation:
      guard let skipping = dispatched[index].skippingComputation() else { return nil }
      dispatched[index] = skipping
    case .dropGuard:
      guard dispatched[index].condition != nil else { return nil }
      dispatched[index] = dispatched[index].unguarded()
    case .negateGuard:
      guard dispatched[index].condition != nil else { return nil }
      dispatched[index] = dispatched[index].negatingGuard()
    case .swapOrder:
      guard let other = mutant.otherTransition?.index, let a = precedence.firstIndex(of: index),
        let b = precedence.firstIndex(of: other), a != b
      else { return nil }
      precedence.swapAt(a, b)
    case .disableFeedback, .dropEmission, .swapEmission, .slowClock, .fastClock:
      return nil
    }
    return TransitionTable(declared: table.declared, dispatching: dispatched, precedence: precedence)
  }

  /// A state named `node` that the declaration holds as a value: the initial state, a
  /// fixed target or a source matched by value (``SystemGraph/retargetableStates``).
  private func sample(named node: String, in table: TransitionTable<State, Event>) -> State? {
    if stateName(initial) == node { return initial }
    for transition in table.declared {
      if case .fixed(let target) = transition.target, stateName(target) == node { return target }
      if let sample = transition.from.sample, stateName(sample) == node { return sample }
    }
    return nil
  }
}
