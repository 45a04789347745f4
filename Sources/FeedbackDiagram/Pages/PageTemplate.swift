import Mustache

/// Renders the pages' Mustache templates (the report page's and the trace viewer's): every
/// `{{value}}` escaped by `HTMLText.escaped(_:)`, a template that does not parse reported as
/// ``ReportPageError/templateMalformed(path:reason:)`` with its line and column.
enum PageTemplate {
  static func render(_ text: String, source: String, model: Any) throws -> String {
    _ = ReportContentType.registered
    let template: MustacheTemplate
    do {
      template = try MustacheTemplate(string: text)
    } catch let error as MustacheTemplate.ParserError {
      let reason = "line \(error.context.lineNumber), column \(error.context.columnNumber): \(error.error)"
      throw ReportPageError.templateMalformed(path: source, reason: reason)
    } catch {
      throw ReportPageError.templateMalformed(path: source, reason: "\(error)")
    }
    return template.render(model)
  }
}
