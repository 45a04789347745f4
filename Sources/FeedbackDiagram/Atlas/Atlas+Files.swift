import FeedbackGraph
public import Foundation

extension Atlas {
  /// The most states an atlas draws: each is a figure of its own, rendered one after the
  /// other (1,000 states take about 4 s and 93 MB in the `atlas.1000` row).
  package static let maximumStates = 5_000

  /// The image format an atlas's page and links use among `formats`: svg, else png, else
  /// pdf; `nil` when there is no image format.
  package static func imageFormat(in formats: [OutputFormat]) -> OutputFormat? {
    [.svg, .png, .pdf].first(where: formats.contains)
  }

  /// Every file of the atlas for a system whose files are named `systemStem`: the
  /// overview (`<System>.atlas.<ext>`), a focus figure per state
  /// (`<System>.atlas.focus.<state>.<ext>`: four dotted parts, so no trace figure
  /// `<System>.<test>.trace-path.<ext>` can have the same name), in each of `formats` (svg, png, pdf, dot), and
  /// the atlas page `<System>.atlas.html` when there is an image format. Renders one figure
  /// at a time through ``GraphvizRenderer``.
  ///
  /// - Throws: ``DiagramError/unknown(kind:name:known:)`` for `mmd` and `json`;
  ///   ``DiagramError/badTheme(path:reason:)`` for a theme that fails
  ///   ``Theme/validate(source:)``; ``DiagramError/badGraph(_:)`` for an incoherent graph;
  ///   ``DiagramError/tooLarge(what:count:limit:)`` past 5,000 states;
  ///   Graphviz's errors.
  public func files(systemStem: String, formats: [OutputFormat]) throws -> [(name: String, data: Data)] {
    try theme.validate()
    guard graph.states.count <= Self.maximumStates else {
      throw DiagramError.tooLarge(
        what: "the atlas of \(messageQuoted(graph.name, limit: 60))", count: graph.states.count,
        limit: Self.maximumStates)
    }
    if let bad = formats.first(where: { $0 == .mmd || $0 == .json }) {
      throw DiagramError.unknown(kind: "format for an atlas", name: bad.rawValue, known: ["svg", "png", "pdf", "dot"])
    }
    do {
      try graph.checkCoherence(source: String(graph.name.prefix(60)).debugDescription)
    } catch {
      throw DiagramError.badGraph("\(error)")
    }
    let image = Self.imageFormat(in: formats)
    let links = index(systemStem: systemStem, image: (image ?? .svg).rawValue)
    var files: [(name: String, data: Data)] = []
    func add(_ stem: String, _ dot: String) throws {
      for format in formats {
        files.append(("\(stem).\(format.rawValue)", try Diagram.render(dot: dot, as: format)))
      }
    }
    try add("\(systemStem).atlas", overviewDOT)
    for (state, stem) in zip(graph.states, stateStems) {
      guard let dot = focusDOT(for: state.id, links: links) else { continue }
      try add("\(systemStem).atlas.focus.\(stem)", dot)
    }
    if image != nil {
      files.append((links.page, Data(Self.page(links).utf8)))
    }
    return files
  }

  /// A plain page showing the overview and linking every focus figure, grouped by case as
  /// the overview groups them. Every name is escaped by `HTMLText.escaped(_:)`, and the
  /// page's Content-Security-Policy allows no script and no request but its own images.
  package static func page(_ index: AtlasIndex) -> String {
    let html = HTMLText.escaped
    let notes = index.notes.map { "<li>\(html($0))</li>" }.joined()
    // Grouped as the overview groups them, so a state is found under its case.
    let file = Dictionary(index.focus.map { ($0.state, $0.file) }, uniquingKeysWith: { first, _ in first })
    let focus = StateGroups(states: index.focus.map(\.state)).groups.map { group in
      "<h3>\(html(group.name)) (\(group.members.count))</h3>\n<ul class=\"focus\">\n"
        + group.members.map { "<li><a href=\"\(html(file[$0] ?? ""))\">\(html($0))</a></li>" }.joined(separator: "\n")
        + "\n</ul>"
    }.joined(separator: "\n")
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
      <title>\(html(index.system)) — atlas</title>
      <style>body{font-family:system-ui,sans-serif;margin:2em;max-width:80em}img{max-width:100%;height:auto}ul.focus{columns:4 14em}</style>
      </head><body>
      <h1>\(html(index.system)) — atlas</h1>
      \(notes.isEmpty ? "" : "<ul class=\"notes\">\(notes)</ul>")
      <figure><img src="\(html(index.overview))" alt="\(html(index.system)) overview: states grouped by enum case"><figcaption>Overview: states grouped by enum case or type; edges merged with counts</figcaption></figure>
      <h2>Every state (\(index.focus.count)): its transitions in and out</h2>
      \(focus)
      </body></html>

      """
  }
}
