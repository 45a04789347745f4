import FeedbackGraph

/// What can go wrong when drawing a diagram. Each description is one line.
public enum DiagramError: Error, Equatable, CustomStringConvertible, Sendable {
  /// Graphviz rejected the graph; its message.
  case graphviz(String)
  /// Graphviz's plugins are not registered, so it knows no layout or output format.
  case pluginsMissing(String)
  /// An unknown figure, format or theme name.
  case unknown(kind: String, name: String, known: [String])
  /// A theme file that could not be read.
  case badTheme(path: String, reason: String)
  /// A graph that cannot be drawn as it is: the problem and its JSON path
  /// (`SystemGraph.checkCoherence(source:)`).
  case badGraph(String)
  /// More than a drawing may hold: what, how many, and the most it takes.
  case tooLarge(what: String, count: Int, limit: Int)

  /// The value as one line of text; input quoted in it (paths, Graphviz's messages, which
  /// quote the DOT) with control, format or separator characters written as `\u{…}`.
  public var description: String { messageLine(text) }

  private var text: String {
    switch self {
    case .graphviz(let message):
      "Graphviz: \(message)"
    case .pluginsMissing(let message):
      "Graphviz has no plugins registered (\(message)); run `dot -c` as root (sudo dot -c) to rebuild its plugin configuration."
    case .unknown(let kind, let name, let known):
      "unknown \(kind) \(messageQuoted(name, limit: 200)); expected one of: \(known.joined(separator: ", "))"
    case .badTheme(let path, let reason):
      "theme \(path): \(reason)"
    case .badGraph(let message):
      message
    case .tooLarge(let what, let count, let limit):
      "\(what) has \(count) states; at most \(limit) are drawn (one figure each)"
    }
  }
}
