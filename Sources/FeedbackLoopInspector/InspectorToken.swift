/// The secret in the printed URL (`?token=…`) that every request to `diagram watch`'s
/// server must carry: 32 hexadecimal digits from the system's random generator, so that
/// another page in the browser, or another user of the machine, cannot read the loops.
package struct InspectorToken: Sendable, Equatable {
  /// The token as it appears in the URL.
  package let text: String

  /// A new random token.
  package init() {
    var generator = SystemRandomNumberGenerator()
    text = (0..<4).map { _ in
      let word = String(generator.next() as UInt32, radix: 16)
      return String(repeating: "0", count: 8 - word.count) + word
    }.joined()
  }

  /// A token of `text` (tests).
  package init(text: String) {
    self.text = text
  }

  /// Whether `candidate` is the token, compared in time that does not depend on where they
  /// first differ.
  package func matches(_ candidate: Substring?) -> Bool {
    guard let candidate else { return false }
    let given = Array(candidate.utf8), expected = Array(text.utf8)
    guard given.count == expected.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(given, expected) { difference |= a ^ b }
    return difference == 0
  }
}
