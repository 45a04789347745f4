import FeedbackGraph

extension Theme {
  /// Checks every value before Graphviz sees it: colours are one colour each (`#rrggbb`,
  /// `#rrggbbaa`, or a colour name such as `white`, `gray40`, `transparent`), never a
  /// Graphviz colour list or scheme (`red;0.3:blue`, `/blues9/3`: some of those crash
  /// libgvc); the font is a plain name; the size is between 4 and 72 points.
  ///
  /// ``load(_:)`` and ``named(_:)`` run this on every theme file, and ``Diagram`` on every
  /// theme it is given.
  ///
  /// - Parameter source: names the theme in the error (a file path, or `<theme>`).
  /// - Throws: ``DiagramError/badTheme(path:reason:)`` naming the key and what it expects.
  public func validate(source: String = "<theme>") throws {
    for (key, value) in colours {
      guard Self.isColour(value) else {
        throw DiagramError.badTheme(
          path: source,
          reason:
            "\"\(key)\" is \(Self.quoted(value)); expected one colour: #rrggbb, #rrggbbaa or a colour name (white, gray40)"
        )
      }
    }
    guard Self.isFontName(fontName) else {
      throw DiagramError.badTheme(
        path: source,
        reason:
          "\"fontName\" is \(Self.quoted(fontName)); expected a font name of letters, digits, spaces, dots and dashes (at most 64)"
      )
    }
    guard fontSize.isFinite, (4...72).contains(fontSize) else {
      throw DiagramError.badTheme(path: source, reason: "\"fontSize\" is \(fontSize); expected 4 to 72 points")
    }
  }

  /// Every colour of the theme, by its key in theme files.
  var colours: [(key: String, value: String)] {
    [
      ("background", background), ("text", text), ("muted", muted), ("stateFill", stateFill),
      ("stateBorder", stateBorder), ("initial", initial), ("edge", edge), ("wildcard", wildcard),
      ("guard", guardColor), ("feedbackFill", feedbackFill), ("feedbackBorder", feedbackBorder),
      ("reducerFill", reducerFill), ("reducerBorder", reducerBorder), ("legendFill", legendFill),
      ("legendBorder", legendBorder), ("uncovered", uncovered), ("uncoveredFill", uncoveredFill),
      ("undeclared", undeclared), ("path", path), ("failure", failure),
    ]
  }

  static func isColour(_ value: String) -> Bool {
    let scalars = Array(value.unicodeScalars)
    if scalars.first == "#" {
      let digits = scalars.dropFirst()
      return (digits.count == 6 || digits.count == 8) && digits.allSatisfy { $0.properties.isASCIIHexDigit }
    }
    guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic, scalars.count <= 32 else {
      return false
    }
    return scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
  }

  static func isFontName(_ value: String) -> Bool {
    let scalars = value.unicodeScalars
    guard !scalars.isEmpty, scalars.count <= 64 else { return false }
    return scalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " .-_".unicodeScalars.contains(scalar))
    }
  }

  /// The value quoted for a one-line message, at most 40 characters shown.
  static func quoted(_ value: String) -> String {
    messageQuoted(value, limit: 40)
  }

}
