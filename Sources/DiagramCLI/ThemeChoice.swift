import ArgumentParser
import FeedbackDiagram

/// A typed `--theme light|dark|FILE.json` option: the theme, read when the option is parsed.
///
/// Parsing never fails here, so that an unknown name or a bad theme file is reported by the
/// command's `validate()` as one line naming it (ArgumentParser's own parse errors add
/// usage lines).
struct ThemeChoice: ExpressibleByArgument {
  /// The name or path given.
  var name: String
  /// The theme, or why there is none.
  var result: Result<Theme, DiagramError>

  /// The light theme, the default.
  static let light = ThemeChoice(argument: "light")

  init(argument: String) {
    name = argument
    do {
      result = .success(try Theme.named(argument))
    } catch let error as DiagramError {
      result = .failure(error)
    } catch {
      result = .failure(.badTheme(path: argument, reason: "\(error)"))
    }
  }

  var defaultValueDescription: String { name }

  /// The theme; throws the one-line error when there is none.
  func theme() throws -> Theme {
    do {
      return try result.get()
    } catch {
      throw DiagramCLIError.invalid(error)
    }
  }

  /// Throws a one-line error for an unknown name or a bad theme file.
  func validate() throws {
    _ = try theme()
  }
}
