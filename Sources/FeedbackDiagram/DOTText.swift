import FeedbackGraph

/// Escaping for the two kinds of DOT strings: quoted strings and HTML-like labels.
enum DOTText {
  /// `"…"` with quotes, backslashes and line breaks escaped, so any name is one DOT string
  /// that shows exactly its characters.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n", "\r\n": result += "\\n"
      case "\r": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// A label line inside an escString (`label=`), lines joined with `\n`.
  static func lines(_ lines: [String]) -> String {
    quoted(lines.joined(separator: "\n"))
  }

  /// Text inside an HTML-like label: `&`, `<`, `>`, quotes escaped; line breaks become `<br/>`.
  static func html(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\r\n", "\r": result += "<br/>"
      default: result.append(character)
      }
    }
    return result
  }

  /// A stable DOT identifier for a node: `n` + the index of its name in a sorted list,
  /// never the name itself (names can be anything).
  static func nodeID(_ index: Int) -> String { "n\(index)" }

  /// `t3`: a transition's id in DOT/SVG `id` and `class` attributes (written, never read back).
  static func transitionID(_ id: TransitionID) -> String { "t\(id.index)" }
}
