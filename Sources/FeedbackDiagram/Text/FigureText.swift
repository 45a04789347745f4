import FeedbackGraph

/// Small pieces of text shared by the coverage and trace figures.
enum FigureText {
  /// `×3`.
  static func times(_ count: Int) -> String { "×\(count)" }

  /// `1 visit`, `4 visits`.
  static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  /// A penwidth from 1 to 4 growing with the log of `count` relative to `maximum`, written
  /// with one decimal and no locale (`2.5`).
  static func penwidth(_ count: Int, maximum: Int) -> String {
    guard count > 0, maximum > 0 else { return "1.0" }
    let ratio = maximum == 1 ? 1 : log2(Double(count) + 1) / log2(Double(maximum) + 1)
    let tenths = Int((10 + 30 * ratio).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The first line of a message (failure messages run over several lines).
  static func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
  }

  /// The graph's label: the title and, under it, the legend rows (HTML-like, already
  /// escaped) in a framed table with id `legend_table`. A graph label is drawn outside the
  /// layout, so the legend can never sit on an edge, whatever the layout does.
  static func heading(_ title: String, legend rows: [String], theme: Theme) -> String {
    var html = "<table border=\"0\" cellspacing=\"6\" cellpadding=\"0\"><tr><td>\(DOTText.html(title))</td></tr>"
    if !rows.isEmpty {
      let cells = rows.map { "<tr><td align=\"left\"><font point-size=\"\(theme.fontSize)\">\($0)</font></td></tr>" }
        .joined()
      html +=
        "<tr><td><table id=\"legend_table\" border=\"1\" style=\"rounded\" color=\"\(DOTText.html(theme.legendBorder))\" bgcolor=\"\(DOTText.html(theme.legendFill))\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"3\">\(cells)</table></td></tr>"
    }
    html += "</table>"
    return DOTText.htmlLabel(html, orPlain: [title])
  }

  /// `<font color="…">text</font>`, text escaped.
  static func colored(_ text: String, _ color: String) -> String {
    "<font color=\"\(DOTText.html(color))\">\(DOTText.html(text))</font>"
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FigureText {
  /// `value` with `decimals` decimals, no locale, no exponent (`12.5`, `-3.0`).
  static func number(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * Double(scale)).rounded())
    let fraction = String(scaled % scale + scale).dropFirst()
    return (value < 0 && scaled != 0 ? "-" : "") + "\(scaled / scale)" + (decimals > 0 ? ".\(fraction)" : "")
  }

  /// A pinned position in points: `pos="12.0,40.0!"`.
  static func pos(_ x: Double, _ y: Double) -> String {
    "pos=\"\(number(x)),\(number(y))!\""
  }

  /// A length in points as inches for `width`/`height` (`0.250`).
  static func inches(_ points: Double) -> String { number(points / 72, decimals: 3) }
}
