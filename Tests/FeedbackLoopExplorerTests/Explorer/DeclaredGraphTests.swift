import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// The declared graph marks the states an explorer declares final or waiting (issue #34), as
/// its reachable graph does, so that the state figure and the report page agree; the marks do
/// not move the graph's fingerprint.
@Suite struct DeclaredGraphTests {
  @Test func signInsFinalAndWaitingStatesAreMarked() {
    let graph = ExampleExplorers.signIn.run().declaredGraph()
    #expect(graph.states.filter(\.isFinal).map(\.id) == ["signedIn"])
    #expect(graph.states.filter(\.isWaiting).map(\.id) == ["editing", "failed"])
    #expect(graph.fingerprint == SignIn.system().graph.fingerprint)
    #expect(SignIn.system().graph.states.allSatisfy { !$0.isFinal && !$0.isWaiting })
  }

  @Test func theReachableGraphMarksTheSameStates() {
    let exploration = ExampleExplorers.signIn.run()
    let reachable = exploration.reachableGraph()
    #expect(reachable.states.contains { $0.isWaiting && $0.id.hasPrefix("editing(") })
    #expect(reachable.states.filter(\.isFinal).allSatisfy { $0.id.hasPrefix("signedIn(") })
    #expect(
      reachable.states.filter(\.isWaiting).allSatisfy { $0.id.hasPrefix("editing(") || $0.id.hasPrefix("failed(") })
  }

  /// A counter that waits only at 0: its one node (`State`) stands for values that do not
  /// wait too (-4 to 4), so it is left unmarked; waiting at every value marks it.
  @Test func aStateOnlySomeOfWhoseValuesWaitIsNotMarked() {
    let someValues = ExampleExplorers.counter.waits { $0.value == 0 }.run().declaredGraph()
    #expect(someValues.states.map(\.id) == ["State"])
    #expect(someValues.states.allSatisfy { !$0.isWaiting && !$0.isFinal })
    let everyValue = ExampleExplorers.counter.waits { _ in true }.run().declaredGraph()
    #expect(everyValue.states.allSatisfy { $0.isWaiting })
  }

  @Test func theMarksRoundTripThroughJSONAndOnlyWhenTrue() throws {
    let graph = ExampleExplorers.uploader.run().declaredGraph()
    #expect(graph.states.filter(\.isWaiting).map(\.id) == ["done", "failed", "idle"])
    let json = try #require(String(data: try graph.jsonData(), encoding: .utf8))
    #expect(json.components(separatedBy: "\"isWaiting\"").count - 1 == 3)
    #expect(try SystemGraph.decode(graph.jsonData()) == graph)
  }

  /// The doc comment's catalog: a diagram executable lists the marked graph.
  enum Catalog {
    static var systems: [SystemGraph] { [ExampleExplorers.signIn.run().declaredGraph()] }
  }

  @Test func aCatalogListsTheMarkedGraph() {
    #expect(Catalog.systems.first?.state("signedIn")?.isFinal == true)
  }
}
