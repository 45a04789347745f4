import Foundation

/// A graph or trace file that could not be read: what was wrong and where.
///
/// Its description is one line, e.g.
/// `Graphs/Light.json: states[1].id: missing key "id"`.
public struct GraphDecodingError: Error, Equatable, CustomStringConvertible, Sendable {
  /// Where the data came from (a path, or `<data>`).
  public var source: String
  /// The JSON path of the offending value (e.g. `states[1].id`), or empty for the document.
  public var path: String
  /// What was wrong.
  public var reason: String

  /// Creates an error.
  package init(source: String, path: String, reason: String) {
    self.source = source
    self.path = path
    self.reason = reason
  }

  init(source: String, underlying error: any Error) {
    self.source = source
    guard let decoding = error as? DecodingError else {
      self.path = ""
      self.reason = "\(error)"
      return
    }
    switch decoding {
    case .keyNotFound(let key, let context):
      self.path = Self.path(context.codingPath + [key])
      self.reason = "missing key \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      self.path = Self.path(context.codingPath)
      self.reason = "expected \(Self.jsonKind(type))"
    case .valueNotFound(let type, let context):
      self.path = Self.path(context.codingPath)
      self.reason = "expected \(Self.jsonKind(type)), found null"
    case .dataCorrupted(let context):
      self.path = Self.path(context.codingPath)
      if let value = Self.invalidValue(context.debugDescription) {
        self.reason = "unknown value \(messageQuoted(value.value, limit: 60)) (not a \(value.type))"
        return
      }
      let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      self.reason =
        "not valid JSON"
        + (detail.map { " (\($0))" } ?? (context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"))
    @unknown default:
      self.path = ""
      self.reason = "\(decoding)"
    }
  }

  /// The type and the value of Foundation's "Cannot initialize Match from invalid String
  /// value …" (an enum's raw value that names no case), so that the value is quoted
  /// escaped, never printed raw.
  private static func invalidValue(_ description: String) -> (type: String, value: String)? {
    guard description.hasPrefix("Cannot initialize "),
      let marker = description.range(of: " from invalid String value ")
    else { return nil }
    let type = description[description.index(description.startIndex, offsetBy: 18)..<marker.lowerBound]
    return (String(type), String(description[marker.upperBound...]))
  }

  /// `states[1].id` from a coding path.
  static func path(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }

  private static func jsonKind(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type, is Int64.Type, is Double.Type: return "a number"
    case is Bool.Type: return "true or false"
    default:
      let name = "\(type)"
      return name.hasPrefix("Array") ? "an array" : (name.hasPrefix("Dictionary") ? "an object" : name)
    }
  }

  /// The value as one line of text, every control, format or separator character of the
  /// source, the path or the reason written as `\u{…}` (`messageLine(_:)`).
  public var description: String {
    messageLine(path.isEmpty ? "\(source): \(reason)" : "\(source): \(path): \(reason)")
  }
}
