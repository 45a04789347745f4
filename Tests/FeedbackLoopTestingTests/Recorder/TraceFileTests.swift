import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// What a recorder writes when asked for a trace: a header that knows where it comes from,
/// one step per line in the shared vocabulary, encoded values for replay.
@Suite struct TraceFileTests {
  enum Door: String, Codable, Hashable, Sendable { case closed, open }
  enum Push: String, Codable, Hashable, Sendable { case push }

  static let door = System<Door, Push>("Door", initial: .closed) {
    Transitions {
      Transition(from: .closed, on: .push, to: .open)
      Transition(from: .open, on: .push, to: .closed)
    }
  }

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("feedbackloop-traces-\(UUID().uuidString)")
  }

  @Test func aPassingRecordingWritesItsHeaderAndEncodedSteps() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let loop = LoopRecorder(Self.door, traceDirectory: directory, testName: "pushTwice()")
      loop.send(.push) { $0 = .open }
      loop.send(.push) { $0 = .closed }
    }
    let url = directory.appendingPathComponent("Door-TraceFileTests-pushTwice.jsonl")
    let trace = try Trace.decodeJSONLines(Data(contentsOf: url), source: url.path)
    #expect(trace.header.system == "Door")
    #expect(trace.header.test == "pushTwice()")
    #expect(trace.header.outcome == .passed)
    #expect(trace.header.fingerprint == Self.door.graph.fingerprint)
    #expect(trace.header.encodesEvents && trace.header.encodesStates)
    #expect(trace.steps.map(\.kind) == [.initial, .event, .event, .stopped])
    let second = trace.steps[2]
    #expect(second.transition == 1)
    #expect(second.feedback == nil && second.isExternal)
    #expect((second.beforeNode, second.afterNode, second.eventNode) == ("open", "closed", "push"))
    #expect(second.eventJSON == #""push""#)
    #expect(second.stateJSON == #""closed""#)
    #expect(Self.door.graph.describe(second.transition!) == "open —push→ closed")
  }

  @Test func aFailureNamesItsTraceFileAndTheCommandThatDrawsIt() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("Door-TraceFileTests-wrongState.jsonl")
    let messages = failureMessages {
      let loop = LoopRecorder(Self.door, traceDirectory: directory, testName: "wrongState()")
      loop.send(.push) { $0 = .closed }
    }
    #expect(messages.count == 1)
    // The viewer page `diagram trace` writes into Diagrams/ of the package, opened at the
    // failing step; the command is the package's own (this one's: `diagram`), run there.
    let page = packageRoot.appendingPathComponent("Diagrams/Door.wrongState.trace.html").absoluteString
    let here = FileManager.default.currentDirectoryPath == packageRoot.path ? "" : "cd \(packageRoot.path) && "
    #expect(
      messages.first?.hasSuffix(
        "\n\nTrace: \(url.path)\nDraw it: \(here)swift run diagram trace \(url.path)"
          + "\nStep through it: \(page)#step=1 (once drawn)") == true)
    let trace = try Trace.decodeJSONLines(Data(contentsOf: url))
    #expect(trace.header.outcome.status == .failed)
    #expect(trace.header.outcome.failingStep == 1)
    #expect(trace.header.outcome.message == messages.first)
  }

  @Test func theDrawCommandQuotesAPathWithSpaces() throws {
    let directory = Self.temporaryDirectory().appendingPathComponent("it's here")
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let messages = failureMessages {
      let loop = LoopRecorder(Self.door, traceDirectory: directory, testName: "quoted()")
      loop.send(.push) { $0 = .closed }
    }
    let path = directory.appendingPathComponent("Door-TraceFileTests-quoted.jsonl").path
    let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    #expect(messages.first?.contains("swift run diagram trace \(quoted)\n") == true)
    #expect(quoted.hasSuffix(#"/it'\''s here/Door-TraceFileTests-quoted.jsonl'"#))
  }

  @Test func theFailingStepOfAnUnassertedEventIsMarked() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = failureMessages {
      let loop = LoopRecorder(light, traceDirectory: directory, testName: "unasserted()")
      loop.scheduler.advance(by: .seconds(30))
      loop.skipInFlightEffects()
    }
    let url = directory.appendingPathComponent("Light-TraceFileTests-unasserted.jsonl")
    let trace = try Trace.decodeJSONLines(Data(contentsOf: url))
    #expect(trace.header.outcome.failingStep == 4)
    #expect(trace.steps[4].kind == .event)
  }

  @Test func twoRecordingsOfOneTestDoNotOverwriteEachOther() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for _ in 0..<2 {
      let loop = LoopRecorder(Self.door, traceDirectory: directory, testName: "twice()")
      loop.send(.push) { $0 = .open }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["Door-TraceFileTests-twice-2.jsonl", "Door-TraceFileTests-twice.jsonl"])
  }

  @Test func hostileTestNamesStayInsideTheDirectory() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let loop = LoopRecorder(Self.door, traceDirectory: directory, testName: "../../etc/passwd\n")
      loop.send(.push) { $0 = .open }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["Door-TraceFileTests-_etc_passwd.jsonl"])
  }

  @Test func valuesThatAreNotCodableStayReadableOnly() throws {
    let loop = LoopRecorder(light)
    loop.send(.emergency)  // red stays red
    loop.skipInFlightEffects()
    let trace = loop.trace
    #expect(!trace.header.encodesEvents && !trace.header.encodesStates)
    #expect(trace.steps[2].event == "emergency" && trace.steps[2].eventJSON == nil)
    #expect(trace.steps[2].after == "red" && trace.steps[2].stateJSON == nil)
  }
}
