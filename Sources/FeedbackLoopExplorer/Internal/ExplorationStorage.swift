import FeedbackGraph
import FeedbackLoop

/// The visited states of a finished exploration, kept for paths, covering paths and the
/// reachable graph.
///
/// `@unchecked Sendable`: every stored property is a `let` set in `init`, and `lookup`
/// reads only the copies of the store and keying it captured, which nothing mutates
/// afterwards; sharing it across threads is read-only.
final class ExplorationStorage<State: Hashable & Sendable, Event: Sendable>: @unchecked Sendable {
  let model: ExplorationModel<State, Event>
  let states: ContiguousArray<State>
  let parents: ContiguousArray<Int32>
  let choices: ContiguousArray<UInt16>
  /// The index of a state (or of the state its key merges it with), if it was visited.
  let lookup: (State) -> Int?

  init(
    model: ExplorationModel<State, Event>, states: ContiguousArray<State>, parents: ContiguousArray<Int32>,
    choices: ContiguousArray<UInt16>, lookup: @escaping (State) -> Int?
  ) {
    self.model = model
    self.states = states
    self.parents = parents
    self.choices = choices
    self.lookup = lookup
  }

  var system: System<State, Event> { model.system }

  /// Reduces `choice` of `state` as one path step (`nil` if the state has no such choice).
  func step(from state: State, choice: Int) -> ExplorerPath<State, Event>.Step? {
    guard let taken = model.choice(choice, in: state) else { return nil }
    return step(from: state, event: taken.event, feedback: taken.feedback)
  }

  /// Reduces `event` in `state` as one path step.
  func step(from state: State, event: Event, feedback: Int?) -> ExplorerPath<State, Event>.Step {
    model.step(from: state, event: event, feedback: feedback)
  }

  /// The shortest path to the state with `index`, then `choice` from it, if given.
  func path(to index: Int, then choice: Int? = nil) -> ExplorerPath<State, Event> {
    var indices = [index]
    var current = index
    while parents[current] >= 0 {
      current = Int(parents[current])
      indices.append(current)
    }
    indices.reverse()
    var steps: [ExplorerPath<State, Event>.Step] = []
    for (from, to) in zip(indices, indices.dropFirst()) {
      if let step = step(from: steps.last?.after ?? states[from], choice: Int(choices[to])) { steps.append(step) }
    }
    if let choice, let step = step(from: steps.last?.after ?? states[index], choice: choice) { steps.append(step) }
    return ExplorerPath(initial: states[0], steps: steps)
  }
}
