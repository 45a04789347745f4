import FeedbackGraph
import FeedbackLoop

// Non-progress cycles: a second pass over the visited nodes, only when the explorer was
// given progress states (`Explorer.progress(when:)`).
extension FindingBuilder {
  /// The first non-progress cycle as a lasso, if the exploration is complete and has one:
  /// the shortest path to the first node (in breadth-first order) on such a cycle, then
  /// the shortest cycle through it.
  ///
  /// - Complexity: O(states + edges) to peel, with the edges the search noted
  ///   (``QuietEdges``); then a breadth-first search per candidate node until one closes a
  ///   cycle (O(states × edges) at worst).
  func nonProgressFinding() -> ExplorerFinding<State, Event>? {
    // The search noted the moves exactly when progress is checked.
    guard completion == .complete, let noted = record.quietEdges else { return nil }
    // Moves between non-progress nodes that change the node, noted by the search.
    let graph = QuietGraph(noted)
    let count = graph.count
    // Peel nodes that no cycle passes: no way in, or no way out, among the others.
    var alive = Array(noted.quiet)
    var incoming = (0..<count).map { graph.incoming($0).count }
    var outgoing = (0..<count).map { graph.outgoing($0).count }
    var queue = (0..<count).filter { alive[$0] && (incoming[$0] == 0 || outgoing[$0] == 0) }
    while let index = queue.popLast() {
      guard alive[index] else { continue }
      alive[index] = false
      for edge in graph.outgoing(index) where alive[graph.targets[edge]] {
        let target = graph.targets[edge]
        incoming[target] -= 1
        if incoming[target] == 0 { queue.append(target) }
      }
      for edge in graph.incoming(index) where alive[graph.sources[edge]] {
        let source = graph.sources[edge]
        outgoing[source] -= 1
        if outgoing[source] == 0 { queue.append(source) }
      }
    }
    for start in 0..<count where alive[start] {
      guard let cycle = shortestCycle(from: start, graph: graph, alive: alive) else { continue }
      var path = storage.path(to: start)
      let cycleStart = path.steps.count
      var node = storage.nodes[start]
      for choice in cycle {
        guard let taken = storage.take(choice, from: node) else { break }
        path.steps += taken.steps
        node = taken.next
      }
      path.cycleStart = cycleStart
      return Self.nonProgressFinding(path: path, system: storage.system)
    }
    return nil
  }

  /// The choices of the shortest cycle from `start` back to it through live nodes.
  func shortestCycle(from start: Int, graph: QuietGraph, alive: [Bool]) -> [Int]? {
    var parent: [Int: (from: Int, choice: Int)] = [:]
    var frontier = [start]
    var position = 0
    while position < frontier.count {
      let index = frontier[position]
      position += 1
      for edge in graph.outgoing(index) where alive[graph.targets[edge]] {
        let (target, choice) = (graph.targets[edge], graph.choices[edge])
        if target == start {
          var choices = [choice]
          var current = index
          while current != start, let back = parent[current] {
            choices.append(back.choice)
            current = back.from
          }
          return choices.reversed()
        }
        if parent[target] == nil {
          parent[target] = (index, choice)
          frontier.append(target)
        }
      }
    }
    return nil
  }

  /// A non-progress cycle, written as a lasso: the path to the cycle, then the cycle.
  static func nonProgressFinding(path: ExplorerPath<State, Event>, system: System<State, Event>)
    -> ExplorerFinding<State, Event>
  {
    let start = path.cycleStart ?? path.steps.count
    let prefix = ExplorerPath(initial: path.initial, steps: Array(path.steps[..<start]))
    let cycle = ExplorerPath(initial: prefix.final, steps: Array(path.steps[start...]))
    return ExplorerFinding(
      kind: .nonProgressCycle, path: path,
      message:
        "Non-progress cycle \(after(prefix)), then forever: \(events(cycle)), back to \(state(prefix.final)) (the same explored state); no progress, final or waiting state on the way (progress(when:)).",
      slug: "non-progress-cycle")
  }
}
