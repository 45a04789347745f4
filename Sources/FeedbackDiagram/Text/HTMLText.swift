/// Escaping for HTML and XML text and attribute values: the one escaper of this package for
/// those languages. The report page (``ReportPage``, through its Mustache content type) and
/// Graphviz's HTML-like labels (which add their own backslash and line-break rules on top)
/// both use it.
package enum HTMLText {
  /// `text` safe inside an element or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
  /// written as entities, every other character as it is. Scalar by scalar, so that a quote
  /// followed by a combining mark is still escaped.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
