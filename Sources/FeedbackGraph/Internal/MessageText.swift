/// `"text"` for a one-line error message: quotes and backslashes escaped, control and
/// format characters (and line or paragraph separators) written as `\u{…}`, at most
/// `limit` characters shown, then `…`. Used wherever a message quotes something a user
/// wrote (graph and theme files), so that no value can break the message's line.
package func messageQuoted(_ text: String, limit: Int) -> String {
  var result = "\""
  for scalar in text.unicodeScalars.prefix(limit) {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _
    where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
      || scalar == "\u{2028}" || scalar == "\u{2029}":
      result += "\\u{\(String(scalar.value, radix: 16))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + (text.unicodeScalars.count > limit ? "…\"" : "\"")
}
