/// Bold text in a figure, written so that Graphviz 2.42 keeps as little memory as it can.
///
/// Graphviz 2.42 never frees part of what it allocates for HTML-like labels: about 80 bytes
/// per line of HTML text (its HTML parser), and about 280 more for each `<b>` (the Pango
/// plugin parses a markup string for it and keeps the result). A process that renders many
/// figures grows by that much per render (`render.leak` in the benchmarks). So a bold name
/// alone in a node is a plain label with the theme font's bold face (no HTML at all), and
/// bold text inside an HTML-like label names the bold face with `<font face=…>` instead of
/// `<b>`. Both come out of the SVG renderer exactly like `<b>` does: the same
/// `font-family` with `font-weight="bold"`.
///
/// Only the PostScript families that Graphviz maps to SVG fonts have a bold face it knows
/// by name; a theme with another font keeps `<b>` (and its cost).
enum BoldText {
  /// The bold face of `font`, when Graphviz knows it by its PostScript name.
  static func face(of font: String) -> String? {
    switch font {
    case "Helvetica", "Courier", "Helvetica-Narrow": font + "-Bold"
    case "Times", "Times-Roman": "Times-Bold"
    default: nil
    }
  }

  /// `text` (escaped) in bold inside an HTML-like label.
  static func html(_ text: String, font: String) -> String {
    guard let face = face(of: font) else { return "<b>\(DOTText.html(text))</b>" }
    return "<font face=\"\(face)\">\(DOTText.html(text))</font>"
  }

  /// The `label` (and `fontname`) attributes of a node that shows only `name`, in bold:
  /// a plain label when the font has a known bold face, else an HTML-like `<b>` label.
  static func nameLabel(_ name: String, font: String) -> String {
    guard let face = face(of: font) else {
      return "label=\(DOTText.htmlLabel("<b>\(DOTText.html(name))</b>", orPlain: [name]))"
    }
    return "label=\(DOTText.lines([name])), fontname=\(DOTText.quoted(face))"
  }
}
