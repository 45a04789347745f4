import FeedbackGraph
import Foundation

extension DiagramTool {
  /// Rewrites the folder's `index.html` as `render` writes it and `check` expects it (the
  /// registered systems with the default formats and theme, the folder read as it stands),
  /// so that after `report`, `coverage` or `explore` the page lists what the folder holds and
  /// `check` agrees. Only in a folder `check` would pass but for the page: its DOT, Mermaid
  /// and JSON files are those of a default render of every registered system (a folder
  /// drawn with other options keeps its page, which these commands cannot reproduce).
  /// Returns whether it wrote the page.
  ///
  /// - Parameters:
  ///   - output: the folder.
  ///   - theme: the theme the figures were drawn with (the default render's when `nil`).
  ///   - onlyIfWritten: write only when `diagram` wrote an `index.html` there before.
  /// - Throws: what reading the folder or writing the page throws.
  @discardableResult
  static func refreshIndexPage(in output: String, theme: ThemeChoice? = nil, onlyIfWritten: Bool = true) throws
    -> Bool
  {
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    guard !Catalog.systems.isEmpty else { return false }
    if onlyIfWritten, !(try OutputManifest.read(in: folder).files.contains("index.html")) { return false }
    // Parsed, not made: an unparsed ParsableArguments value has no option values.
    var selection = try Selection.parse(["--output", output])
    if let theme { selection.theme = theme }
    let (plan, _) = try selection.planReadingFolder(known: Catalog.systems)
    guard plan.formats.contains(where: { $0.isRendered }),
      DiagramOutput.stale(try plan.sourceFiles(), in: folder).isEmpty
    else { return false }
    try DiagramOutput.write([("index.html", Data(try plan.indexPage().utf8))], to: folder)
    return true
  }
}
