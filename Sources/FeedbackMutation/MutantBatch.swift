package import FeedbackGraph

/// One test process's work in `diagram mutate`: tests, each at most once, each with the
/// mutant it runs under (the test kit applies a test's mutant to that test's recorders
/// only, so the mutants of one batch do not meet).
package struct MutantBatch: Sendable {
  /// A test and the mutant it runs with.
  package struct Pair: Sendable {
    /// The test.
    package var test: TracedTest
    /// Its mutant.
    package var mutant: Mutant

    /// A pair.
    package init(test: TracedTest, mutant: Mutant) {
      self.test = test
      self.mutant = mutant
    }
  }

  /// How one test of a batch ended.
  package enum Outcome: Equatable, Sendable {
    /// It passed: its mutant survives it.
    case passed
    /// It failed (or crashed): its mutant is killed; the failure's first line.
    case failed(String)
    /// It ran past the time limit: its mutant counts as killed.
    case timedOut
    /// It did not run (the process ended before it, or its filter matched nothing).
    case notRun
  }

  /// The pairs, in the order of the tests' names.
  package var pairs: [Pair]

  /// A batch.
  package init(pairs: [Pair]) {
    self.pairs = pairs
  }
}
