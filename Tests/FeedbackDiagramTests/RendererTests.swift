import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing
import FeedbackLoopSupport

@Suite struct RendererTests {
  @Test(arguments: ExampleCatalog.graphs.map(\.name))
  func svgShowsEveryStateAndEvent(name: String) throws {
    let graph = try #require(ExampleCatalog.graphs.first { $0.name == name })
    let svg = String(decoding: try Diagram.render(graph, figure: .states, as: .svg), as: UTF8.self)
    for state in graph.states { #expect(svg.contains(">\(state.id)<"), "state \(state.id)") }
    for event in graph.events { #expect(svg.contains(event.id), "event \(event.id)") }
    #expect(svg.contains("id=\"edge_t0"))  // ids survive into SVG
    #expect(svg.contains("class=\"edge transition"))
  }

  @Test func pngHasTheSignatureAndASensibleSize() throws {
    let png = try Diagram.render(TrafficLight.system.graph, figure: .states, as: .png)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect((5_000...2_000_000).contains(png.count))
    let pdf = try Diagram.render(TrafficLight.system.graph, figure: .loop, as: .pdf)
    #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
  }

  @Test func malformedDOTFailsWithGraphvizsMessageAndTheNextRenderWorks() throws {
    #expect {
      try GraphvizRenderer.shared.render(dot: "digraph { a -> }", format: "svg")
    } throws: { error in
      guard case DiagramError.graphviz(let message) = error else { return false }
      return message.contains("syntax error")
    }
    let svg = try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg")
    #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
  }

  @Test func anUnknownLayoutPluginSaysHowToFixIt() throws {
    // The same path as a missing plugin configuration: Graphviz answers "not recognized".
    #expect {
      try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg", engine: "nosuchlayout")
    } throws: { error in
      guard case DiagramError.pluginsMissing(let message) = error else { return false }
      return message.contains("nosuchlayout") && "\(error)".contains("run `dot -c` as root")
    }
    #expect(try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg").count > 100)
  }

  @Test func hostileNamesRenderWithExactlyTheExpectedNodes() throws {
    // 1,000 names from characters that break naive DOT writers, seeded for repeatability.
    // (Control characters are refused before rendering: NameRoundTripTests.)
    let alphabet =
      Array("\"\\<>&{}[];:=,'`|/#%ÄéŝЖ中文🙂 -_.0aZ")
      + ["<br/>", "&amp;", "\\n", "\\\"", "</b>", "-->"].flatMap { Array($0) }
    var random = SplitMix64(seed: 7)
    var names: Set<String> = []
    while names.count < 1_000 {
      let length = Int(random.next() % 12) + 1
      names.insert(String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
    }
    let sorted = names.sorted()
    // 20 graphs of 50 states each, a chain of transitions named after the states.
    for chunk in stride(from: 0, to: sorted.count, by: 50) {
      let ids = Array(sorted[chunk..<min(chunk + 50, sorted.count)])
      let graph = SystemGraph(
        name: ids[0], initial: ids[0],
        states: ids.map { StateNode(id: $0, fields: [$0]) },
        events: ids.map { EventNode(id: $0) },
        transitions: zip(ids, ids.dropFirst()).enumerated().map { offset, pair in
          TransitionEdge(
            id: TransitionID(offset), from: pair.0, event: pair.1, to: [pair.1], label: pair.0, guardDescription: pair.1
          )
        })
      let svg = String(decoding: try Diagram.render(graph, figure: .states, as: .svg), as: UTF8.self)
      let nodes = svg.components(separatedBy: "class=\"node state\"").count - 1
      #expect(nodes == ids.count, "graph starting at \(ids[0].debugDescription)")
    }
  }

  @Test func largeMachinesUseTheFastDefaults() {
    let names = (0..<200).map { "s\($0)" }
    let graph = SystemGraph(
      name: "Large", initial: "s0", states: names.map { StateNode(id: $0) }, events: [EventNode(id: "e")],
      transitions: (0..<600).map {
        TransitionEdge(id: TransitionID($0), from: names[$0 % 200], event: "e", to: [names[($0 * 7 + 1) % 200]])
      })
    let dot = Diagram.dot(graph, figure: .states)
    #expect(dot.contains("splines=false, nslimit=1, nslimit1=1, mclimit=0.1, remincross=false"))
    #expect(dot.contains("xlabel="))
    #expect(!dot.contains(" label=\"e\""))
    // The legend stays (it is the graph's label, no layout cost) and says what was given up.
    #expect(dot.contains("fast layout: 200 edges &gt; 80 (labels placed after layout, straight edges)"))
    let small = Diagram.dot(TrafficLight.system.graph, figure: .states)
    #expect(
      !small.contains("xlabel=") && small.contains("<table id=\"legend_table\"") && !small.contains("fast layout"))
  }
}
