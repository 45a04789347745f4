import Foundation
import Testing

/// A porting user types the peers' names first. Each one compiles into an error whose
/// message says what to write here: this test type-checks every peer spelling against the
/// modules of this build (`swiftc -typecheck`) and reads the messages.
@Suite(.timeLimit(.minutes(2))) struct PeerSpellingTests {
  /// One peer spelling: the line a porting user writes, and what the compiler must answer.
  struct Spelling: CustomTestStringConvertible, Sendable {
    let peer: String
    let line: String
    let message: String
    var testDescription: String { "\(peer): \(line)" }
  }

  static let spellings: [Spelling] = [
    // Feedbacks
    Spelling(
      peer: "Feedbacks", line: "_ = InitialState { Light.red }",
      message:
        "'InitialState' is unavailable: pass the initial state to the system: System(\"Name\", initial: state) { Transitions { … } Feedbacks { … } }"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = Transition<Light, Signal>(from: AnyState.self, on: Refresh.self, then: .red)",
      message: "'AnyState' is unavailable: write .any for any state: Transition(from: .any, on: …, to: …)"),
    Spelling(
      peer: "Feedbacks", line: "_ = Transition<Light, Signal>(from: Loaded.self, on: AnyEvent.self, then: .red)",
      message: "'AnyEvent' is unavailable: write .any for any event: Transition(from: …, on: .any, to: …)"),
    Spelling(
      peer: "Feedbacks", line: "_ = Transition<Light, Signal>(from: Loaded.self, on: Refresh.self, then: .red)",
      message:
        "'init(from:on:then:)' is unavailable: write Transition(from: .type(A.self), on: .type(B.self), to: target) — `to:` where Feedbacks wrote `then:`"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = PassthroughMediator<Int>()",
      message:
        "'PassthroughMediator' is unavailable: use Mediator<Value>(\"name\") and Feedback.attach(\"name\", to: mediator, publish:, receive:) in each system"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = CurrentValueMediator<Int>(0)",
      message:
        "'CurrentValueMediator' is unavailable: use Mediator<Value>(\"name\", initial: value) and Feedback.attach(\"name\", to: mediator, publish:, receive:) in each system"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = SideEffect.self",
      message:
        "'SideEffect' is unavailable: capture dependencies in the feedback's closure, or give the system an environment: System(\"Name\", initial:, environment: services) { services in … }"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = timer.disable { true }",
      message: "'disable(disabled:)' has been renamed to 'disabled(when:)': write .disabled(when: { state in … })"),
    Spelling(
      peer: "Feedbacks", line: "_ = system.stream",
      message:
        "'stream' is unavailable: start a loop and read its states: Loop(system).states (an AsyncStream), or loop.statesPublisher (FeedbackLoopCombine)"
    ),
    Spelling(
      peer: "Feedbacks", line: "system.run()",
      message:
        "'run()' is unavailable: create a loop to run the system: let loop = Loop(system); it runs until loop.stop() or release"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = system.attach(to: 0, onSystemState: Loaded.self, emitMediatorValue: { _ in 1701 })",
      message:
        "'attach(to:onSystemState:emitMediatorValue:)' is unavailable: write system.attached(to: mediator, publish: { state in value or nil }, receive: { value in event or nil })"
    ),
    Spelling(
      peer: "Feedbacks", line: "_ = system.uiSystem(viewStateFactory: { $0 })",
      message:
        "'uiSystem(viewStateFactory:)' is unavailable: import FeedbackLoopObservation and make a LoopModel(system, scheduler: MainQueueScheduler.shared) for views"
    ),
    // ReactiveFeedback and RxFeedback
    Spelling(
      peer: "ReactiveFeedback", line: "_ = Feedback<Light, Signal>(predicate: { $0 == .red }) { _ in 0 }",
      message:
        "'init(predicate:effects:)' is unavailable: write Feedback.when(\"name\", { state in condition }) { state in effect }, or .whenBecomesTrue for its rising edge"
    ),
    Spelling(
      peer: "ReactiveFeedback", line: "_ = Feedback<Light, Signal>(skippingRepeated: { $0 }) { _ in 0 }",
      message:
        "'init(skippingRepeated:effects:)' is unavailable: write Feedback.skippingRepeated(\"name\", { state in value or nil }) { value in effect }"
    ),
    Spelling(
      peer: "ReactiveFeedback", line: "_ = Feedback<Light, Signal>(events: { $0 })",
      message:
        "'init(events:)' is unavailable: write Feedback.states(\"name\") { states, clock in events }: the states as an AsyncSequence (or a publisher of states, in FeedbackLoopCombine)"
    ),
    // Loop
    Spelling(
      peer: "Loop", line: "_ = Loop<Light, Signal>(initial: .red, reducer: { state, _ in state }, feedbacks: [])",
      message:
        "'init(initial:reducer:feedbacks:)' is unavailable: declare a System and run it: Loop(System(initial: state, reduce: { state, event in … }, feedbacks: [...]))"
    ),
    // CombineFeedback
    Spelling(
      peer: "CombineFeedback", line: "_ = Feedback<Light, Signal>(lensing: { $0 }) { _ in 0 }",
      message:
        "'init(lensing:effects:)' is unavailable: write Feedback.lensing(\"name\", { state in value or nil }) { value in effect }"
    ),
    Spelling(
      peer: "CombineFeedback", line: "Loop(system).send(event: .tick)",
      message: "'send(event:)' has been renamed to 'send(_:)': write loop.send(.event), without the label"),
    Spelling(
      peer: "CombineFeedback", line: "LoopModel(system).send(event: .tick)",
      message: "'send(event:)' has been renamed to 'send(_:)': write model.send(.event), without the label"),
    Spelling(
      peer: "CombineFeedback", line: "_ = LoopModel(form).binding(for: \\.email, event: FormEvent.email)",
      message:
        "'binding(for:event:)' is unavailable: write model.binding(\\.field, to: Event.fieldChanged): the key path first, then `to:`"
    ),
  ]

  /// The declarations every spelling's line may use.
  static let prelude = """
    import FeedbackLoop
    import FeedbackLoopObservation
    enum Light: Hashable, Sendable { case red, green }
    enum Signal: Hashable, Sendable { case tick }
    struct Loaded {}
    struct Refresh {}
    struct Form: Hashable, Sendable { var email = "" }
    enum FormEvent: Hashable, Sendable { case email(String) }
    let system = System<Light, Signal>(initial: .red) { Transitions { Transition(from: .red, on: .tick, to: .green) } }
    let form = System<Form, FormEvent>(initial: Form()) { Reducer { state, _ in state } }
    let timer = Feedback<Light, Signal>("timer") { _ in .none }

    """

  @Test func everyPeerSpellingFailsWithAMessageSayingWhatToWriteHere() throws {
    // Each spelling in a function of its own, on a line we know.
    var source = Self.prelude
    var lineOfSpelling: [Int: Spelling] = [:]
    for (index, spelling) in Self.spellings.enumerated() {
      source += "func spelling\(index)() {\n"
      lineOfSpelling[source.split(separator: "\n", omittingEmptySubsequences: false).count] = spelling
      source += "  \(spelling.line)\n}\n"
    }
    let errors = try Self.typecheck(source)
    for (line, spelling) in lineOfSpelling.sorted(by: { $0.key < $1.key }) {
      let onLine = errors.filter { $0.line == line }.map(\.message)
      #expect(onLine.contains(spelling.message), "\(spelling.peer): \(spelling.line) → \(onLine)")
    }
    // Nothing else fails: the prelude compiles, and no spelling fails for another reason.
    let unexpected = errors.filter { error in
      lineOfSpelling[error.line].map { error.message != $0.message && !Self.isSecondary(error.message) } ?? true
    }
    #expect(unexpected.isEmpty, "\(unexpected)")
  }

  /// Errors a line may give besides its spelling's (a wildcard type inside an unavailable
  /// initializer reports both).
  static func isSecondary(_ message: String) -> Bool {
    message.hasPrefix("'init(from:on:then:)' is unavailable")
  }

  struct Diagnostic: Sendable, CustomStringConvertible {
    let line: Int
    let message: String
    var description: String { "\(line): \(message)" }
  }

  /// Type-checks `source` against the modules this test process was built with and
  /// returns its errors.
  static func typecheck(_ source: String) throws -> [Diagnostic] {
    let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("Modules")
    let module = modules.appendingPathComponent("FeedbackLoop.swiftmodule")
    try #require(
      FileManager.default.fileExists(atPath: module.path),
      "no FeedbackLoop.swiftmodule beside the test binary: \(module.path)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peer-spellings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Spellings.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    return text.split(separator: "\n").compactMap { line -> Diagnostic? in
      // /path/Spellings.swift:12:7: error: message
      guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
      let rest = line.dropFirst(file.path.count + 1)
      guard let number = Int(rest.prefix(while: \.isNumber)), let range = line.range(of: ": error: ") else {
        return nil
      }
      return Diagnostic(line: number, message: String(line[range.upperBound...]))
    }
  }
}
