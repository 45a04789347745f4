import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// The mutant switch of the test kit: a recorder runs the mutant, a plain loop never does;
/// a weak test lets a retarget survive, a strong one kills it.
@Suite struct MutantSwitchTests {
  static func retarget() throws -> Mutant {
    try #require(light.graph.mutants.first { $0.name == "Light: red —tick→ yellow (was green)" })
  }

  /// Covers red —tick→ green but never asserts where it led.
  static func weakTest() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(light, scheduler: scheduler, exhaustivity: .off(), writesTrace: false)
    scheduler.advance(by: .seconds(30))
    loop.skipReceived()
    loop.skipInFlightEffects()
  }

  /// The same steps, asserting the target.
  static func strongTest() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(light, scheduler: scheduler, writesTrace: false)
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    loop.skipInFlightEffects()
  }

  @Test func aWeakTestLetsTheRetargetSurviveAndAStrongOneKillsIt() throws {
    let mutant = try Self.retarget()
    MutantSwitch.$current.withValue(mutant) { Self.weakTest() }  // no issue: it survives
    let messages = failureMessages { MutantSwitch.$current.withValue(mutant) { Self.strongTest() } }
    #expect(messages.first?.contains("yellow") == true)
    Self.strongTest()  // and without the mutant the strong test passes
  }

  @Test func aPlainLoopNeverRunsTheMutant() throws {
    let mutant = try Self.retarget()
    MutantSwitch.$current.withValue(mutant) {
      let scheduler = TestScheduler()
      let loop = Loop(light, scheduler: scheduler)
      loop.send(.tick)
      scheduler.advance()
      #expect(loop.state == .green)
      let recorded = LoopRecorder(light, scheduler: TestScheduler(), exhaustivity: .off(), writesTrace: false)
      recorded.loop.send(.tick)
      recorded.scheduler.advance()
      #expect(recorded.state == .yellow)
      recorded.skipReceived()
      recorded.skipInFlightEffects()
    }
  }

  @Test func theEnvironmentHoldsTheAssignmentsJSONOrAFileOfIt() throws {
    let mutant = try Self.retarget()
    let assignment = MutantAssignment(byTest: ["M.Suite/strong()": mutant])
    let json = try assignment.json()
    #expect(MutantSwitch.read(json) == assignment)
    #expect(MutantSwitch.read(json)?.mutant(forTest: "M.Suite/strong()") == mutant)
    #expect(MutantSwitch.read(json)?.mutant(forTest: "M.Suite/weak()") == nil)
    #expect(MutantAssignment(everyTest: mutant).mutant(forTest: nil) == mutant)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("assignment-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(json.utf8).write(to: file)
    #expect(MutantSwitch.read(file.path) == assignment)
    #expect(MutantSwitch.read("not json") == nil)
    #expect(MutantSwitch.read("/no/such/file") == nil)
    #expect(MutantSwitch.read(nil) == nil)
  }

  @Test func aMutantOfAnotherSystemLeavesTheRecordedOneAlone() throws {
    var mutant = try Self.retarget()
    mutant.system = "Other"
    MutantSwitch.$current.withValue(mutant) { Self.strongTest() }
  }
}
