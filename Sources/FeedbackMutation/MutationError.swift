/// What the mutation runner reports when it cannot run or read: one line each. `diagram`
/// prints it as `Error: …` and exits non-zero.
package enum MutationError: Error, Equatable, CustomStringConvertible {
  /// A `--mutant ID` that no system has.
  case unknownMutant(String)
  /// A results file that is not the JSON of `mutate --json` (or that repeats a mutant).
  case results(String)
  /// Before any mutant ran: the build failed, the suite fails without a mutant, a run ran no test.
  case setup(String)

  /// The message (without the `Error: ` that the command prints before it).
  package var description: String {
    switch self {
    case .unknownMutant(let id): "unknown mutant \(id)"
    case .results(let message), .setup(let message): message
    }
  }
}
