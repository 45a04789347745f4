import FeedbackGraph

/// Distinct, safe file-name stems for names that can be anything (state names of an atlas).
///
/// A stem is `SafeFileName.make(_:fallback:)` (FeedbackGraph) of the name (letters, digits, `-`, `_`:
/// no separator, no `..`, no leading dot), at most ``maximumLength`` characters (a longer
/// one keeps the first `maximumLength - 9` and gains `-` and 8 hex digits of a hash of the
/// whole name). Names whose stems would collide, also when they differ only in case, get
/// `-2`, `-3`, … in the order given.
public enum FileStems {
  /// The longest stem.
  public static let maximumLength = 64

  /// One stem per name, in order; every stem distinct (ignoring case).
  public static func distinct(_ names: [String], fallback: String = "state") -> [String] {
    var taken = Set<String>()
    return names.map { name in
      let base = stem(name, fallback: fallback)
      var candidate = base
      var suffix = 2
      while !taken.insert(candidate.lowercased()).inserted {
        candidate = "\(base)-\(suffix)"
        suffix += 1
      }
      return candidate
    }
  }

  /// The stem of one name, before collisions are resolved.
  static func stem(_ name: String, fallback: String) -> String {
    let safe = SafeFileName.make(name, fallback: fallback)
    guard safe.count > maximumLength else { return safe }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over the name's UTF-8
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash & 0xffff_ffff, radix: 16)
    return String(safe.prefix(maximumLength - 9)) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
  }
}
