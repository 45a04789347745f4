import FeedbackLoopExamples
import FeedbackLoopTesting
import XCTest

/// Volume through XCTest: users have both runners.
final class VolumeTests: XCTestCase {
  func testTwoFeedbacksDriveTheVolumeUpToTheTargetAndStop() {
    let loop = LoopRecorder(Volume.system(initial: 10, target: 13))
    // The sync feedbacks emit at once: all three increases are already reduced.
    loop.receive(.type(Volume.Increase.self), from: "raise") { $0.value = 11 }
    loop.receive(.type(Volume.Increase.self), from: "raise") { $0.value = 12 }
    loop.receive(.type(Volume.Increase.self), from: "raise") { $0.value = 13 }
    XCTAssertEqual(loop.state.value, 13)
  }

  func testDrivesTheVolumeDownFromAbove() {
    let loop = LoopRecorder(Volume.system(initial: 17, target: 15))
    loop.receive(.type(Volume.Decrease.self), from: "lower") { $0.value = 16 }
    loop.receive(.type(Volume.Decrease.self), from: "lower") { $0.value = 15 }
    XCTAssertEqual(loop.state, Volume.State(value: 15))
  }

  func testTheGraphMatchesTheSeedFigure() {
    let graph = Volume.system().graph
    XCTAssertEqual(graph.states.map(\.id), ["State"])
    XCTAssertEqual(graph.states.first?.fields, ["value: Int"])
    XCTAssertEqual(graph.transitions.map(\.label), ["value + 1", "value - 1"])
    XCTAssertEqual(graph.transitions.map(\.event), ["Increase", "Decrease"])
  }
}
