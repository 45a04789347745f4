import FeedbackGraph

/// Distinct, safe file-name stems for names that can be anything (state names of an atlas).
///
/// A stem is `SafeFileName.make(_:fallback:)` (FeedbackGraph) of the name (letters, digits, `-`, `_`:
/// no separator, no `..`, no leading dot), at most ``maximumLength`` characters (a longer
/// one keeps the first `maximumLength - 9` and gains `-` and 8 hex digits of a hash of the
/// whole name). Names whose stems would collide, also when they differ only in case, get
/// `-2`, `-3`, … in the order given.
package enum FileStems {
  /// The longest stem.
  package static let maximumLength = 64

  /// One stem per name, in order; every stem distinct (ignoring case).
  package static func distinct(_ names: [String], fallback: String = "state") -> [String] {
    var taken = Set<String>()
    return names.map { SafeFileName.unique(stem($0, fallback: fallback), taken: &taken) }
  }

  /// The stem of one name, before collisions are resolved.
  static func stem(_ name: String, fallback: String) -> String {
    SafeFileName.make(name, fallback: fallback, maximumLength: maximumLength)
  }
}
