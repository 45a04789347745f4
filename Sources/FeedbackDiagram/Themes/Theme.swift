import FeedbackGraph
import FeedbackTemplates
public import Foundation

/// Colours and fonts of a figure. Built-in themes live in `Templates/themes/` (`light`,
/// `dark`); a theme file of your own is the same JSON. A theme is made only from its JSON
/// (``named(_:)``, ``load(_:)``, or decoded and then ``validate(source:)``d), so that every
/// value that reaches Graphviz has been checked.
public struct Theme: Codable, Hashable, Sendable {
  /// The figure's background colour.
  package var background: String
  /// The font of every label (a fontconfig name, e.g. `Helvetica`).
  package var fontName: String
  /// The size of state and edge labels, in points (titles are larger).
  package var fontSize: Double
  /// The colour of labels.
  package var text: String
  /// The colour of secondary text: captions, counts, notes.
  package var muted: String
  /// The fill of a state.
  package var stateFill: String
  /// The border of a state.
  package var stateBorder: String
  /// The initial-state marker and its edge.
  package var initial: String
  /// The colour of transitions.
  package var edge: String
  /// Transitions from any state, and the "any state" node.
  package var wildcard: String
  /// The labels of guarded transitions.
  package var guardColor: String
  /// The fill of a feedback in the loop figure.
  package var feedbackFill: String
  /// The border of a feedback in the loop figure.
  package var feedbackBorder: String
  /// The fill of the transitions (reducer) node in the loop figure.
  package var reducerFill: String
  /// The border of the transitions (reducer) node in the loop figure.
  package var reducerBorder: String
  /// The fill of the legend.
  package var legendFill: String
  /// The border of the legend.
  package var legendBorder: String
  /// Coverage: a transition no test exercised, and the border of a state never entered.
  package var uncovered: String = "#cf222e"
  /// Coverage: the fill of a state never entered.
  package var uncoveredFill: String = "#ffebe9"
  /// Coverage and traces: a transition that happened but is not declared.
  package var undeclared: String = "#d4580b"
  /// Traces: the path a recorded run took.
  package var path: String = "#0969da"
  /// Traces: the failing step.
  package var failure: String = "#cf222e"

  enum CodingKeys: String, CodingKey {
    case background, fontName, fontSize, text, muted, stateFill, stateBorder, initial, edge, wildcard
    case guardColor = "guard"
    case feedbackFill, feedbackBorder, reducerFill, reducerBorder, legendFill, legendBorder
    case uncovered, uncoveredFill, undeclared, path, failure
  }

  /// The built-in light theme.
  public static var light: Theme { (try? named("light")) ?? fallback }

  /// The built-in dark theme.
  public static var dark: Theme { (try? named("dark")) ?? fallback }

  /// A built-in theme by name (`light`, `dark`), or the theme file at `name` when it is a
  /// path (it contains `/` or ends in `.json`).
  ///
  /// - Throws: ``DiagramError/unknown(kind:name:known:)`` for an unknown name,
  ///   ``DiagramError/badTheme(path:reason:)`` for an unreadable file.
  public static func named(_ name: String) throws -> Theme {
    if name.hasSuffix(".json") || name.contains("/") {
      return try load(URL(fileURLWithPath: name))
    }
    guard let url = FeedbackTemplates.url("themes/\(name).json") else {
      throw DiagramError.unknown(kind: "theme", name: name, known: FeedbackTemplates.themeNames + ["PATH.json"])
    }
    return try load(url)
  }

  /// Reads a theme file and validates it (``validate(source:)``).
  public static func load(_ url: URL) throws -> Theme {
    if let kind = nonRegularFileKind(atPath: url.path) {
      throw DiagramError.badTheme(path: url.path, reason: "is \(kind), not a theme file")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DiagramError.badTheme(path: url.path, reason: "cannot be read")
    }
    let theme: Theme
    do {
      theme = try JSONDecoder().decode(Theme.self, from: data)
    } catch let DecodingError.keyNotFound(key, _) {
      throw DiagramError.badTheme(path: url.path, reason: "missing key \"\(key.stringValue)\"")
    } catch {
      throw DiagramError.badTheme(path: url.path, reason: "not a theme (expected a JSON object of colours)")
    }
    try theme.validate(source: url.path)
    return theme
  }

  /// Used only if the embedded themes cannot be found (a broken install).
  static let fallback = Theme(
    background: "white", fontName: "Helvetica", fontSize: 12, text: "black", muted: "gray40",
    stateFill: "white", stateBorder: "black", initial: "black", edge: "black", wildcard: "purple",
    guardColor: "darkorange", feedbackFill: "white", feedbackBorder: "black", reducerFill: "white",
    reducerBorder: "black", legendFill: "white", legendBorder: "gray70")
}
