import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

@testable import FeedbackLoopInspector

/// A rotating writer's files are one session; a restarted app's file is the next one.
@Suite struct WriterFileNameTests {
  enum Tick: Hashable, Sendable { case up }

  @Test func theWritersNamesReadBack() throws {
    let date = Date(timeIntervalSince1970: 1_795_000_000)
    for system in ["Counter", "My-App", "a-1-2"] {
      let name = TraceWriterFiles.fileName(system: system, date: date, processID: 4242, sequence: 17)
      let read = try #require(WriterFileName(name), "\(name)")
      #expect(read.system == system)
      #expect(read.processID == "4242")
      #expect(read.sequence == 17)
    }
  }

  @Test(arguments: [
    "Light-1.jsonl", "Light-20261127-101500-42-1.json", "Light-2026112-101500-42-1.jsonl",
    "Light-20261127-10150-42-1.jsonl", "Light-20261127-101500--1.jsonl", "Light-20261127-101500-42-x.jsonl",
    "20261127-101500-42-1.jsonl",
  ])
  func otherNamesAreNoWritersName(name: String) {
    #expect(WriterFileName(name) == nil)
  }

  @Test func oneWritersFilesAreReadInTheOrderItWroteThem() {
    let names = [
      "L-20261127-101500-42-10.jsonl", "L-20261127-101500-42-9.jsonl", "A.jsonl", "L-20261127-101500-42-1a.jsonl",
    ]
    #expect(names.sorted(by: WriterFileName.readingOrder) == [names[2], names[1], names[0], names[3]])
  }

  /// The belief a user holds: a `.rotatingFiles` writer's files show as one session, every
  /// step in order, however the polls fall between its writes.
  @Test func aRotatingWritersFilesAreOneSession() throws {
    let folder = try TraceFolder()
    let system = System<Int, Tick>("Counter", initial: 0) {
      Transitions { Transition(from: .any, on: .up) { state, _ in state + 1 } }
    }
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: folder.url,
      policy: .rotatingFiles(stepsPerFile: 3, keep: 100))
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    var loops = LiveLoops(folder: folder.url)
    for event in 1...20 {
      loop.send(.up)
      writer.flush()
      if event % 4 == 0 { loops.poll() }
    }
    loops.poll()
    #expect(writer.status.files.count == 7)
    #expect(loops.loops.count == 1)
    let counter = try #require(loops.loops.first)
    #expect(counter.session == 1, "a rotation began a new session")
    #expect(counter.steps.map(\.index) == Array(0...20))
    #expect(counter.file == writer.status.files.last?.lastPathComponent)
    #expect(loops.ignoredSteps == 0)
  }

  @Test func anotherProcesssFileIsTheNextSession() throws {
    let folder = try TraceFolder()
    try folder.create("Light-20261127-101500-42-1.jsonl", try TraceFolder.trace(0..<3))
    var loops = LiveLoops(folder: folder.url)
    loops.poll()
    try folder.create("Light-20261127-101509-43-2.jsonl", try TraceFolder.trace(0..<2))  // restarted
    loops.poll()
    #expect(loops.loops.map(\.session) == [2])
    #expect(loops.loops.first?.steps.map(\.index) == [0, 1])
  }
}
