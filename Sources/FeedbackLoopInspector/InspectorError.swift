/// Why `diagram watch` could not start: one line each.
package enum InspectorError: Error, Equatable, CustomStringConvertible {
  /// The folder to watch is missing or not a folder.
  case notAFolder(String)
  /// The page's template is missing from the package's resources.
  case pageMissing(String)
  /// An option out of range.
  case invalid(String)

  /// The error as one line.
  package var description: String {
    switch self {
    case .notAFolder(let path): "\(path) is not a folder: diagram watch shows the trace files of a folder"
    case .pageMissing(let path):
      "the inspector page is missing (\(path)): the package's Templates/ resources are incomplete"
    case .invalid(let reason): reason
    }
  }
}
