import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// The mutant assignment as `diagram mutate` sets it (``MutantAssignment/environmentVariable``):
/// this test process starts itself again with the variable set, giving `underTheMutant()`
/// (by its `swift test list` identifier) the mutant and `besideTheMutant()` none; in the
/// first a recorder runs the mutant and a plain `Loop` of the same system the declaration,
/// in the second, run in the same process, both run the declaration.
@Suite struct MutantEnvironmentTests {
  static let retarget = light.graph.mutants.first { $0.name == "Light: red —tick→ yellow (was green)" }

  /// What a loop and a recorder of `light` reach on one tick.
  static func oneTick() -> (loop: Light, recorder: Light) {
    let scheduler = TestScheduler()
    let loop = Loop(light, scheduler: scheduler)
    loop.send(.tick)
    scheduler.advance()
    let recorder = LoopRecorder(light, scheduler: TestScheduler(), exhaustivity: .off(), writesTrace: false)
    recorder.loop.send(.tick)
    recorder.scheduler.advance()
    recorder.skipReceived()
    recorder.skipInFlightEffects()
    return (loop.state, recorder.state)
  }

  /// Run by ``aPlainLoopNeverReadsTheEnvironmentsMutant()`` with the variable set; without
  /// it (an ordinary run), both run the declaration.
  @Test func underTheMutant() {
    let states = Self.oneTick()
    #expect(states.loop == .green)
    let switchedOn = ProcessInfo.processInfo.environment[MutantAssignment.environmentVariable] != nil
    #expect(states.recorder == (switchedOn ? .yellow : .green))
  }

  /// Run in the same process as ``underTheMutant()``, with no mutant assigned.
  @Test func besideTheMutant() {
    let states = Self.oneTick()
    #expect(states.loop == .green)
    #expect(states.recorder == .green)
  }

  @Test func aPlainLoopNeverReadsTheEnvironmentsMutant() throws {
    #if os(Linux)
      let mutant = try #require(Self.retarget)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [
        "--testing-library", "swift-testing", "--filter", "MutantEnvironmentTests/(underTheMutant|besideTheMutant)",
      ]
      var environment = ProcessInfo.processInfo.environment
      environment[MutantAssignment.environmentVariable] = try MutantAssignment(byTest: [
        "FeedbackLoopTestingTests.MutantEnvironmentTests/underTheMutant()": mutant
      ]).json()
      environment["FEEDBACKLOOP_TRACE_DIR"] = nil
      process.environment = environment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(output)")
      #expect(output.contains("Test run with 2 tests"), "\(output)")
    #endif
  }
}
