import Foundation
import Testing

@testable import FeedbackLoopInspector

@Suite struct LiveLoopsTests {
  @Test func aLoopKeepsItsLastStepsAndCountsTheOthers() throws {
    let folder = try TraceFolder()
    try folder.create("Light-1.jsonl", try TraceFolder.trace(0..<25))
    var loops = LiveLoops(folder: folder.url)
    loops.maximumSteps = 10
    let read1 = loops.poll()
    #expect(read1)
    let loop = try #require(loops.loops.first)
    #expect(loop.steps.map(\.index) == Array(15..<25))
    #expect(loop.dropped == 15)
    #expect(loop.total == 25)
    #expect(loops.summary.loops.first?.first == 15)
    let read2 = loops.poll()  // nothing new: no change
    #expect(!read2)
  }

  @Test func aNewFileOfTheSameSystemIsTheNextSession() throws {
    let folder = try TraceFolder()
    try folder.create("Light-1.jsonl", try TraceFolder.trace(0..<3))
    var loops = LiveLoops(folder: folder.url)
    loops.poll()
    try folder.create("Light-2.jsonl", try TraceFolder.trace(0..<2))  // the app restarted
    loops.poll()
    #expect(loops.loops.count == 1)
    #expect(loops.loops[0].session == 2)
    #expect(loops.loops[0].file == "Light-2.jsonl")
    #expect(loops.loops[0].steps.map(\.index) == [0, 1])
    try folder.append("Light-1.jsonl", try TraceFolder.stepLine(3) + "\n")  // the old process, still writing
    loops.poll()
    #expect(loops.ignoredSteps == 1)
    #expect(loops.loops[0].steps.count == 2)
  }

  @Test func problemsAreListedAndBounded() throws {
    let folder = try TraceFolder()
    try folder.create("Light-1.jsonl", try TraceFolder.headerLine() + "\n" + String(repeating: "{bad\n", count: 5))
    var loops = LiveLoops(folder: folder.url)
    loops.maximumProblems = 3
    loops.poll()
    #expect(loops.problems.count == 3)
    #expect(loops.droppedProblems == 2)
    #expect(loops.problems.last?.hasPrefix(folder.path("Light-1.jsonl") + ":6: ") == true)
  }
}
