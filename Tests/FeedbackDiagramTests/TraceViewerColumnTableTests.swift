import Testing

@testable import FeedbackDiagram

/// The named columns a trace viewer page embeds (``TraceViewerColumns``, ``ColumnTable``):
/// every column by its name, a run of nones as `-n`, trailing nones left out.
@Suite struct TraceViewerColumnTableTests {
  @Test func aTableIsWrittenAsNamedColumns() {
    var table = ColumnTable<TraceViewerColumns.Span>()
    table.append([.offset: 0, .name: 3])
    table.append([.name: 4])
    var out = ScriptJSON()
    table.write(into: &out)
    #expect(out.text == #"{"offset":[0,0],"name":[3,4]}"#)
  }

  @Test func repeatsAreRunsAndTrailingNonesAreLeftOut() {
    var table = ColumnTable<TraceViewerColumns.Step>()
    table.append([.time: 1, .kind: 2, .node: 12, .event: 5])
    table.append([.time: 1, .kind: 3, .node: 12])
    table.append([.time: 2, .kind: 3, .node: 12])
    table.append([.time: 2, .kind: 2, .node: 13, .event: 6])
    table.append([.time: 2, .kind: 3, .node: 13])
    var out = ScriptJSON()
    table.write(into: &out, runs: true)
    // -n: n more of the previous value; -1 only where it is shorter than the value (12).
    #expect(out.text.hasPrefix(#"{"time":[1,1,2,-2],"kind":[2,3,3,2,3],"before":[],"#))
    #expect(out.text.contains(#""node":[12,-2,13,-1]"#))
    #expect(out.text.contains(#""event":[5,0,0,6]}"#) || out.text.contains(#""event":[5,0,0,6],"#))
    #expect(TraceViewerColumns.Step.allCases.allSatisfy { out.text.contains("\"\($0.rawValue)\":[") })
  }
}
