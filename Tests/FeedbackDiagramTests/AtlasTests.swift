import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

/// The atlas (issue #9, "Large machines"): an overview grouped by enum case with merged
/// edges, and a focus figure per state with exactly its transitions.
@Suite struct AtlasTests {
  /// idle, loading(page: 1), loading(page: 2), loaded(page: 1): four states, three cases.
  static let paging: SystemGraph = {
    let states = ["idle", "loaded(page: 1)", "loading(page: 1)", "loading(page: 2)"]
    let edges: [(String?, String, String, String?)] = [
      ("idle", "load", "loading(page: 1)", nil),  // t0
      ("loading(page: 1)", "didLoad", "loaded(page: 1)", "append"),  // t1
      ("loading(page: 2)", "didLoad", "loaded(page: 1)", "append"),  // t2
      ("loading(page: 2)", "didFail", "loaded(page: 1)", nil),  // t3
      ("loaded(page: 1)", "next", "loading(page: 2)", nil),  // t4
      ("loading(page: 1)", "next", "loading(page: 2)", nil),  // t5: inside "loading"
      ("loaded(page: 1)", "refresh", "loaded(page: 1)", nil),  // t6: a self-loop
      ("loaded(page: 1)", "edit", "loaded(page: 1)", "mark dirty"),  // t7: the same loop
      (nil, "reset", "idle", nil),  // t8: from any state
    ]
    return SystemGraph(
      name: "Paging", initial: "idle", states: states.map { StateNode(id: $0) },
      events: Set(edges.map(\.1)).sorted().map { EventNode(id: $0) },
      transitions: edges.enumerated().map { index, edge in
        TransitionEdge(id: TransitionID(index), from: edge.0, event: edge.1, to: [edge.2], label: edge.3)
      })
  }()

  @Test func statesAreGroupedByTheirEnumCase() {
    #expect(StateGroups.groupName(of: "loading(page: 3)") == "loading")
    #expect(StateGroups.groupName(of: "editing(field: .email)") == "editing")
    #expect(StateGroups.groupName(of: "state12") == "state")
    #expect(StateGroups.groupName(of: "42") == "42")  // nothing left: its own group
    let groups = Atlas(graph: Self.paging).groups.groups
    #expect(groups.map(\.name) == ["idle", "loaded", "loading"])
    #expect(groups.map(\.members) == [["idle"], ["loaded(page: 1)"], ["loading(page: 1)", "loading(page: 2)"]])
  }

  @Test func groupsPastTheLimitAreGatheredAndSaidSo() {
    let states = (0..<6).flatMap { group in
      (0..<(group + 1)).map { "case\(Character(UnicodeScalar(97 + group)!))(\($0))" }
    }
    let groups = StateGroups(states: states, limit: 3)
    #expect(groups.groups.map(\.name) == ["casee", "casef", StateGroups.otherName])  // the two largest stay
    #expect(groups.gathered == 4)
    #expect(groups.groups[2].members.count == 1 + 2 + 3 + 4)
    let graph = SystemGraph(
      name: "G", initial: states[0], states: states.map { StateNode(id: $0) }, events: [], transitions: [])
    #expect(Atlas(graph: graph, groupLimit: 3).notes == ["overview: 4 smallest groups gathered into \"other cases\""])
  }

  @Test func theOverviewMergesEdgesBetweenGroupsWithCounts() throws {
    let dot = Atlas(graph: Self.paging).overviewDOT
    let lines = dot.split(separator: "\n").map(String.init)
    // g0 idle, g1 loaded, g2 loading. loading → loaded: t1, t2, t3 merged into one edge.
    let merged = try #require(lines.first { $0.hasPrefix("  g2 -> g1 ") })
    #expect(merged.contains("label=\"3 transitions\\ndidLoad, didFail\""))
    #expect(lines.filter { $0.hasPrefix("  g2 -> g1 ") }.count == 1)
    #expect(lines.contains { $0.hasPrefix("  g0 -> g2 ") && $0.contains("label=\"1 transition\\nload\"") })
    #expect(lines.contains { $0.hasPrefix("  any -> g0 ") && $0.contains("style=dashed") })
    // Inside a group: counted on its node, no self-loop drawn.
    #expect(!lines.contains { $0.hasPrefix("  g1 -> g1 ") || $0.hasPrefix("  g2 -> g2 ") })
    #expect(
      dot.contains(
        "<font face=\"Helvetica-Bold\">loading</font><br/><font point-size=\"10.0\" color=\"#57606a\">2 states · 1 inside</font>"
      ))
    #expect(
      dot.contains(
        "<font face=\"Helvetica-Bold\">loaded</font><br/><font point-size=\"10.0\" color=\"#57606a\">1 state · 2 inside</font>"
      ))
    // The initial group is marked.
    #expect(lines.contains { $0.hasPrefix("  initial -> g0 ") })
    #expect(lines.contains { $0.hasPrefix("  g0 [") && $0.contains("penwidth=2") })
    #expect(dot.contains("4 states in 3 groups (by enum case or type), 9 transitions"))
    #expect(Atlas(graph: Self.paging).overviewDOT == dot)  // deterministic
  }

  @Test func aFocusFigureHasExactlyTheStatesTransitions() throws {
    let atlas = Atlas(graph: Self.paging)
    let dot = try #require(atlas.focusDOT(for: "loaded(page: 1)"))
    let edges = dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("initial_edge") }
    // In: t1, t2+t3 (merged, from loading(page: 2)). Out: t4, and t8 (from any state) leaves
    // it too. Staying: t6+t7 stacked on one loop. Not t0 or t5.
    let ids = edges.map { line in String(line.split(separator: "id=\"")[1].prefix { $0 != "\"" }) }
    #expect(ids.sorted() == ["edge_t1", "edge_t2-t3", "edge_t4", "edge_t6-t7", "edge_t8_here"])
    #expect(!dot.contains("edge_t0") && !dot.contains("edge_t5") && !dot.contains(" t0") && !dot.contains(" t5"))
    let loop = try #require(edges.first { $0.contains("edge_t6-t7") })
    #expect(loop.hasPrefix("  n0 -> n0 ") && loop.contains("label=\"refresh\\nedit / mark dirty\""))
    #expect(dot.contains("3 in · 2 out · 2 staying"))
    #expect(atlas.focusDOT(for: "nowhere") == nil)
  }

  @Test func neighboursLinkToTheirOwnFocusFigures() throws {
    let atlas = Atlas(graph: Self.paging)
    let index = atlas.index(systemStem: "Paging", image: "svg")
    let dot = try #require(atlas.focusDOT(for: "idle", links: index))
    #expect(
      dot.contains(
        "label=\"loading(page: 1)\", tooltip=\"loading(page: 1)\", URL=\"Paging.atlas.focus.loading_page_1.svg\""))
    #expect(
      index.focus.map(\.file) == [
        "Paging.atlas.focus.idle.svg", "Paging.atlas.focus.loaded_page_1.svg", "Paging.atlas.focus.loading_page_1.svg",
        "Paging.atlas.focus.loading_page_2.svg",
      ])
    #expect(index.overview == "Paging.atlas.svg" && index.page == "Paging.atlas.html")
  }

  @Test func hostileStateNamesGetDistinctSafeFileNames() {
    let long = String(repeating: "a", count: 300)
    let names = ["../x", "..", "/etc/passwd", "x", "X", "", long, long + "b", "a/b", "a_b", "é", ".hidden"]
    let graph = SystemGraph(
      name: "H", initial: "x", states: names.map { StateNode(id: $0) }, events: [], transitions: [])
    let files = Atlas(graph: graph).index(systemStem: "H", image: "svg").focus.map(\.file)
    #expect(files.count == names.count)
    #expect(Set(files.map { $0.lowercased() }).count == names.count)  // distinct, also ignoring case
    for file in files {
      #expect(!file.contains("/") && !file.hasPrefix(".") && !file.contains(".."), "\(file)")
      #expect(file.count <= "H.atlas.focus.".count + FileStems.maximumLength + ".svg".count, "\(file)")
    }
    #expect(
      files[0] == "H.atlas.focus.x.svg" && files[3] == "H.atlas.focus.x-2.svg" && files[4] == "H.atlas.focus.X-3.svg")
    #expect(
      files[1] == "H.atlas.focus.state.svg" && files[5] == "H.atlas.focus.state-2.svg"
        && files[10] == "H.atlas.focus.state-3.svg")
    #expect(
      files[8] == "H.atlas.focus.a_b.svg" && files[9] == "H.atlas.focus.a_b-2.svg"
        && files[11] == "H.atlas.focus.hidden.svg")
    #expect(files[6] != files[7] && files[6].hasPrefix("H.atlas.focus." + String(repeating: "a", count: 55) + "-"))
  }

  @Test func thePageListsEveryFigureEscaped() {
    let graph = SystemGraph(
      name: "<Evil & \"Co\">", initial: "<b>", states: [StateNode(id: "<b>"), StateNode(id: "a'b")], events: [],
      transitions: [])
    let page = Atlas.page(Atlas(graph: graph).index(systemStem: "Evil_Co", image: "png"))
    #expect(page.contains("<h1>&lt;Evil &amp; &quot;Co&quot;&gt; — atlas</h1>"))
    #expect(page.contains("<li><a href=\"Evil_Co.atlas.focus.b.png\">&lt;b&gt;</a></li>"))
    #expect(page.contains("<li><a href=\"Evil_Co.atlas.focus.a_b.png\">a&#39;b</a></li>"))
    #expect(page.contains("<img src=\"Evil_Co.atlas.png\""))
    #expect(page.contains("<h3>&lt;b&gt; (1)</h3>") && page.contains("<h3>a&#39;b (1)</h3>"))  // grouped by case
    #expect(!page.contains("<b>"))
  }

  @Test func anAtlasPastTheLimitIsOneLineNamingTheCount() {
    let names = (0...Atlas.maximumStates).map { "s\($0)" }
    let graph = SystemGraph(
      name: "Huge", initial: "s0", states: names.map { StateNode(id: $0) }, events: [], transitions: [])
    #expect(throws: DiagramError.tooLarge(what: #"the atlas of "Huge""#, count: 5_001, limit: 5_000)) {
      try Atlas(graph: graph).files(systemStem: "Huge", formats: [.svg])
    }
    #expect(
      DiagramError.tooLarge(what: #"the atlas of "Huge""#, count: 5_001, limit: 5_000).description
        == #"the atlas of "Huge" has 5001 states; at most 5000 are drawn (one figure each)"#)
  }

  @Test func anAtlasChecksItsThemeBeforeGraphvizSeesIt() {
    var theme = Theme.light
    theme.background = "#fff\"; label=\"x"
    #expect {
      try Atlas(
        graph: SystemGraph(name: "T", initial: "a", states: [StateNode(id: "a")], events: [], transitions: []),
        theme: theme
      ).files(systemStem: "T", formats: [.svg])
    } throws: { error in
      "\(error)".hasPrefix("theme ") && "\(error)".contains("background")
    }
  }

  /// Seeded state names from all of Unicode (NameRoundTripTests' generator) become focus
  /// file names that stay in the folder, are distinct ignoring case, and are the same on
  /// every run.
  @Test func seededStateNamesGetSafeDistinctDeterministicFileNames() {
    var random = SplitMix64(seed: 77)
    let names = Array(Set((0..<300).map { _ in NameRoundTripTests.name(&random) }))
    let files = FileStems.distinct(names)
    #expect(files == FileStems.distinct(names))
    #expect(Set(files.map { $0.lowercased() }).count == names.count)
    for file in files {
      #expect(
        !file.isEmpty
          && file.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "-" || $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
          },
        "\(file)")
      #expect(!file.hasPrefix(".") && !file.hasPrefix("-"), "\(file)")
      #expect(file.count <= FileStems.maximumLength + 4, "\(file)")  // a -N suffix at most
    }
  }
}
