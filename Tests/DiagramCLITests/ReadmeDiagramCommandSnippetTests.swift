// The "Your own diagram command" article's snippet (DiagramCLI), verbatim but for its two lines that
// cannot compile in a test target, stood in for by `// README:` comments:
// `import MyFeature` (the reader's module; `checkout` and `onboarding` below stand in for
// its systems) and `@main` (a test target has no entry point: the type is compiled, and
// called below, as any DiagramCommand is). Checked by
// Tests/FeedbackLoopTestingTests/Readme/ReadmeMirrorCheckTests.swift.
import FeedbackLoopExamples
import Testing

// Sources/my-diagrams/Diagrams.swift: an executable target that depends on "DiagramCLI"
// and on your feature's target. Not named `diagram` (FeedbackLoop's own command is, and
// target names are unique in a package graph); not main.swift (it has an @main type).
import DiagramCLI
import FeedbackGraph  // SystemGraph
import FeedbackLoop  // System.graph
// README: import MyFeature  // your systems: checkout, onboarding

// README: @main
struct Diagrams: DiagramCommand {
  static var systems: [SystemGraph] { [checkout.graph, onboarding.graph] }
}

/// Stand-ins for the reader's systems.
private let checkout = TrafficLight.system
private let onboarding = SignIn.system()

@Test func aPackagesOwnDiagramCommandListsItsSystems() {
  #expect(Diagrams.systems.map(\.name) == ["TrafficLight", "SignIn"])
  #expect(Diagrams.explorations.isEmpty)
}
