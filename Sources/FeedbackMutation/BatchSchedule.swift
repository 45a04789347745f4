import FeedbackGraph
import FeedbackLoopSupport
import Foundation

/// Deals the (test, mutant) pairs of a mutation run into batches, each test at most once
/// per batch, and runs them on `jobs` threads: a test's next pair waits for its previous
/// batch to end, and a pair whose mutant was killed meanwhile is dropped.
struct BatchSchedule {
  /// Per test name, the positions of the mutants it still has to run, in order.
  var queues: [String: [Int]]
  /// The tests by name.
  var tests: [String: TracedTest]
  /// The mutants, by position.
  var mutants: [Mutant]

  /// What the batches found.
  struct Findings: Sendable {
    /// Per killed mutant's position, the tests that failed with it.
    var killedBy: [Int: Set<String>] = [:]
    /// Mutants killed by the time limit.
    var timedOut: Set<Int> = []
    /// Per mutant, the seconds of its batches, shared among their pairs.
    var seconds: [Int: Double] = [:]
    /// How many batches ran.
    var batches = 0
  }

  private struct State: Sendable {
    var queues: [String: [Int]]
    var busy: Set<String> = []
    var retried: Set<[Int]> = []
    var running = 0
    var findings = Findings()
    var error: MutationError?

    func isKilled(_ mutant: Int) -> Bool { findings.killedBy[mutant] != nil || findings.timedOut.contains(mutant) }

    /// The next pair of every idle test, dropping pairs of killed mutants.
    mutating func nextBatch() -> [(test: String, mutant: Int)] {
      var batch: [(test: String, mutant: Int)] = []
      for name in queues.keys.sorted() where !busy.contains(name) {
        while let first = queues[name]?.first, isKilled(first) { queues[name]?.removeFirst() }
        guard let first = queues[name]?.first else {
          queues[name] = nil
          continue
        }
        queues[name]?.removeFirst()
        batch.append((name, first))
        busy.insert(name)
      }
      return batch
    }

    var isDone: Bool { queues.values.allSatisfy(\.isEmpty) && running == 0 }
  }

  /// Runs every batch; throws the first setup error a batch raised or met.
  func run(
    jobs: Int, progress: @escaping @Sendable (String) -> Void,
    runBatch: @escaping @Sendable (MutantBatch) throws -> [String: MutantBatch.Outcome]
  ) throws -> Findings {
    let state = Protected(State(queues: queues))
    let condition = NSCondition()
    let tests = self.tests, mutants = self.mutants
    let total = queues.values.map(\.count).reduce(0, +)
    @Sendable func worker() {
      while true {
        condition.lock()
        var taken: [(test: String, mutant: Int)] = []
        while true {
          let (done, batch) = state.withLock { state -> (Bool, [(test: String, mutant: Int)]) in
            if state.error != nil { return (true, []) }
            let batch = state.nextBatch()
            if !batch.isEmpty { state.running += 1 }
            // Pruning killed mutants may have emptied the last queues: then the run is over.
            return (batch.isEmpty && state.isDone, batch)
          }
          if done {
            condition.broadcast()
            condition.unlock()
            return
          }
          if !batch.isEmpty {
            taken = batch
            break
          }
          condition.wait()
        }
        condition.unlock()
        let batch = MutantBatch(
          pairs: taken.compactMap { pair in tests[pair.test].map { .init(test: $0, mutant: mutants[pair.mutant]) } })
        let start = Date()
        let outcomes: [String: MutantBatch.Outcome]
        var failure: MutationError?
        do {
          outcomes = try runBatch(batch)
        } catch let error as MutationError {
          (outcomes, failure) = ([:], error)
        } catch {
          (outcomes, failure) = ([:], .setup("a test process could not run: \(error)"))
        }
        let seconds = Date().timeIntervalSince(start) / Double(max(1, taken.count))
        let line = state.withLock { state -> String in
          state.running -= 1
          state.findings.batches += 1
          if let failure, state.error == nil { state.error = failure }
          var notRun: [Int] = []
          for pair in taken {
            state.busy.remove(pair.test)
            state.findings.seconds[pair.mutant, default: 0] += seconds
            switch outcomes[pair.test] ?? .notRun {
            case .passed: break
            case .failed: state.findings.killedBy[pair.mutant, default: []].insert(pair.test)
            case .timedOut: state.findings.timedOut.insert(pair.mutant)
            case .notRun:
              notRun.append(pair.mutant)
              state.queues[pair.test, default: []].insert(pair.mutant, at: 0)
            }
          }
          // A pair that did not run is tried once more (the process may have crashed in
          // another test); twice, and the run stops: a run that runs nothing proves nothing.
          if failure == nil, !notRun.isEmpty, !state.retried.insert(notRun.sorted()).inserted {
            let names = taken.filter { notRun.contains($0.mutant) }.map(\.test).sorted()
            state.error = .setup(
              "no test ran for \(mutants[notRun[0]].id) (\(names.joined(separator: ", "))): a run that runs nothing proves nothing"
            )
          }
          let left = state.queues.values.map(\.count).reduce(0, +)
          return "batch \(state.findings.batches): \(taken.count) test\(taken.count == 1 ? "" : "s"), "
            + "\(state.findings.killedBy.count + state.findings.timedOut.count) mutants killed, \(left) of \(total) runs left"
        }
        progress(line)
        condition.lock()
        condition.broadcast()
        condition.unlock()
      }
    }
    if jobs == 1 {
      worker()
    } else {
      DispatchQueue.concurrentPerform(iterations: jobs) { _ in worker() }
    }
    let final = state.withLock { $0 }
    if let error = final.error { throw error }
    return final.findings
  }
}
