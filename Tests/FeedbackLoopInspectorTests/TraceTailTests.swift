import FeedbackGraph
import Foundation
import Testing

@testable import FeedbackLoopInspector

@Suite struct TraceTailTests {
  @Test func readsOnlyWhatWasAddedSinceTheLastRead() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<2))
    var tail = TraceTail(path: folder.path("a.jsonl"))
    let first = tail.read()
    #expect(first.header?.system == "TrafficLight")
    #expect(first.steps.map(\.index) == [0, 1])
    #expect(first.problems.isEmpty)
    // Bytes already read are not read again: spoiled in place, they go unnoticed.
    let headerLength = try TraceFolder.headerLine().utf8.count + 1
    try folder.overwrite("a.jsonl", at: UInt64(headerLength), "{garbage")
    try folder.append("a.jsonl", try TraceFolder.stepLine(2) + "\n")
    let second = tail.read()
    #expect(second.steps.map(\.index) == [2])
    #expect(second.problems.isEmpty)
    #expect(second.header == nil)
    #expect(!second.newSession)
    let size = try FileManager.default.attributesOfItem(atPath: folder.path("a.jsonl"))[.size] as? Int
    #expect(tail.offset == UInt64(size ?? -1))
    let read1 = tail.read()
    #expect(read1 == TraceTail.Update())
  }

  @Test func holdsALineUntilItsNewlineArrives() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<1))
    var tail = TraceTail(path: folder.path("a.jsonl"))
    _ = tail.read()
    let line = try TraceFolder.stepLine(1)
    let cut = line.index(line.startIndex, offsetBy: line.count / 2)
    try folder.append("a.jsonl", String(line[..<cut]))
    let half = tail.read()
    #expect(half.steps.isEmpty)
    #expect(half.problems.isEmpty)
    try folder.append("a.jsonl", String(line[cut...]) + "\n")
    let read2 = tail.read()
    #expect(read2.steps.map(\.index) == [1])
  }

  @Test func aReplacedFileStartsANewSession() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<3))
    var tail = TraceTail(path: folder.path("a.jsonl"))
    _ = tail.read()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<5))  // another inode, larger
    let update = tail.read()
    #expect(update.newSession)
    #expect(update.header?.system == "TrafficLight")
    #expect(update.steps.map(\.index) == [0, 1, 2, 3, 4])
  }

  @Test func aShortenedFileStartsANewSession() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<5))
    var tail = TraceTail(path: folder.path("a.jsonl"))
    _ = tail.read()
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("a.jsonl")))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(try TraceFolder.trace(7..<8).utf8))  // same inode, shorter
    try handle.close()
    let update = tail.read()
    #expect(update.newSession)
    #expect(update.steps.map(\.index) == [7])
  }

  /// Each hostile line gets the message `diagram trace` gives it (TraceReader over the same
  /// bytes), and the lines after it are still read.
  @Test(arguments: [
    "{not json",
    #"{"index":1,"timeNanoseconds":0,"kind":"teleported"}"#,
    #"{"index":1,"timeNanoseconds":0,"kind":"event","eventNode":"red\u001b[31m"}"#,
    #"{"index":1,"timeNanoseconds":0,"kind":"event","fromNode":"a\u0000b"}"#,
    #"[1,2,3]"#,
  ])
  func aHostileLineGetsTheMessageOfDiagramTraceAndTheTailGoesOn(line: String) throws {
    let folder = try TraceFolder()
    let text = try TraceFolder.headerLine() + "\n" + line + "\n" + TraceFolder.stepLine(2) + "\n"
    try folder.create("a.jsonl", text)
    var reader = try TraceReader(contentsOf: URL(fileURLWithPath: folder.path("a.jsonl")))
    _ = try reader.header()
    let expected = #expect(throws: GraphDecodingError.self) { _ = try reader.next() }
    var tail = TraceTail(path: folder.path("a.jsonl"))
    let update = tail.read()
    #expect(update.problems == [expected?.description ?? "?"])
    #expect(update.problems.first?.hasPrefix(folder.path("a.jsonl") + ":2: ") == true)
    #expect(update.steps.map(\.index) == [2])
  }

  @Test func aHugeLineIsReportedAndSkippedUpToItsNewline() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", try TraceFolder.trace(0..<1))
    var tail = TraceTail(path: folder.path("a.jsonl"))
    tail.maximumLineLength = 1_000
    _ = tail.read()
    try folder.append("a.jsonl", String(repeating: "x", count: 1_500))
    let growing = tail.read()
    #expect(growing.problems == ["\(folder.path("a.jsonl")):3: line longer than 1000 bytes: not a trace"])
    try folder.append("a.jsonl", String(repeating: "y", count: 3_000) + "\n" + (try TraceFolder.stepLine(4)) + "\n")
    let after = tail.read()
    #expect(after.problems.isEmpty)
    #expect(after.steps.map(\.index) == [4])
  }

  @Test func aMalformedHeaderSkipsTheFileUntilItIsReplaced() throws {
    let folder = try TraceFolder()
    try folder.create("a.jsonl", "{\"schemaVersion\": 99}\n" + (try TraceFolder.stepLine(0)) + "\n")
    var tail = TraceTail(path: folder.path("a.jsonl"))
    let update = tail.read()
    #expect(update.problems.count == 1)
    #expect(
      update.problems.first?.hasPrefix("\(folder.path("a.jsonl")):1: schemaVersion: unsupported version 99") == true)
    #expect(update.problems.first?.hasSuffix("(the file is skipped until it is replaced)") == true)
    #expect(update.steps.isEmpty)
    try folder.append("a.jsonl", try TraceFolder.stepLine(1) + "\n")
    let read3 = tail.read()
    #expect(read3 == TraceTail.Update())
    try folder.create("a.jsonl", try TraceFolder.trace(0..<1))
    let read4 = tail.read()
    #expect(read4.steps.count == 1)
  }

  @Test func aNamedPipeIsRefusedOnceWithoutBlocking() throws {
    let folder = try TraceFolder()
    #expect(mkfifo(folder.path("pipe.jsonl"), 0o600) == 0)
    var tail = TraceTail(path: folder.path("pipe.jsonl"))
    let read5 = tail.read()
    #expect(read5.problems == ["\(folder.path("pipe.jsonl")): is a named pipe, not a trace file"])
    let read6 = tail.read()  // said once
    #expect(read6.problems.isEmpty)
  }

  @Test func aDeviceIsRefused() throws {
    let folder = try TraceFolder()
    try FileManager.default.createSymbolicLink(atPath: folder.path("zero.jsonl"), withDestinationPath: "/dev/zero")
    var tail = TraceTail(path: folder.path("zero.jsonl"))
    let read7 = tail.read()
    #expect(read7.problems == ["\(folder.path("zero.jsonl")): is a device, not a trace file"])
  }
}
