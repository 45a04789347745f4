/// The command line of `benchmarks`: which rows to run, and how to print them.
///
/// A name selects exactly that row; a name ending in `.` or `*` selects every row that
/// starts with the rest (`memory.`, `scheduler.run-*`). Anything else is an error, never a
/// silent empty run.
struct BenchmarkSelection {
  var names: [String] = []
  var asJSON = false
  var wantsHelp = false

  static let usage = """
    usage: benchmarks [--json] [ROW | GROUP. | PREFIX*]...
      (release build: swift run -c release benchmarks …)

    Runs every row, or the rows named; prints each row's median (and the ratio to its paired
    row), then the ratios the issues set targets for.
      ROW       a row's exact name, e.g. scheduler.run-1k
      GROUP.    every row whose name starts with GROUP., e.g. memory.
      PREFIX*   every row whose name starts with PREFIX, e.g. scheduler.run-*
      --json    print the results as JSON
      --help    print this and the list of rows
    """

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(arguments: [String], rows: [String]) throws {
    for argument in arguments {
      switch argument {
      case "--json": asJSON = true
      case "--help", "-h": wantsHelp = true
      case _ where argument.hasPrefix("-"):
        throw Failure(description: "unknown option \(argument)")
      default:
        guard rows.contains(where: { Self.matches($0, argument) }) else {
          throw Failure(description: "no row matches \"\(argument)\" (see benchmarks --help for the rows)")
        }
        names.append(argument)
      }
    }
  }

  func selects(_ row: String) -> Bool {
    names.isEmpty || names.contains { Self.matches(row, $0) }
  }

  static func matches(_ row: String, _ name: String) -> Bool {
    if name.hasSuffix("*") { return row.hasPrefix(name.dropLast()) }
    if name.hasSuffix(".") { return row.hasPrefix(name) }
    return row == name
  }
}
