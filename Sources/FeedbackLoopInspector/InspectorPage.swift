import FeedbackTemplates
import Foundation

/// The inspector's own page (`Templates/report/live-inspector.html`): the loops, the
/// controls, and the selected loop's trace viewer page in a frame, reloaded as steps arrive.
enum InspectorPage {
  /// The template's path inside `Templates/`.
  static let path = "report/live-inspector.html"

  /// What the page may load: its own inline script and styles, its event stream and
  /// `/seen` reports, and frames of its own origin (the viewer pages).
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
    + "frame-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The page's HTML.
  static func html() throws -> String {
    guard let url = FeedbackTemplates.url(path), let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw InspectorError.pageMissing("Templates/\(path)")
    }
    return text
  }
}
