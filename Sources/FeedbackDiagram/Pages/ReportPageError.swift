import FeedbackGraph

/// What can go wrong when rendering the report page. Each description is one line.
public enum ReportPageError: Error, Equatable, CustomStringConvertible, Sendable {
  /// No template at the path.
  case templateMissing(path: String)
  /// The template exists but could not be read as UTF-8 text.
  case templateUnreadable(path: String)
  /// Mustache could not parse the template.
  case templateMalformed(path: String, reason: String)

  /// The one-line message, naming the template's path (control, format or separator
  /// characters written as `\u{…}`).
  public var description: String { messageLine(text) }

  private var text: String {
    switch self {
    case .templateMissing(let path):
      "report page template \(path) is missing; reinstall the package or restore Templates/report/index.mustache"
    case .templateUnreadable(let path):
      "report page template \(path) cannot be read as UTF-8 text"
    case .templateMalformed(let path, let reason):
      "report page template \(path) is malformed: \(reason)"
    }
  }
}
