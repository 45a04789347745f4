extension StepKind {
  /// The kind as one byte: its position among the cases, in declaration order (0 for
  /// `initial`, …), which is how Swift lays out an enum without payloads. The test kit's
  /// recorder packs a step in 12 bytes with it.
  @inlinable package var ordinal: UInt8 {
    unsafeBitCast(self, to: UInt8.self)
  }

  /// The kind at `ordinal` (see ``ordinal``); `ordinal` must be below the number of cases.
  @inlinable package init(ordinal: UInt8) {
    assert(Int(ordinal) < Self.allCases.count, "no step kind has ordinal \(ordinal)")
    self = unsafeBitCast(ordinal, to: StepKind.self)
  }
}
