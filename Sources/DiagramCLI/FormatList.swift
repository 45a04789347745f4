import ArgumentParser
import FeedbackDiagram

/// A typed `--format svg,png,dot` option: the formats in the order given.
///
/// Parsing never fails here, so that an unknown name is reported by the command's
/// `validate()` as one line naming it (ArgumentParser's own parse errors add usage lines).
struct FormatList: ExpressibleByArgument, Equatable {
  /// The known formats given.
  var formats: [OutputFormat]
  /// The names given that are no format.
  var unknown: [String]

  init(_ formats: [OutputFormat]) {
    self.formats = formats
    self.unknown = []
  }

  init?(argument: String) {
    formats = []
    unknown = []
    for name in argument.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
      if let format = OutputFormat(rawValue: name) { formats.append(format) } else { unknown.append(name) }
    }
  }

  var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }

  /// Throws a one-line error for the first unknown name, or for a format outside `allowed`.
  func validate(allowed: [OutputFormat]) throws {
    if let name = unknown.first ?? formats.first(where: { !allowed.contains($0) })?.rawValue {
      throw DiagramCLIError.invalid(.unknown(kind: "format", name: name, known: allowed.map(\.rawValue)))
    }
    if formats.isEmpty {
      throw DiagramCLIError.noFormat(known: allowed.map(\.rawValue))
    }
  }
}
