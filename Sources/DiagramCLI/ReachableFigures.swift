package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

/// The figures `diagram explore` draws of a reachable graph: its states figure and, when it
/// has more states than one figure shows readably, its atlas too (an overview grouped by
/// enum case, a figure per state, and `<stem>.atlas.html`), which the report page links.
package enum ReachableFigures {
  /// The most reachable states drawn as one figure only. Past it a single figure is too
  /// wide to read (a 56-state upload queue gave a 3840×817 PNG), so the atlas is drawn as
  /// well; the same number is the atlas's largest group.
  package static let readableStates = 40

  /// The files of `graph`'s figures, named after `stem`, and a note to print when the atlas
  /// was drawn.
  /// - Throws: ``DiagramCLIError/invalid(_:)`` when a figure cannot be rendered.
  package static func files(
    for graph: SystemGraph, stem: String, formats: [OutputFormat], theme: Theme
  ) throws -> (files: [(name: String, data: Data)], note: String?) {
    var files: [(name: String, data: Data)]
    do {
      files = try formats.map {
        ("\(stem).states.\($0.rawValue)", try Diagram.render(graph, figure: .states, as: $0, theme: theme))
      }
    } catch let error as DiagramError {
      throw DiagramCLIError.invalid(error)
    }
    guard graph.states.count > readableStates else { return (files, nil) }
    let atlas = try AtlasFiles.make(graph: graph, stem: stem, formats: formats, theme: theme)
    files += atlas.files
    // The atlas page needs an image format (svg, png or pdf); its index is always written.
    let page = "\(stem).atlas.html"
    let shown = files.contains { $0.name == page } ? "\(page); `report` links it from index.html" : "\(stem).atlas.json"
    let note =
      "note: \(graph.name) has \(graph.states.count) reachable states, more than one figure shows readably "
      + "(\(readableStates)): drawn as an atlas too (\(shown))"
    return (files, note)
  }
}
