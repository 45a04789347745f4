/// File names made from names that can be anything (system and test names): letters,
/// digits, `-` and `_` only, so a name can never climb out of the output folder, hide
/// itself behind a leading dot, or clash with the `.`-separated parts of a file name.
package enum SafeFileName {
  /// `name` with every other character replaced by `_`, runs of `_` collapsed and `_`
  /// trimmed at both ends; `fallback` when nothing is left.
  ///
  /// `SafeFileName.make("../etc/passwd") == "etc_passwd"`,
  /// `SafeFileName.make("cycles()") == "cycles"`.
  package static func make(_ name: String, fallback: String = "unnamed") -> String {
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

  /// ``make(_:fallback:)`` of `name`, at most `maximumLength` characters: a longer one keeps
  /// its first `maximumLength - 9` characters and gains `-` and 8 hex digits of a hash
  /// (FNV-1a) of the whole name, so that two long names sharing a prefix stay apart.
  package static func make(_ name: String, fallback: String, maximumLength: Int) -> String {
    let safe = make(name, fallback: fallback)
    guard safe.count > maximumLength else { return safe }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash & 0xffff_ffff, radix: 16)
    return String(safe.prefix(max(0, maximumLength - 9))) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// `base`, or `base-2`, `base-3`, … : the first not in `taken` ignoring case (some file
  /// systems do), which is then added to it.
  package static func unique(_ base: String, taken: inout Set<String>) -> String {
    var candidate = base
    var suffix = 2
    while !taken.insert(candidate.lowercased()).inserted {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    return candidate
  }
}
