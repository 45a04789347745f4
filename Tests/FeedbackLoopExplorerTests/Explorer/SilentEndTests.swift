import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// `effectsMayEndSilently(_:)`: a running effect may also end without an event, and the
/// explorer follows that move (a `.task` returning `nil` or throwing, a `.run` ending).
@Suite struct SilentEndTests {
  static let uploading = Uploader.State.uploading(Uploader.Attempt(file: "cat.jpg", number: 1))

  @Test func anUploadThatEndsWithoutAnEventLeavesTheUploaderStuck() throws {
    let exploration = ExampleExplorers.uploader.effectsMayEndSilently("upload").run()
    let stuck = try #require(exploration.findings.first { $0.kind == .stuck })
    let path = try #require(stuck.path)
    #expect(path.steps.map(\.kind) == [.event, .effectFinished])
    #expect(path.steps.map(\.event) == [.pick("cat.jpg"), nil])
    #expect(path.steps.last?.feedback?.name == "upload")
    #expect(path.final == Self.uploading)
    #expect(path.events == [.pick("cat.jpg")])
    #expect(
      stuck.message
        == #"Stuck after 2 events: .pick("cat.jpg"), upload's effect ends without an event: no effect is in flight in uploading(FeedbackLoopExamples.Uploader.Attempt(file: "cat.jpg", number: 1)), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:)) (2 more stuck states)."#
    )
    // The end is a move of its own: the replay reproduces the finding with it, not without.
    let explorer = ExampleExplorers.uploader.effectsMayEndSilently("upload")
    #expect(explorer.replay([.send(.pick("cat.jpg")), .ended(by: "upload")]).findings.map(\.kind) == [.stuck])
    #expect(explorer.replay([.send(.pick("cat.jpg"))]).findings.isEmpty)
  }

  /// The "Exploring" article's snippet, verbatim.
  @Test func theArticlesSnippetFindsTheStuckUpload() {
    let exploration = ExampleExplorers.uploader.effectsMayEndSilently("upload").run()
    let message = exploration.findings.first?.message
    // Stuck after 2 events: .pick("cat.jpg"), upload's effect ends without an event: …
    #expect(
      message?.hasPrefix(#"Stuck after 2 events: .pick("cat.jpg"), upload's effect ends without an event: "#) == true)
  }

  @Test func offByDefaultNoEffectEndsSilently() {
    let exploration = ExampleExplorers.uploader.run()
    #expect(exploration.findings.isEmpty)
    let replay = ExampleExplorers.uploader.replay([.send(.pick("cat.jpg")), .ended(by: "upload")])
    #expect(
      replay.divergence
        == #"move 2, the end of upload's effect, cannot be replayed in uploading(FeedbackLoopExamples.Uploader.Attempt(file: "cat.jpg", number: 1)): the explorer does not let upload's effects end silently (effectsMayEndSilently)."#
    )
  }

  @Test func endingMovesComeLastSoTheOtherChoicesKeepTheirIndices() {
    // Choices in uploading: pick, dismiss (outside), upload's succeeded and failed, then
    // (with the option) the end of upload's effect.
    for explorer in [ExampleExplorers.uploader, ExampleExplorers.uploader.effectsMayEndSilently()] {
      let replay = explorer.replay([.send(.pick("cat.jpg")), .choice(2)])
      #expect(replay.divergence == nil)
      #expect(replay.path.steps.last?.event == .succeeded)
      #expect(replay.path.final == .done(file: "cat.jpg"))
    }
    let ended = ExampleExplorers.uploader.effectsMayEndSilently().replay([.send(.pick("cat.jpg")), .choice(4)])
    #expect(ended.path.steps.last?.kind == .effectFinished)
  }

  @Test func aStreamMayEndToo() throws {
    // The traffic light's timer is a `.run` that ticks on: once it ends, nothing moves the light.
    let exploration = ExampleExplorers.trafficLight.effectsMayEndSilently("timer").run()
    let stuck = try #require(exploration.findings.first { $0.kind == .stuck })
    #expect(stuck.path?.steps.last?.kind == .effectFinished)
    #expect(stuck.path?.steps.last?.feedback?.name == "timer")
    #expect(ExampleExplorers.trafficLight.run().findings.isEmpty)
  }

  @Test func anUnknownFeedbackNameIsReported() {
    let exploration = ExampleExplorers.uploader.effectsMayEndSilently("uplod").run()
    #expect(
      exploration.report.contains(
        #"Not explored: effectsMayEndSilently names "uplod", but the system has no feedback of that name."#))
    #expect(exploration.findings.isEmpty)
  }

  @Test func theReachableGraphDrawsNoEdgeForAnEnd() {
    // Ending leaves the state as it is: the same states and edges as without the option.
    let graph = ExampleExplorers.uploader.effectsMayEndSilently().run().reachableGraph()
    #expect(graph.transitions.count == ExampleExplorers.uploader.run().reachableGraph().transitions.count)
  }
}
