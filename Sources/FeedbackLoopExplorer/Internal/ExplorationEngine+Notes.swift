public import FeedbackGraph
public import FeedbackLoop

/// What the search notes of the moves it takes: the record's findings (ignored events,
/// undeclared and first firings of transitions, broken invariants and properties, final
/// states left, effects still in flight at the end).
extension ExplorationEngine {
  /// Notes what one reduction on the way from the node `parent` by its choice `edge`
  /// says: an ignored event, an undeclared or first firing of a transition, a broken
  /// invariant.
  @inlinable @inline(__always)
  mutating func note(
    _ step: ExplorationModel<State, Event>.Reduction, parent: Int32, edge: UInt16, stateNode: inout String?
  ) {
    if model.hasProperties {
      let move = model.move(step)
      noteBrokenProperties(before: step.before, move: move, after: step.after, parent: parent, edge: edge)
    }
    noteFinalLeft(before: step.before, after: step.after, parent: parent, edge: edge)
    switch step.kind {
    case .ignoredEvent:
      if declaresTransitions, let event = step.event {
        // Inside a chain the pair may differ from the node's and its choice: named now.
        record.noteIgnored(state: system.nodeName(of: step.before), event: system.nodeName(ofEvent: event))
      }
      return
    case .undeclaredTransition:
      if let transition = step.transition { record.noteUndeclared(transition, state: parent, choice: edge) }
    default:
      if let transition = step.transition, record.firstFiring[transition.index].state < 0 {
        record.firstFiring[transition.index] = (parent, edge)
      }
    }
    if model.hasInvariants { noteViolations(of: step.after, parent: parent, edge: edge) }
  }

  /// Notes whether the move from `before` to `after` leaves a final state. Inlined into the
  /// search (specialized for the system's types): it runs for every move where final
  /// states are declared, and an unspecialized call there cost a generic metadata lookup
  /// per move (half the counters model's time, with every state final).
  @inlinable @inline(__always)
  mutating func noteFinalLeft(before: State, after: State, parent: Int32, edge: UInt16) {
    if checksFinal, model.leavesFinal(before, after) {
      record.noteFinalLeft(state: parent, choice: edge == ExplorationRecord.initialSteps ? -1 : Int32(edge))
    }
  }

  /// Notes the properties of moves that the move from `before` to `after` breaks.
  /// Inlined into the search, as ``noteFinalLeft(before:after:parent:edge:)``: it runs for
  /// every move where properties are declared.
  @inlinable @inline(__always)
  mutating func noteBrokenProperties(
    before: State, move: ExplorerMove<Event>, after: State, parent: Int32, edge: UInt16
  ) {
    let properties = model.explorer.properties
    for index in properties.indices where !properties[index].holds(before, move, after) {
      record.noteBrokenProperty(index, state: parent, choice: edge == ExplorationRecord.initialSteps ? -1 : Int32(edge))
    }
  }

  /// Notes the feedbacks with an effect in flight in the node with `index`, if it is final.
  @usableFromInline
  mutating func noteEffectsAtEnd(_ node: Node, index: Int) {
    for feedback in model.effectsInFlightAtEnd(node) where record.effectsAtEnd[feedback] < 0 {
      record.effectsAtEnd[feedback] = Int32(truncatingIfNeeded: index)
    }
  }

  @usableFromInline
  mutating func noteViolations(of state: State, parent: Int32, edge: UInt16) {
    for invariant in model.violatedInvariants(state) {
      record.noteViolation(invariant, state: parent, choice: edge == ExplorationRecord.initialSteps ? -1 : Int32(edge))
    }
  }

  /// Notes an ignored event: by the keys of the pair where names follow them (named only
  /// when reported), else by name.
  @inlinable
  mutating func noteIgnored(_ state: State, _ event: Event, parent: Int32, choice: UInt16, node: inout String?) {
    if let keys = system.namingKeys(state, event) {
      record.noteIgnored(keys: keys, state: parent, choice: choice)
      return
    }
    if node == nil { node = system.nodeName(of: state) }
    record.noteIgnored(state: node ?? "", event: system.nodeName(ofEvent: event))
  }
}
