/// File names made from names that can be anything (system and test names): letters,
/// digits, `-` and `_` only, so a name can never climb out of the output folder, hide
/// itself behind a leading dot, or clash with the `.`-separated parts of a file name.
public enum SafeFileName {
  /// `name` with every other character replaced by `_`, runs of `_` collapsed and `_`
  /// trimmed at both ends; `fallback` when nothing is left.
  ///
  /// `SafeFileName.make("../etc/passwd") == "etc_passwd"`,
  /// `SafeFileName.make("cycles()") == "cycles"`.
  public static func make(_ name: String, fallback: String = "unnamed") -> String {
    var result = ""
    for character in name {
      let safe = character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
      if safe {
        result.append(character)
      } else if !result.hasSuffix("_") {
        result.append("_")
      }
    }
    let trimmed = String(result.drop { $0 == "_" || $0 == "-" }.reversed().drop { $0 == "_" }.reversed())
    return trimmed.isEmpty ? fallback : trimmed
  }
}
