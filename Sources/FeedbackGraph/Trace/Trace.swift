public import Foundation

/// A recorded run of a system: a ``TraceHeader`` and the ``TraceStep``s, in order.
///
/// Stored as JSON Lines: the header on the first line, then one step per line. Read a file
/// whole with ``decodeJSONLines(_:source:)``, or step by step, in constant memory, with
/// ``TraceReader``.
public struct Trace: Codable, Hashable, Sendable {
  /// Where the trace comes from and how its run ended.
  public var header: TraceHeader
  /// The steps, in order.
  public var steps: [TraceStep]

  /// A trace.
  public init(header: TraceHeader, steps: [TraceStep] = []) {
    self.header = header
    self.steps = steps
  }

  /// The trace as JSON Lines: the header, then one step per line, each line ending with
  /// `\n`. Deterministic: keys are sorted.
  public func jsonLines() throws -> Data {
    var data = try Self.line(header)
    for step in steps {
      data.append(try Self.line(step))
    }
    return data
  }

  /// One JSON Lines line (sorted keys, ending with `\n`) of a header or a step.
  package static func line(_ value: some Encodable) throws -> Data {
    var data = try JSONFormat.lineEncoder.encode(value)
    data.append(0x0A)
    return data
  }

  /// Reads a trace written by ``jsonLines()``.
  ///
  /// - Throws: ``GraphDecodingError`` naming the line (`t.jsonl:3`) and the field at fault.
  public static func decodeJSONLines(_ data: Data, source: String = "<data>") throws -> Trace {
    var reader = TraceReader(data: data, source: source)
    var trace = Trace(header: try reader.header())
    while let step = try reader.next() {
      trace.steps.append(step)
    }
    return trace
  }
}
