import Foundation

/// A recorded run of a system: its steps, in order.
///
/// Traces are stored as JSON Lines: a header line, then one ``Step`` per line.
public struct Trace: Codable, Hashable, Sendable {
  /// The schema version (``SystemGraph/currentSchemaVersion``).
  public var schemaVersion: Int
  /// The name of the recorded system.
  public var system: String
  /// The name of the test that recorded it, if any.
  public var test: String?
  /// The steps, in order.
  public var steps: [Step]

  /// Creates a trace.
  public init(system: String, test: String? = nil, steps: [Step] = []) {
    self.schemaVersion = SystemGraph.currentSchemaVersion
    self.system = system
    self.test = test
    self.steps = steps
  }

  private struct Header: Codable {
    var schemaVersion: Int
    var system: String
    var test: String?
  }

  /// The trace as JSON Lines: a header object, then one step per line, each line ending
  /// with `\n`. Deterministic: keys are sorted.
  public func jsonLines() throws -> Data {
    let encoder = JSONFormat.lineEncoder
    var data = try encoder.encode(Header(schemaVersion: schemaVersion, system: system, test: test))
    data.append(0x0A)
    for step in steps {
      data.append(try encoder.encode(step))
      data.append(0x0A)
    }
    return data
  }

  /// Reads a trace written by ``jsonLines()``.
  ///
  /// - Throws: ``GraphDecodingError`` naming the line (`line 3`) and the field at fault.
  public static func decodeJSONLines(_ data: Data, source: String = "<data>") throws -> Trace {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard let first = lines.first else {
      throw GraphDecodingError(source: source, path: "", reason: "empty trace: expected a header line")
    }
    let header = try JSONFormat.decode(Header.self, from: Data(first), source: "\(source):1")
    var trace = Trace(system: header.system, test: header.test)
    for (offset, line) in lines.dropFirst().enumerated() {
      do {
        trace.steps.append(try JSONDecoder().decode(Step.self, from: Data(line)))
      } catch {
        throw GraphDecodingError(source: "\(source):\(offset + 2)", underlying: error)
      }
    }
    return trace
  }
}
