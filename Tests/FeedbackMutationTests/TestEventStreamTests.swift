import Foundation
import Testing

@testable import FeedbackMutation

/// What the runner reads from a Swift Testing event stream: a failing issue fails the test
/// it names, a known issue or a warning does not, a test that started and never ended timed
/// out or crashed, a test that never started did not run.
@Suite struct TestEventStreamTests {
  static let stream = TestEventStream(
    data: Data(
      #"""
      {"kind":"test","payload":{"id":"M.S/a()/S.swift:3:4","kind":"function","name":"a()"},"version":0}
      {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/a()/S.swift:3:4","messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/a()/S.swift:3:4","issue":{"isKnown":false},"messages":[{"symbol":"fail","text":"State mismatch after send(bump)\nmore"}]},"version":0}
      {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/a()/S.swift:3:4","messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/b()/S.swift:9:4","messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/b()/S.swift:9:4","issue":{"isKnown":true},"messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"issueRecorded","testID":"M.S/b()/S.swift:9:4","issue":{"isKnown":false,"severity":"warning"},"messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/b()/S.swift:9:4","messages":[]},"version":0}
      {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/c()/S.swift:12:4","messages":[]},"version":0}
      not json
      """#.utf8))

  @Test func eachTestsOutcomeComesFromItsEvents() {
    #expect(Self.stream.outcome(of: ["M.S/a()"], timedOut: false) == .failed("State mismatch after send(bump)"))
    #expect(Self.stream.outcome(of: ["M.S/b()"], timedOut: false) == .passed)
    #expect(Self.stream.outcome(of: ["M.S/c()"], timedOut: true) == .timedOut)
    #expect(
      Self.stream.outcome(of: ["M.S/c()"], timedOut: false)
        == .failed("the test process ended during the test (a crash)"))
    #expect(Self.stream.outcome(of: ["M.S/d()"], timedOut: false) == .notRun)
    // A prefix of another test's name is not that test.
    #expect(Self.stream.outcome(of: ["M.S/a"], timedOut: false) == .notRun)
  }
}
