/// Values written as Swift source, for emitted tests and readable reports.
///
/// ```swift
/// SwiftSource.value(SignIn.Event.emailChanged("a@b"))   // ".emailChanged(\"a@b\")"
/// ```
package enum SwiftSource {
  /// `value` as a Swift expression of its own type, when its reflection is one: an enum
  /// case with its payload (`.emailChanged("a@b")`) or a value written with its type's
  /// name. `nil` when it cannot be written (objects, closures, opaque values).
  package static func value<T>(_ value: T) -> String? {
    let full = durations(in: String(reflecting: value))
    let type = String(reflecting: T.self)
    if full.contains("<") || full.contains("0x") || full.contains("(Function)") { return nil }
    if full.hasPrefix(type + "."), !full.dropFirst(type.count + 1).hasPrefix("init") {
      return "." + full.dropFirst(type.count + 1)
    }
    if full.hasPrefix(type + "(") { return full }
    if T.self == Duration.self { return full }
    if T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == Double.self { return full }
    return nil
  }

  /// A `Duration`'s reflection (`1.5 seconds`) as Swift (`.seconds(1.5)`), wherever it
  /// stands as a value in a reflection (after `(`, `: ` or `, `).
  static func durations(in text: String) -> String {
    guard text.contains(" seconds") else { return text }
    return text.replacing(#/(^|\(|: |, )(-?[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?) seconds/#) { match in
      "\(match.output.1).seconds(\(match.output.2))"
    }
  }

  /// `value` for people: its Swift form when it has one, otherwise its description.
  package static func describe<T>(_ value: T) -> String {
    self.value(value) ?? String(describing: value)
  }

  /// `text` as a Swift string literal.
  package static func literal(_ text: String) -> String {
    String(reflecting: text)
  }
}
