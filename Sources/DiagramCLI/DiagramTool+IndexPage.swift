import FeedbackGraph
import Foundation

extension DiagramTool {
  /// Rewrites the folder's `index.html` as `render` writes it and `check` expects it (the
  /// registered systems with the default formats and theme, the folder read as it stands),
  /// when `diagram` wrote one there before: so that after `report`, `coverage` or `explore`
  /// the page lists what the folder holds and `check` agrees. Returns whether it wrote it.
  /// - Throws: what reading the folder or writing the page throws.
  @discardableResult
  static func refreshIndexPage(in output: String) throws -> Bool {
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    guard !Catalog.systems.isEmpty, try OutputManifest.read(in: folder).files.contains("index.html") else {
      return false
    }
    // Parsed, not made: an unparsed ParsableArguments value has no option values.
    let selection = try Selection.parse(["--output", output])
    let (plan, _) = try selection.planReadingFolder(known: Catalog.systems)
    guard plan.formats.contains(where: { $0.isRendered }) else { return false }
    try DiagramOutput.write([("index.html", Data(try plan.indexPage().utf8))], to: folder)
    return true
  }
}
