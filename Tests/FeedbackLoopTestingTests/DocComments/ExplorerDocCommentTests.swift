import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Foundation
import Testing

/// The doc comments' examples of `Explorer`, `Exploration` and their findings, paths,
/// walks and replays, verbatim (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct ExplorerDocCommentTests {
  /// An exploration of the sign-in form whose invariant fails: nothing may be submitted.
  static let unsound = Explorer(
    SignIn.system(), events: [.emailChanged("a@b.c"), .passwordChanged("12345678"), .submit]
  )
  .invariant("nothing is submitted") { state in if case .submitting = state { false } else { true } }
  .run()

  /// `Explorer`: the sign-in form only submits valid forms.
  @Test func theSignInExplorationFindsNoInvalidSubmission() {
    let explorer = Explorer(
      SignIn.system(),
      events: [.emailChanged("a@b.c"), .passwordChanged("12345678"), .submit],
      feedbackEvents: [.succeeded(user: "a"), .rejected("no")]
    )
    .invariant("only valid forms are submitted") { state in
      if case .submitting(let form) = state { return form.isValid }
      return true
    }
    let exploration = explorer.run()
    print(exploration.report)

    #expect(exploration.report.hasPrefix("Explored SignIn"), "\(exploration.report)")
    #expect(!exploration.findings.contains { if case .invariantViolated = $0.kind { true } else { false } })
  }

  /// `Exploration`: a bound of 10 states stops the exploration and says so.
  @Test func aStateBoundStopsTheExploration() {
    let exploration = Explorer(Counter.system(), events: [.increment], maxStates: 10).run()
    let completion = exploration.completion  // .stateBound(10)
    print(exploration.report)  // Explored Counter: 10 states, …; stopped at the state bound …

    #expect(completion == .stateBound(10))
    #expect(exploration.report.hasPrefix("Explored Counter: 10 states"), "\(exploration.report)")
  }

  /// `ExplorationProgress`: the callback sees the progress; `true` lets the run go on.
  @Test func progressIsReportedAndTheRunGoesOn() {
    let explorer = ExampleExplorers.counter

    let exploration = explorer.run { progress in
      print("\(progress.states) states, frontier \(progress.frontier), \(Int(progress.statesPerSecond))/s")
      return true  // false stops the exploration
    }

    #expect(exploration.completion == .depthBound(4))
    #expect(exploration.report == explorer.run().report)
  }

  /// `ExplorerFinding` and `ExplorerPath`: the finding's message and its shortest path.
  @Test func aFindingHasAMessageAndAPath() {
    let exploration = Self.unsound

    for finding in exploration.findings {
      print(finding.message)  // Invariant "…" is violated after 2 events: …
    }

    if let path = exploration.findings.first?.path {
      print(path.events)  // [.emailChanged("a"), .submit]
    }

    let finding = exploration.findings.first!
    #expect(
      finding.message.hasPrefix("Invariant \"nothing is submitted\" is violated after 3 events"), "\(finding.message)")
    #expect(finding.path?.events == [.emailChanged("a@b.c"), .passwordChanged("12345678"), .submit])
  }

  /// `ExplorerPath.trace(of:test:outcome:)`: the path written as a trace and read back.
  @Test func aFindingsPathIsWrittenAsATrace() throws {
    let finding = Self.unsound.findings.first!
    let system = SignIn.system()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("doc-path-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }

    let trace = finding.path!.trace(of: system, test: "explorer", outcome: .failed(at: 2, message: finding.message))
    try trace.jsonLines().write(to: url)

    let read = try Trace.decodeJSONLines(Data(contentsOf: url))
    #expect(read.steps.count == finding.path!.steps.count + 1)
    #expect(read.header.test == "explorer")
  }

  /// `Exploration.coveringPaths`: three ticks fire the light's three cycle transitions.
  @Test func theCoveringPathsFireEveryTransition() {
    let exploration = Explorer(TrafficLight.system, events: [.emergency], feedbackEvents: [.tick]).run()
    let paths = exploration.coveringPaths.map(\.events)  // [[.tick, .tick, .tick]]: each transition fires

    #expect(paths.contains([.tick, .tick, .tick]), "\(paths)")
  }

  /// `Explorer.behaviour(applying:)`: the declared behaviour, and a mutant's beside it.
  @Test func aMutantsBehaviourIsComparedWithTheOriginal() {
    let mutant = SignIn.system().graph.mutants.first!

    let original = ExampleExplorers.signIn.behaviour(applying: nil)
    let equivalent = ExampleExplorers.signIn.behaviour(applying: mutant) == original

    #expect(original != nil)
    #expect(ExampleExplorers.signIn.behaviour(applying: mutant) != nil)
    #expect(equivalent == (ExampleExplorers.signIn.applying(mutant)?.run().behaviour == original))
  }

  struct Cart: Hashable, Sendable { var total = 0 }
  enum Shopping: Hashable, Sendable { case add(Int), remove(Int), checkout }
  static let cart = System<Cart, Shopping>("Cart", initial: Cart()) {
    Reducer { cart, event in
      switch event {
      case .add(let amount): cart.total += amount
      case .remove(let amount): cart.total = max(0, cart.total - amount)
      case .checkout: cart.total = 0
      }
    }
  }

  /// `Explorer.randomWalks(count:length:seed:)`: a sound cart survives its walks.
  @Test func aSoundCartSurvivesRandomWalks() {
    let cart = Self.cart

    let walks = Explorer(cart, events: [.add(1), .remove(1), .checkout])
      .invariant("total is never negative") { $0.total >= 0 }
      .randomWalks(count: 500, length: 200, seed: 1)
    #expect(walks.failure == nil, "\(walks.report)")

    #expect(walks.walks == 500)
  }

  /// `RandomWalks`: a failing walk is shrunk to its shortest form and reported.
  @Test func aFailingWalkIsShrunkAndReported() {
    let explorer = Explorer(Self.cart, events: [.add(1), .remove(1), .checkout])
      .invariant("total stays under 3") { $0.total < 3 }

    let walks = explorer.randomWalks(count: 200, length: 100, seed: 7)
    print(walks.report)  // Walked Counters: 3 walks, 141 events (seed 7). 1 finding: …

    #expect(walks.failure?.path?.events == [.add(1), .add(1), .add(1)], "\(walks.report)")
    #expect(walks.report.hasPrefix("Walked Cart: "), "\(walks.report)")
  }

  /// `Explorer.replay(_:)` and `ExplorerMove`: the queue is stuck after a file queued twice.
  @Test func aReplayOfTheQueuedTwiceFileIsStuck() {
    let explorer = Explorer(UploadQueue.system(), events: [.enqueue("a")]).waits(in: .value(.idle))

    let replay = explorer.replay([.send(.enqueue("a")), .send(.enqueue("a")), .emitted(.uploaded, by: "upload")])
    let kinds = replay.findings.map(\.kind)  // [.stuck]

    #expect(kinds == [.stuck])
    #expect(replay.divergence == nil)
    let again = Self.replayTheMoves(explorer)
    #expect(again.findings.map(\.kind) == [.stuck])
  }

  /// The moves of `ExplorerMove`'s doc comment, replayed.
  static func replayTheMoves(_ explorer: Explorer<UploadQueue.State, UploadQueue.Event>)
    -> ExplorerReplay<UploadQueue.State, UploadQueue.Event>
  {
    let moves: [ExplorerMove<UploadQueue.Event>] = [
      .send(.enqueue("a")), .send(.enqueue("a")), .emitted(.uploaded, by: "upload"),
    ]
    let replay = explorer.replay(moves)
    return replay
  }

  /// `Explorer.waits(when:)`: idle is waiting, so only the real stuck state is found.
  @Test func anIdleQueueWaitsAndTheStuckOneIsFound() {
    let explorer = Explorer(UploadQueue.system(), events: [.enqueue("a")])
      .waits { $0.current == nil }  // idle: waiting for the user to queue a file

    let kinds = explorer.run().findings.map(\.kind)
    #expect(kinds.contains(.stuck))
    #expect(!explorer.run().findings.contains { $0.path?.final == .idle && $0.kind == .stuck })
  }

  /// `Explorer.effectsMayEndSilently(_:)`: an upload that ends without an event leaves
  /// the uploader stuck.
  @Test func anUploadThatEndsSilentlyLeavesTheUploaderStuck() {
    let explorer = Explorer(
      Uploader.system(), events: [.pick("cat.jpg")], feedbackEvents: [.succeeded, .failed, .retry]
    )
    .effectsMayEndSilently("upload")  // what if the client's task returned nil?

    let findings = explorer.run().findings
    #expect(findings.contains { $0.kind == .stuck }, "\(findings.map(\.message))")
  }
}
