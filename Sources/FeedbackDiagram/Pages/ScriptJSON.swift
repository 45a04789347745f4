/// JSON text that is safe inside an HTML `<script>` element: a page embeds its data as
/// `<script type="application/json">…</script>` and reads it with `JSON.parse`.
///
/// Inside `<script>` the HTML parser looks only for `</script` (and `<!--`, which changes
/// how it looks for the end); HTML entities mean nothing there. So every `<`, `>` and `&` in
/// a string is written as a `\u` escape, which JSON reads back as the same character and
/// the HTML parser never sees; U+2028 and U+2029 too (JavaScript source before ES2019 ends
/// a line at them), and every control character. What `JSON.parse` reads back is exactly
/// the string written.
///
/// Writes into one `String`, without `JSONEncoder`: a 100,000-step trace page holds a
/// few million values, and this is one append per value.
package struct ScriptJSON {
  /// The text so far.
  private(set) var text = ""

  /// Appends raw JSON punctuation or a literal (`[`, `,`, `null`).
  mutating func raw(_ literal: String) {
    text += literal
  }

  /// Appends an integer.
  mutating func int(_ value: Int) {
    text += String(value)
  }

  /// Appends a number: finite values with at most two decimals, `0` for anything else
  /// (JSON has no infinities).
  mutating func number(_ value: Double) {
    guard value.isFinite else { return text += "0" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      text += String(Int64(rounded))
    } else {
      text += String(rounded)
    }
  }

  /// Appends `value` as a JSON string, escaped as the type's summary says.
  mutating func string(_ value: String) {
    text += Self.quoted(value)
  }

  /// Appends a string, or `null`.
  mutating func string(_ value: String?) {
    if let value { string(value) } else { text += "null" }
  }

  /// `value` as a JSON string literal that is safe inside `<script>`.
  package static func quoted(_ value: String) -> String {
    var out = "\""
    out.reserveCapacity(value.utf8.count + 2)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
