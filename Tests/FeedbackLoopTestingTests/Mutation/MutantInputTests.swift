import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopSupport
import FeedbackLoopTesting
import Foundation
import Testing

/// `MutantAssignment.environmentVariable` (`FEEDBACKLOOP_MUTANT`) is input from outside the process: seeded searches over the whole
/// class of bad values. A mangled text is refused (`nil`, one warning line), never a crash;
/// a decoded mutant whose fields point nowhere (ids out of range, negative, unknown names,
/// another operator) is not applied or applies without a crash, and a plain reduction of
/// the result still runs.
@Suite struct MutantInputTests {
  static var systems: [(name: String, graph: SystemGraph, apply: @Sendable (Mutant) -> Bool)] {
    [
      ("Light", light.graph, { mutant in Self.exercise(light.applying(mutant), events: [.tick, .emergency]) }),
      (
        "Uploader", Uploader.system().graph,
        { mutant in
          Self.exercise(
            Uploader.system().applying(mutant), events: [.pick("a"), .failed, .retry, .succeeded, .dismiss])
        }
      ),
    ]
  }

  /// Reduces `events` through `system` (when there is one) from its initial state; whether
  /// there was a system.
  static func exercise<State, Event>(_ system: System<State, Event>?, events: [Event]) -> Bool {
    guard let system else { return false }
    var state = system.initial
    for event in events {
      switch system.reduce(state, event) {
      case .ignored: break
      case .reduced(let next, _), .undeclared(let next, _): state = next
      }
    }
    return true
  }

  /// Bytes that keep a mangled text JSON-like.
  static let jsonBytes = Array(#"{}[]",:-0\"#.utf8)

  @Test func mangledMutantTextIsRefusedNeverACrash() throws {
    var random = SplitMix64(seed: 24)
    let mutant = try #require(light.graph.mutants.first)
    let valid = Data(try MutantAssignment(everyTest: mutant).json().utf8)
    #expect(MutantSwitch.read(String(decoding: valid, as: UTF8.self))?.everyTest == mutant)
    var refused = 0
    for _ in 0..<2_000 {
      var bytes = [UInt8](valid)
      for _ in 0..<(random.next() % 4 + 1) {
        let position = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 3 {
        case 0: bytes.remove(at: position)
        case 1: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        default: bytes.insert(Self.jsonBytes[Int(random.next() % UInt64(Self.jsonBytes.count))], at: position)
        }
        if bytes.isEmpty { bytes = [0x7B] }
      }
      // A text that does not start with `{` is read as a path: keep it JSON.
      if bytes.first != 0x7B { bytes.insert(0x7B, at: 0) }
      if MutantSwitch.read(String(decoding: bytes, as: UTF8.self)) == nil { refused += 1 }
    }
    #expect(refused > 1_000)  // most mangled texts are not a mutant's JSON
  }

  @Test func mutantsWhoseFieldsPointNowhereAreNotAppliedOrApplyWithoutACrash() {
    var random = SplitMix64(seed: 25)
    let operators = MutationOperator.allCases
    for (name, graph, apply) in Self.systems {
      let real = graph.mutants
      #expect(!real.isEmpty, "\(name)")
      // Every real mutant applies.
      for mutant in real { #expect(apply(mutant), "\(name): \(mutant.name)") }
      var applied = 0
      for _ in 0..<2_000 {
        var mutant = real[Int(random.next() % UInt64(real.count))]
        func index() -> Int {
          [-1, 0, 1, 2, 5, 1_000, Int.max, Int.min][Int(random.next() % 8)]
        }
        switch random.next() % 6 {
        case 0: mutant.transition = TransitionID(index())
        case 1: mutant.otherTransition = TransitionID(index())
        case 2: mutant.feedback = FeedbackID(index())
        case 3: mutant.target = ["", "nowhere", "idle", "../../etc", "\u{0}"][Int(random.next() % 5)]
        case 4:
          mutant.event = ["", "tick", "nope", "failed"][Int(random.next() % 4)]
          mutant.target = [nil, "succeeded", "retry", "nope"][Int(random.next() % 4)]
        default: mutant.mutation = operators[Int(random.next() % UInt64(operators.count))]
        }
        if apply(mutant) { applied += 1 }
      }
      #expect(applied > 0 && applied < 2_000, "\(name): \(applied) of 2,000 mangled mutants applied")
      // Another system's mutant, or one whose fingerprint changed, is never applied.
      var stale = real[0]
      stale.fingerprint = "fnv1a64:0000000000000000"
      #expect(!apply(stale), "\(name)")
    }
  }
}
