import FeedbackGraph
import Foundation
import Testing

/// Issue #19, item 4: every trace header says who wrote it; headers from before that field
/// existed are read by a documented rule.
@Suite struct TraceOriginTests {
  static let graph = SystemGraph(name: "Door", initial: "locked", states: [], events: [], transitions: [])

  @Test func aNewHeaderSaysWhoWroteIt() {
    #expect(TraceHeader(graph: Self.graph, test: "opens()").origin == .test)
    #expect(TraceHeader(graph: Self.graph).origin == .app)
    #expect(
      TraceHeader(graph: Self.graph, test: "explorer: covering path 1", origin: .explorer).recordedBy == .explorer)
  }

  @Test func anOldHeaderWithoutTheFieldCountsAsATestsWhenItNamesATestOtherThanTheExplorer() throws {
    func recordedBy(test: String?) throws -> TraceOrigin {
      var header = TraceHeader(graph: Self.graph, test: test)
      header.origin = nil
      let json = try JSONEncoder().encode(header)
      #expect(!String(decoding: json, as: UTF8.self).contains("origin"))
      return try JSONDecoder().decode(TraceHeader.self, from: json).recordedBy
    }
    #expect(try recordedBy(test: "opens()") == .test)
    #expect(try recordedBy(test: "explorer: invariant-violated") == .explorer)
    #expect(try recordedBy(test: nil) == .app)
  }
}
