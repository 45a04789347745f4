/// `"text"` for a one-line error message: quotes and backslashes escaped, every character a
/// terminal or a reader could take for something else (``isMessageUnsafe(_:)``) written as
/// `\u{…}`, at most `limit` characters shown, then `…`. Used wherever a message quotes
/// something a user wrote (graph, trace and theme files, names on the command line), so
/// that no value can break the message's line or drive the terminal.
package func messageQuoted(_ text: String, limit: Int) -> String {
  var result = "\""
  for scalar in text.unicodeScalars.prefix(limit) {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case _ where isMessageUnsafe(scalar): result += messageEscape(scalar)
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + (text.unicodeScalars.count > limit ? "…\"" : "\"")
}

/// `text` as one line of a message: every unsafe character (``isMessageUnsafe(_:)``), line
/// breaks included, written as `\u{…}`; everything else (quotes and backslashes too) as it
/// is, so that a value already quoted with ``messageQuoted(_:limit:)`` stays as it was.
///
/// Every error type of the diagram modules passes its description through this (or
/// `messageLines(_:)`): a path, a Foundation or Graphviz message, or a name that reached
/// a message unquoted still cannot clear the user's terminal or break the line.
package func messageLine(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: isMessageUnsafe) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    if isMessageUnsafe(scalar) { result += messageEscape(scalar) } else { result.unicodeScalars.append(scalar) }
  }
  return result
}

/// `text` whose lines (split at `\n`) each go through `messageLine(_:)`: for the few
/// messages that are several lines on purpose (a list of what is uncovered).
package func messageLines(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { messageLine(String($0)) }.joined(
    separator: "\n")
}

/// Whether a message must not print `scalar` as it is: control characters (C0, C1, DEL:
/// escape sequences, carriage returns, line breaks), format characters (bidi overrides and
/// isolates, zero-width characters, the byte-order mark), line and paragraph separators,
/// and noncharacters.
package func isMessageUnsafe(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .control, .format, .lineSeparator, .paragraphSeparator: return true
  default: return scalar.properties.isNoncharacterCodePoint
  }
}

/// `\u{1b}`.
private func messageEscape(_ scalar: Unicode.Scalar) -> String {
  "\\u{\(String(scalar.value, radix: 16))}"
}
