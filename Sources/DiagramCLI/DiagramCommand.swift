import ArgumentParser
import FeedbackDiagram
public import FeedbackGraph
import Foundation

/// Makes a `diagram` executable for your own systems, in a few lines:
///
/// ```swift
/// // Sources/my-diagrams/Diagrams.swift: an executable target that depends on "DiagramCLI"
/// // and on your feature's target. Not named `diagram` (FeedbackLoop's own command is, and
/// // target names are unique in a package graph); not main.swift (it has an @main type).
/// import DiagramCLI
/// import FeedbackGraph  // SystemGraph
/// import FeedbackLoop  // System.graph
/// import MyFeature  // your systems: checkout, onboarding
///
/// @main
/// struct Diagrams: DiagramCommand {
///   static var systems: [SystemGraph] { [checkout.graph, onboarding.graph] }
/// }
/// ```
///
/// `swift run my-diagrams` then renders them into `Diagrams/`; its `list`, `check` and
/// `render --graph FILE.json` work as `diagram`'s do in this repository, and it calls itself
/// `my-diagrams` in help and messages. Add
/// `static var explorations: [RegisteredExploration]` for `diagram explore NAME`.
public protocol DiagramCommand {
  /// The systems the command knows, by name.
  static var systems: [SystemGraph] { get }
  /// The explorations `diagram explore NAME` can run (none by default).
  static var explorations: [RegisteredExploration] { get }
  /// The name the command goes by in its help and messages: the executable's own name by
  /// default (`swift run checkout-diagrams` says `checkout-diagrams`, not `diagram`).
  static var commandName: String { get }
}

extension DiagramCommand {
  /// No explorations.
  public static var explorations: [RegisteredExploration] { [] }

  /// The executable's file name, as it was started (`diagram` when that is unknown).
  public static var commandName: String {
    let path = CommandLine.arguments.first ?? ""
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "diagram" : name
  }

  /// Runs the command line (``DiagramTool``) with ``systems`` and ``explorations``, named
  /// ``commandName``.
  public static func main() {
    DiagramTool<Self>.main()
  }
}
