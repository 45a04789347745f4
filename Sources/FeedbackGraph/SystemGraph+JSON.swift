public import Foundation

extension SystemGraph {
  /// The graph as JSON: pretty-printed with sorted keys, so the same graph always gives
  /// the same bytes.
  public func jsonData() throws -> Data {
    try JSONFormat.encoder.encode(self)
  }

  /// Decodes a graph, checking its schema version first and its coherence after
  /// (``checkCoherence(source:)``).
  ///
  /// - Parameters:
  ///   - data: JSON, as written by ``jsonData()``.
  ///   - source: where the data came from (a file path), used in error messages.
  /// - Throws: ``GraphDecodingError`` saying what was wrong and where.
  public static func decode(_ data: Data, source: String = "<data>") throws -> SystemGraph {
    let graph = try JSONFormat.decode(SystemGraph.self, from: data, source: source)
    try graph.checkCoherence(source: source)
    return graph
  }
}

/// Shared JSON settings and error mapping for the versioned formats of this module.
enum JSONFormat {
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  static var lineEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  private struct Header: Decodable {
    var schemaVersion: Int?
  }

  /// Decodes `T` after checking the `schemaVersion` header; maps Foundation's errors to
  /// ``GraphDecodingError``.
  static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
    let decoder = JSONDecoder()
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      throw GraphDecodingError(source: source, underlying: error)
    }
    guard let version = header.schemaVersion else {
      throw GraphDecodingError(
        source: source, path: "schemaVersion",
        reason: "missing; expected \(SystemGraph.currentSchemaVersion)")
    }
    guard version == SystemGraph.currentSchemaVersion else {
      throw GraphDecodingError(
        source: source, path: "schemaVersion",
        reason: "unsupported version \(version); this library reads version \(SystemGraph.currentSchemaVersion)")
    }
    do {
      return try decoder.decode(T.self, from: data)
    } catch {
      throw GraphDecodingError(source: source, underlying: error)
    }
  }
}
