import FeedbackGraph
import FeedbackLoop

/// The visited nodes of a finished exploration, kept for paths, covering paths and the
/// reachable graph.
///
/// `@unchecked Sendable`: every stored property is a `let` set in `init`, and `lookup`
/// reads only the copies of the store and keying it captured, which nothing mutates
/// afterwards (the store's table, a `SlotBuffer`, is a reference it shares with the engine
/// that filled it, and that engine ends with the search); sharing it across threads is
/// read-only.
final class ExplorationStorage<State: Hashable & Sendable, Event: Sendable>: @unchecked Sendable {
  let model: ExplorationModel<State, Event>
  let nodes: NodeList<State>
  let parents: ContiguousArray<Int32>
  let choices: ContiguousArray<UInt16>
  /// The index of a node (or of the node its key merges it with), if it was visited.
  let lookup: (LoopNode<State>) -> Int?

  init(
    model: ExplorationModel<State, Event>, nodes: NodeList<State>, parents: ContiguousArray<Int32>,
    choices: ContiguousArray<UInt16>, lookup: @escaping (LoopNode<State>) -> Int?
  ) {
    self.model = model
    self.nodes = nodes
    self.parents = parents
    self.choices = choices
    self.lookup = lookup
  }

  var system: System<State, Event> { model.system }

  /// The steps and node that `choice` of `node` leads to (`nil` if it has no such choice).
  func take(_ choice: Int, from node: LoopNode<State>) -> (
    steps: [ExplorerPath<State, Event>.Step], next: LoopNode<State>
  )? {
    model.choice(choice, in: node).map { model.take($0, from: node) }
  }

  /// The shortest path to the node with `index`, then `choice` from it, if given: the
  /// steps of the events feedbacks send at once included.
  func path(to index: Int, then choice: Int? = nil) -> ExplorerPath<State, Event> {
    var indices = [index]
    var current = index
    while parents[current] >= 0 {
      current = Int(parents[current])
      indices.append(current)
    }
    indices.reverse()
    var steps = model.initial.steps
    var node = nodes[indices[0]]
    for next in indices.dropFirst() {
      guard let taken = take(Int(choices[next]), from: node) else { break }
      steps += taken.steps
      node = taken.next
    }
    if let choice, let taken = take(choice, from: node) { steps += taken.steps }
    return ExplorerPath(initial: system.initial, steps: steps)
  }

  /// The path of a record's `(state, choice)` (``ExplorationRecord/initialSteps`` for
  /// the initial node's own steps).
  func path(to state: Int32, choice: UInt16) -> ExplorerPath<State, Event> {
    path(to: Int(state), then: choice == ExplorationRecord.initialSteps ? nil : Int(choice))
  }

  /// The first visited node whose state is `state`.
  func firstIndex(of state: State) -> Int? {
    nodes.firstIndex { $0.state == state }
  }
}
