import FeedbackTemplates
package import Foundation
import Mustache

/// The report page (`index.html`): every figure of every system in an output folder, each
/// zoomable and pannable, with links to the system's other pages (atlas, coverage, trace)
/// and the systems that earlier runs drew into the same folder.
///
/// Rendered with Mustache from `Templates/report/index.mustache`. Every value is inserted
/// escaped (`HTMLText.escaped(_:)`, the template's content type), so a system named
/// `<script>` shows as text. The page loads nothing from the network: its
/// Content-Security-Policy forbids it, and its script and styles are inline.
///
/// ```swift
/// let figure = ReportPage.Figure(
///   src: "Checkout.states.svg", alt: "Checkout states", caption: "States and transitions")
/// let system = ReportPage.System(name: "Checkout", anchor: "Checkout", figures: [figure])
/// let page = ReportPage(title: "Checkout", systems: [system])
/// try page.render().write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
/// ```
package struct ReportPage: Sendable, Equatable {
  /// One image on the page.
  package struct Figure: Sendable, Equatable {
    /// The image's file name, relative to the page.
    package var src: String
    /// Its text alternative.
    package var alt: String
    /// The line shown under it.
    package var caption: String

    /// A figure.
    package init(src: String, alt: String, caption: String) {
      self.src = src
      self.alt = alt
      self.caption = caption
    }
  }

  /// A link to another page or file of a system: its atlas, coverage or trace pages.
  package struct Link: Sendable, Equatable {
    /// What it is, as shown: `atlas`, `coverage`, `trace checkout-fails`.
    package var label: String
    /// The file name, relative to the page.
    package var href: String

    /// A link.
    package init(label: String, href: String) {
      self.label = label
      self.href = href
    }
  }

  /// One system's section.
  package struct System: Sendable, Equatable {
    /// The system's name, as shown.
    package var name: String
    /// The section's `id` (its file-name stem: letters, digits, `-`, `_`).
    package var anchor: String
    /// Its figures, in order.
    package var figures: [Figure]
    /// Its other pages.
    package var links: [Link]

    /// A system's section.
    package init(name: String, anchor: String, figures: [Figure], links: [Link] = []) {
      self.name = name
      self.anchor = anchor
      self.figures = figures
      self.links = links
    }
  }

  /// The page's title and heading.
  package var title: String
  /// The systems this run drew.
  package var systems: [System]
  /// The systems earlier runs drew into the same folder (from its manifest).
  package var earlierSystems: [System]
  /// The colour of the cards the figures sit on: the figures' theme background, so a figure
  /// drawn with the dark theme sits on a dark card (in light and dark mode alike). Used only
  /// when it is a `#` hex colour or a plain colour name; white otherwise.
  package var figureBackground: String

  /// A page.
  package init(
    title: String = ReportPage.defaultTitle, systems: [System], earlierSystems: [System] = [],
    figureBackground: String = "#ffffff"
  ) {
    self.title = title
    self.systems = systems
    self.earlierSystems = earlierSystems
    self.figureBackground = figureBackground
  }

  /// ``figureBackground`` when it is safe inside CSS (`#` and 3 to 8 hex digits, or letters
  /// and digits only), else white.
  var cardColor: String {
    let scalars = figureBackground.unicodeScalars
    let hex =
      scalars.first == "#" && (4...9).contains(scalars.count)
      && scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
    let name =
      (1...40).contains(scalars.count)
      && scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    return hex || name ? figureBackground : "#ffffff"
  }

  /// The title `diagram render` gives the page.
  package static let defaultTitle = "Feedback loop diagrams"

  /// The template's path inside `Templates/`.
  package static let templatePath = "report/index.mustache"

  /// The page's HTML, from `template` (default: the package's `Templates/report/index.mustache`).
  /// - Throws: ``ReportPageError`` when the template is missing, unreadable or malformed.
  package func render(template: URL? = nil) throws -> String {
    guard let url = template ?? FeedbackTemplates.url(Self.templatePath) else {
      throw ReportPageError.templateMissing(path: "Templates/\(Self.templatePath)")
    }
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      let exists = FileManager.default.fileExists(atPath: url.path)
      throw exists
        ? ReportPageError.templateUnreadable(path: url.path) : ReportPageError.templateMissing(path: url.path)
    }
    return try PageTemplate.render(text, source: url.path, model: model)
  }

  /// What the template sees.
  var model: Model {
    let sections =
      systems.map { Model.Section($0, earlier: false) } + earlierSystems.map { Model.Section($0, earlier: true) }
    return Model(
      title: title, sections: sections, figureCount: sections.reduce(0) { $0 + $1.figures.count }, cardColor: cardColor)
  }

  /// The template's view of the page (plain stored properties: Mustache reads them by name).
  struct Model {
    /// A system's section: this run's systems first, then earlier runs'.
    struct Section {
      var name: String
      var anchor: String
      var figures: [Figure]
      var links: [Link]
      var earlier: Bool

      init(_ system: System, earlier: Bool) {
        (name, anchor, figures, links) = (system.name, system.anchor, system.figures, system.links)
        self.earlier = earlier
      }
    }

    var title: String
    var sections: [Section]
    var figureCount: Int
    var cardColor: String
  }
}

/// The template's content type (`{{% CONTENT_TYPE: FEEDBACK_HTML}}`): Mustache's `{{value}}`
/// escaped by `HTMLText.escaped(_:)`, this package's one HTML escaper.
struct ReportContentType: MustacheContentType {
  static let name = "FEEDBACK_HTML"

  /// Registers the content type once, before the first template is parsed.
  static let registered: Void = MustacheContentTypes.register(ReportContentType(), named: name)

  func escapeText(_ text: String) -> String { HTMLText.escaped(text) }
}
