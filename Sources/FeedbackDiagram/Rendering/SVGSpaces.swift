import Foundation

/// Keeps runs of spaces in SVG text as they are in the names.
///
/// Graphviz writes the second of two spaces as `&#160;` (a no-break space), so that
/// viewers do not collapse them; the text then reads differently from the name (a search,
/// a copy or a test finds a no-break space that the name does not have). A no-break space
/// that is really in a name is written as its UTF-8 bytes, never as `&#160;`, so turning
/// every `&#160;` back into a space is exact; `xml:space="preserve"` on the root keeps
/// viewers from collapsing the runs.
enum SVGSpaces {
  static func preserved(_ svg: Data) -> Data {
    // (Bytes, not `String.contains`, which matches whole Characters too.)
    guard svg.range(of: Data("&#160;".utf8)) != nil else { return svg }
    var text = String(decoding: svg, as: UTF8.self)
    // Scalar by scalar: before a combining mark, the `;` is one Character with the mark.
    text = text.replacingScalars("&#160;", with: " ")
    if let root = text.range(of: "<svg ") {
      text.replaceSubrange(root, with: "<svg xml:space=\"preserve\" ")
    }
    return Data(text.utf8)
  }
}
