import FeedbackGraph

/// Escaping for the two kinds of DOT strings: quoted strings and HTML-like labels.
enum DOTText {
  /// Graphviz reads no quoted or HTML string longer than 16,384 bytes; quoted strings are
  /// cut into pieces of at most this many bytes, joined with DOT's `+`.
  static let pieceLimit = 8_000

  /// An escString (`label=`, `xlabel=`) that shows exactly `text`: quotes and backslashes
  /// escaped (Graphviz expands `\N`, `\G`, … once), `&` written `&amp;` (Graphviz decodes
  /// entities in labels), line breaks as `\n`; cut into pieces joined with `+` when long.
  static func quoted(_ text: String) -> String {
    // Scalar by scalar: a quote followed by a combining mark is one Character, and must
    // still be escaped.
    pieces(
      DrawableText.drawable(text).replacingScalars("\r\n", with: "\n").unicodeScalars.map { scalar -> String in
        switch scalar {
        case "\\": "\\\\"
        case "\"": "\\\""
        case "&": "&amp;"
        case "\n", "\r": "\\n"
        default: String(scalar)
        }
      })
  }

  /// A tooltip that shows exactly `text`. Graphviz expands escape sequences in tooltips
  /// twice (once reading the string, once when writing SVG), so backslashes are doubled once
  /// more than in ``quoted(_:)``.
  static func tooltip(_ text: String) -> String {
    quoted(text.replacingScalars("\\", with: "\\\\"))
  }

  /// `"piece" + "piece"`: escaped pieces gathered into DOT strings under ``pieceLimit``
  /// bytes, never splitting an escape.
  private static func pieces(_ escaped: [String]) -> String {
    var strings: [String] = []
    var current = ""
    var bytes = 0
    for piece in escaped {
      let size = piece.utf8.count
      if bytes + size > pieceLimit, !current.isEmpty {
        strings.append(current)
        (current, bytes) = ("", 0)
      }
      current += piece
      bytes += size
    }
    strings.append(current)
    return strings.map { "\"\($0)\"" }.joined(separator: " + ")
  }

  /// A label line inside an escString (`label=`), lines joined with `\n`, each cut into
  /// lines of at most ``lineLimit`` characters (``wrapped(_:)``).
  static func lines(_ lines: [String]) -> String {
    quoted(wrapped(lines.joined(separator: "\n")))
  }

  /// The most characters (Unicode scalars) on one line of a label. Graphviz refuses an
  /// edge longer than 65,535 points, and in a left-to-right figure a node as wide as its
  /// longest line makes its edges that long: 1,000 characters stay under 20,000 points.
  static let lineLimit = 1_000

  /// `text` with a line break after every ``lineLimit`` scalars of a line: every scalar
  /// kept, in order, so that the lines read back as the text.
  static func wrapped(_ text: String) -> String {
    guard text.unicodeScalars.count > lineLimit else { return text }
    var result = String.UnicodeScalarView()
    var column = 0
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        column = 0
      } else if column == lineLimit {
        result.append("\n")
        column = 0
      }
      if scalar != "\n" && scalar != "\r" { column += 1 }
      result.append(scalar)
    }
    return String(result)
  }

  /// Text inside an HTML-like label: `HTMLText.escaped(_:)` (`&`, `<`, `>`, quotes), then
  /// `]` written `&#93;`, backslashes doubled (Graphviz expands `\N` and friends in HTML
  /// text too) and line breaks written `<br/>`.
  ///
  /// Graphviz 2.42's HTML lexer rejects an element whose whole text is `]` or `]]` ("syntax
  /// error in line 1 … in label of node n0") and the node then shows its id instead of its
  /// name; the entity reads back as `]` in SVG and in `dot`'s own output, whatever the
  /// bracket run.
  static func html(_ text: String) -> String {
    HTMLText.escaped(DrawableText.drawable(wrapped(text)))
      .replacingScalars("]", with: "&#93;")
      .replacingScalars("\\", with: "\\\\")
      .replacingScalars("\r\n", with: "<br/>")
      .replacingScalars("\n", with: "<br/>")
      .replacingScalars("\r", with: "<br/>")
  }

  /// The longest HTML-like label written (Graphviz refuses more than 16,384 bytes).
  static let htmlLimit = 15_000

  /// `<rows>` as an HTML-like label, or, when that would be too long for Graphviz, the
  /// plain `lines` as an escString (same text, without the formatting).
  static func htmlLabel(_ rows: String, orPlain lines: [String]) -> String {
    rows.utf8.count + 2 <= htmlLimit ? "<\(rows)>" : Self.lines(lines)
  }

  /// A stable DOT identifier for a node: `n` + the index of its name in a sorted list,
  /// never the name itself (names can be anything).
  static func nodeID(_ index: Int) -> String { "n\(index)" }

  /// `t3`: a transition's id in DOT/SVG `id` and `class` attributes (written, never read back).
  static func transitionID(_ id: TransitionID) -> String { "t\(id.index)" }
}
