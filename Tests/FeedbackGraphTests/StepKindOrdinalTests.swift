import FeedbackGraph
import Testing

/// The one byte the test kit's recorder packs a step kind into.
@Suite struct StepKindOrdinalTests {
  @Test func eachKindsOrdinalIsItsPositionAndReadsBack() {
    #expect(MemoryLayout<StepKind>.size == 1)
    for (offset, kind) in StepKind.allCases.enumerated() {
      #expect(kind.ordinal == UInt8(offset), "\(kind)")
      #expect(StepKind(ordinal: UInt8(offset)) == kind)
    }
  }
}
