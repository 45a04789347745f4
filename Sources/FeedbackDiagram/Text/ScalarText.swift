extension String {
  /// `self` with every occurrence of `target`'s scalars replaced by `replacement`, matched
  /// scalar by scalar.
  ///
  /// Foundation's `replacingOccurrences(of:with:)` matches whole Characters: a backslash, a
  /// quote or the `;` of `&#160;` followed by a combining mark is one Character with it, and
  /// is not found. Every escaper of this module replaces through this instead.
  ///
  /// - Complexity: O(n·m) in the scalars of `self` and `target` (m is a few scalars here).
  func replacingScalars(_ target: String, with replacement: String) -> String {
    let pattern = Array(target.unicodeScalars)
    guard let first = pattern.first else { return self }
    let scalars = Array(unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      if scalars[index] == first, scalars[index...].starts(with: pattern) {
        result.append(contentsOf: replacement.unicodeScalars)
        index += pattern.count
      } else {
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }
}

/// What XML (and so SVG) has no place for, and Graphviz passes through: control characters
/// other than tab and line breaks, and the noncharacters U+FFFE and U+FFFF. Names that
/// reach a figure are checked before (`SystemGraph.checkCoherence(source:)`); text that
/// is not a name (a described event or state, a failure message) is drawn with such a
/// character as U+FFFD, so that no input makes an SVG that is not well-formed.
enum DrawableText {
  static func isUndrawable(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
  }

  /// `text` with every undrawable scalar as U+FFFD.
  static func drawable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUndrawable) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(isUndrawable(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }
}
