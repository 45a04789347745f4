import FeedbackGraph

/// The file-name stems of systems in an output folder: safe, deterministic and distinct.
///
/// A stem is `SafeFileName.make(_:fallback:)` of the system's name (letters, digits,
/// `-`, `_`: no separator, no `..`, no leading dot), at most 80 characters (a longer name
/// keeps 71 and gains `-` and 8 hex digits of a hash of the whole name, so two long names
/// that share a prefix stay apart). Systems whose stems would collide — also when they
/// differ only in case, which some file systems ignore — get `-2`, `-3`, … in the order
/// given.
package enum OutputNames {
  /// The longest stem.
  package static let maximumLength = 80

  /// One stem per name, in order. `recorded` holds the stems a folder's manifest gives
  /// its systems: a recorded name keeps its stem, and no other name takes one of them.
  package static func stems(for names: [String], recorded: [String: String] = [:]) -> [String] {
    var taken = Set(recorded.filter { !names.contains($0.key) }.values.map { $0.lowercased() })
    return names.map { name in
      if let stem = recorded[name], taken.insert(stem.lowercased()).inserted { return stem }
      return SafeFileName.unique(stem(for: name), taken: &taken)
    }
  }

  /// The stem of one name, before collisions are resolved.
  static func stem(for name: String) -> String {
    SafeFileName.make(name, fallback: "system", maximumLength: maximumLength)
  }
}
