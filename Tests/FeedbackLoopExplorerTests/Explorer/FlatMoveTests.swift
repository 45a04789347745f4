import FeedbackLoop
import FeedbackLoopExamples
@testable import FeedbackLoopExplorer
import Testing

/// The moves by snapshot-list index (`ExplorationEngine+Flat.swift`) against the general
/// path (``Explorer/runByGeneralMoves()``): the same nodes in the same order, the same
/// counts, findings, report and reachable graph (``FlatMoveComparison``), for the examples'
/// explorers, for feedbacks of every kind the fast path takes or leaves to the general
/// path, and for a family of small random systems.
@Suite struct FlatMoveTests {
  /// An explorer compared both ways, named for the test's arguments.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var differences: @Sendable () -> [String]

    init<State, Event>(_ name: String, _ explorer: @autoclosure @escaping @Sendable () -> Explorer<State, Event>) {
      self.name = name
      differences = { FlatMoveComparison.differences(explorer()) }
    }

    var testDescription: String { name }
  }

  typealias Systems = FlatMoveSystems

  /// The examples' registered explorers (as `diagram explore` runs them), some letting
  /// effects end silently, and the explorer tests' own models.
  static let examples: [Case] = [
    Case("counter", ExampleExplorers.counter),
    Case("signIn", ExampleExplorers.signIn),
    Case("signIn ending silently", ExampleExplorers.signIn.effectsMayEndSilently()),
    Case("trafficLight", ExampleExplorers.trafficLight),
    Case("volume", ExampleExplorers.volume),
    Case("uploader", ExampleExplorers.uploader),
    Case("uploader ending silently", ExampleExplorers.uploader.effectsMayEndSilently("upload")),
    Case("movies", ExampleExplorers.movies),
    Case("movies ending silently", ExampleExplorers.movies.effectsMayEndSilently()),
    Case(
      "upload queue by file",
      Self.uploadQueue { file, attempt, _ in EffectModels.FileAttempt(file: file, attempt: attempt) }),
    Case(
      "upload queue numbered",
      Self.uploadQueue { _, attempt, number in EffectModels.Numbered(number: number, attempt: attempt) }),
    Case(
      "upload queue hashable",
      Self.uploadQueue { _, attempt, number in FlatNodeTests.HashableNumbered(number: number, attempt: attempt) }),
    Case("echo cancelling", Explorer(EffectModels.echo(.cancelOnNewState), events: [.bump])),
    Case("echo continuing", Explorer(EffectModels.echo(.continueOnNewState), events: [.bump])),
    Case("loader", Explorer(EffectModels.loader, events: [.load]).waits(in: .value(.idle)).final { $0 == .loaded }),
    Case("counters", Explorer(Models.counters, events: [.incA, .incB, .nextMode])),
    Case("door", Explorer(Models.door, events: [.open, .close, .lock]).final { $0 == .locked }),
    Case("turnstile", Explorer(Models.turnstile, events: [.coin, .push, .repair])),
    Case("job", Explorer(Models.job, events: [.start, .tick])),
  ]

  static func uploadQueue<Key: Equatable & Sendable>(
    _ key: @escaping @Sendable (_ file: String, _ attempt: Int, _ number: Int) -> Key
  ) -> Explorer<EffectModels.Upload, EffectModels.UploadEvent> {
    Explorer(EffectModels.uploadQueue(key: key), events: [.enqueue("a"), .enqueue("b")]).waits(in: .value(.idle))
  }

  @Test(arguments: Self.examples)
  func theExamplesExploreTheSameBothWays(_ example: Case) {
    let differences = example.differences()
    let same = differences.isEmpty
    #expect(same, "\(example.name): \(differences.joined(separator: "; "))")
  }

  /// A remembered value that only compares files its list under its node's state. A move
  /// that changes the state while every feedback keeps its effect (the busy flag toggled,
  /// the level the same) files the list under the new state, as the general path does:
  /// filed under the old one, one node was stored under two keys (12 nodes, not 6).
  @Test func aListFiledUnderAStateIsFiledUnderTheNewStateAfterAMove() {
    let explorer = Systems.explorer(
      Feedback.skippingRepeated("level", { Systems.Level(level: $0.level) }) { _ in .none })
    #expect(explorer.run().stateCount == 6)  // 3 levels × busy or not, each remembering its level
    #expect(explorer.runByGeneralMoves().stateCount == 6)
    let differences = FlatMoveComparison.differences(explorer)
    let same = differences.isEmpty
    #expect(same, "\(differences.joined(separator: "; "))")
  }

  static let cancel = ExecutionStrategy.cancelOnNewState
  static let `continue` = ExecutionStrategy.continueOnNewState

  /// Feedbacks of every kind, strategy and effect, alone and together: moves by list
  /// index (remembered or, for memories that only compare, not), and moves left to the
  /// general path (a `.send`, keyed requests).
  static let kinds: [Case] = [
    Case("hashable task cancelling", Systems.explorer(Systems.watchHashable(Systems.task, cancel))),
    Case("hashable task continuing", Systems.explorer(Systems.watchHashable(Systems.task, `continue`))),
    Case("hashable stream continuing", Systems.explorer(Systems.watchHashable(Systems.stream, `continue`))),
    Case("hashable none", Systems.explorer(Systems.watchHashable(.none, cancel))),
    Case("equatable task cancelling", Systems.explorer(Systems.watchEquatable(Systems.task, cancel))),
    Case("equatable task continuing", Systems.explorer(Systems.watchEquatable(Systems.tickTask, `continue`))),
    Case("equatable stream cancelling", Systems.explorer(Systems.watchEquatable(Systems.stream, cancel))),
    Case("equatable none", Systems.explorer(Systems.watchEquatable(.none, `continue`))),
    Case(
      "equatable always, task continuing",
      Systems.explorer(
        Feedback.skippingRepeated("level", emits: [.done], { Systems.Level(level: $0.level) }) { _ in Systems.task }
          .strategy(`continue`))),
    Case("first value stream cancelling", Systems.explorer(Systems.first(Systems.stream, cancel))),
    Case("first value task continuing", Systems.explorer(Systems.first(Systems.tickTask, `continue`))),
    Case("when task cancelling", Systems.explorer(Systems.whenOne(Systems.tickTask, cancel))),
    Case("when task continuing", Systems.explorer(Systems.whenOne(Systems.tickTask, `continue`))),
    Case("when stream continuing", Systems.explorer(Systems.whenOne(Systems.stream, `continue`))),
    Case("edge stream cancelling", Systems.explorer(Systems.edge(Systems.stream, cancel))),
    Case("edge task continuing", Systems.explorer(Systems.edge(Systems.task, `continue`))),
    Case("mealy", Systems.explorer(Systems.mealy)),
    Case("every state cancelling", Systems.explorer(Systems.everyState(cancel))),
    Case("every state continuing", Systems.explorer(Systems.everyState(`continue`))),
    Case("sends at once", Systems.explorer(Systems.sendsAtOnce)),
    Case(
      "sends at once after decisions",
      Systems.explorer(
        Systems.watchHashable(Systems.task, cancel), Systems.sendsAtOnce, Systems.edge(Systems.stream, cancel))),
    Case(
      "sends at once, cancelled", Systems.explorer(Systems.sendsAtOnce.strategy(cancel), Systems.whenOne(.none, cancel))
    ),
    Case("keyed cancelling", Systems.explorer(Systems.requests(cancel), Systems.watchHashable(Systems.task, cancel))),
    Case("keyed continuing", Systems.explorer(Systems.requests(`continue`))),
    Case("input", Systems.explorer(Systems.input, Systems.watchEquatable(Systems.task, cancel))),
    Case("mediator", Systems.explorer(Systems.peer, Systems.first(Systems.tickTask, cancel))),
    Case(
      "disabled",
      Systems.explorer(
        Systems.watchHashable(Systems.task, cancel).disabled { $0.count == 1 },
        Systems.watchEquatable(Systems.tickTask, `continue`).disabled { $0.level == 2 })),
    Case(
      "three kinds",
      Systems.explorer(
        Systems.watchEquatable(Systems.tickTask, cancel), Systems.edge(Systems.stream, `continue`),
        Systems.everyState(cancel))),
    Case(
      "ending silently",
      Systems.explorer(Systems.watchHashable(Systems.task, `continue`), Systems.whenOne(Systems.stream, `continue`))
        .effectsMayEndSilently()),
    Case(
      "one ending silently",
      Systems.explorer(Systems.watchEquatable(Systems.task, cancel), Systems.edge(Systems.stream, cancel))
        .effectsMayEndSilently("edge")),
    Case(
      "equal values, different bytes",
      Explorer(Systems.bench([Systems.watchSigned(Systems.task, cancel)]), events: [.bump, .toggle, .tick])
        .waits { _ in true }),
    Case(
      "boxed values",
      Systems.explorer(Systems.watchBoxed(Systems.task, `continue`), Systems.watchHashable(Systems.tickTask, cancel))),
    Case("meaning", Self.meaning),
    Case(
      "state bound", Systems.explorer(Systems.watchHashable(Systems.task, `continue`), Systems.mealy).limited(states: 9)
    ),
    Case(
      "depth bound", Systems.explorer(Systems.watchEquatable(Systems.task, `continue`), Systems.mealy).limited(depth: 3)
    ),
    Case(
      "events per state",
      Explorer(
        Systems.bench([Systems.watchHashable(Systems.task, cancel), Systems.first(Systems.stream, `continue`)]),
        events: { $0.busy ? [.bump, .toggle] : [.toggle] })),
    Case("merging", Systems.explorer(Systems.watchEquatable(Systems.task, cancel)).merging(by: \.level)),
    Case(
      "declared transitions",
      Explorer(Systems.fetcher, events: [.load, .reset]).waits(in: .value(.idle), .value(.loaded))
        .effectsMayEndSilently()),
  ]

  /// Final states, waiting states, progress, an invariant that breaks and a property of
  /// moves that breaks, with effects that outlive the end.
  static var meaning: Explorer<Systems.Bench, Systems.BenchEvent> {
    Explorer(
      Systems.bench([Systems.watchHashable(Systems.task, `continue`), Systems.whenOne(Systems.stream, cancel)]),
      events: [.bump, .toggle, .tick]
    )
    .final { $0.level == 2 && $0.count == 1 }
    .waits { !$0.busy }
    .progress { $0.count == 1 }
    .invariant("never busy at level 2 with a tick") { !($0.busy && $0.level == 2 && $0.count == 1) }
    .property("a tick never lowers the level") { before, move, after in
      if case .emitted(.tick, _) = move { return after.level >= before.level }
      return true
    }
    .effectsMayOutliveTheEnd("whenOne")
  }

  @Test(arguments: Self.kinds)
  func everyKindOfFeedbackExploresTheSameBothWays(_ kind: Case) {
    let differences = kind.differences()
    let same = differences.isEmpty
    #expect(same, "\(kind.name): \(differences.joined(separator: "; "))")
  }

  /// The engine's remembered moves after exploring `explorer` (Interned keying), by list
  /// index or (`byListIndex` false) by the general path only.
  static func rememberedMoves<Event>(
    _ explorer: Explorer<Systems.Bench, Event>, byListIndex: Bool = true
  ) -> (ended: Int, decided: Int) {
    var engine = ExplorationEngine(model: ExplorationModel(explorer), keying: Interned<Systems.Bench>())
    engine.movesByListIndex = byListIndex
    _ = engine.run(progress: nil)
    return (engine.endedMoves.count, engine.decidedMoves.count)
  }

  /// The comparisons above do go through the fast path: memories that hash by value let
  /// the engine remember effects' ends and decisions; lists holding a memory that only
  /// compares are filed by state, so their decisions are not remembered; the general path
  /// remembers nothing.
  @Test func movesByListIndexAreRememberedWhereListsHashByValue() {
    let hashable = Systems.explorer(Systems.watchHashable(Systems.task, Self.continue))
    let remembered = Self.rememberedMoves(hashable)
    #expect(remembered.ended > 0 && remembered.decided > 0, "\(remembered)")
    let general = Self.rememberedMoves(hashable, byListIndex: false)
    #expect(general.ended == 0 && general.decided == 0, "\(general)")
    // A level always remembered, only compared: every list is filed by state.
    let equatable = Self.rememberedMoves(
      Systems.explorer(
        Feedback.skippingRepeated("level", { Systems.Level(level: $0.level) }) { _ in Systems.task }
      ))
    #expect(equatable.ended == 0 && equatable.decided == 0, "\(equatable)")
  }

  /// Small random systems, each explored both ways; the family is varied enough that
  /// every kind of feedback and effect occurs, bounds cut some explorations, and many have
  /// findings.
  @Test func smallRandomSystemsExploreTheSameBothWays() {
    var kinds: [FlatMoveRandomSystem.Kind: Int] = [:]
    var shapes: [FlatMoveRandomSystem.Shape: Int] = [:]
    var (bounded, withFindings, largest) = (0, 0, 0)
    for seed in UInt64(1)...300 {
      let system = FlatMoveRandomSystem(seed: seed)
      let (exploration, differences) = FlatMoveComparison.compared(system.explorer, graphs: false)
      let same = differences.isEmpty
      #expect(same, "seed \(seed): \(system): \(differences.joined(separator: "; "))")
      if !differences.isEmpty { return }
      for plan in system.plans {
        kinds[plan.kind, default: 0] += 1
        shapes[plan.shape, default: 0] += 1
      }
      if !exploration.isComplete { bounded += 1 }
      if !exploration.findings.isEmpty { withFindings += 1 }
      largest = max(largest, exploration.stateCount)
    }
    #expect(FlatMoveRandomSystem.Kind.allCases.allSatisfy { kinds[$0, default: 0] >= 40 }, "\(kinds)")
    #expect(FlatMoveRandomSystem.Shape.allCases.allSatisfy { shapes[$0, default: 0] >= 40 }, "\(shapes)")
    #expect((25...150).contains(bounded), "\(bounded) bounded")
    #expect(withFindings >= 150, "\(withFindings) with findings")
    #expect(largest > 100, "the largest has \(largest) states")
  }
}

extension Explorer {
  /// The same explorer, bounded to `states` states.
  func limited(states: Int) -> Explorer {
    var copy = self
    copy.maxStates = states
    return copy
  }

  /// The same explorer, bounded to paths `depth` events long.
  func limited(depth: Int) -> Explorer {
    var copy = self
    copy.maxDepth = depth
    return copy
  }
}
