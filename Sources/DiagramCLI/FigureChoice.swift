import ArgumentParser
import FeedbackDiagram

/// A typed `--figure states|loop|all` option.
///
/// Parsing never fails here, so that an unknown name is reported by the command's
/// `validate()` as one line naming it (ArgumentParser's own parse errors add usage lines).
struct FigureChoice: ExpressibleByArgument, Equatable {
  /// The figures chosen (empty for an unknown name).
  var figures: [Figure]
  /// The name given when it is no figure.
  var unknown: String?

  /// Every figure (`all`).
  static let all = FigureChoice(figures: Figure.allCases, unknown: nil)

  init(figures: [Figure], unknown: String? = nil) {
    self.figures = figures
    self.unknown = unknown
  }

  init?(argument: String) {
    if argument == "all" {
      self = .all
    } else if let figure = Figure(rawValue: argument) {
      self.init(figures: [figure], unknown: nil)
    } else {
      self.init(figures: [], unknown: argument)
    }
  }

  var defaultValueDescription: String {
    figures == Figure.allCases ? "all" : figures.map(\.rawValue).joined(separator: ",")
  }

  static var allValueStrings: [String] { Figure.allCases.map(\.rawValue) + ["all"] }

  /// Throws a one-line error for an unknown name.
  func validate() throws {
    if let unknown {
      throw DiagramCLIError.invalid(.unknown(kind: "figure", name: unknown, known: Self.allValueStrings))
    }
  }
}
