public import FeedbackGraph
import FeedbackTemplates
public import Foundation

/// One recorded run as a page to step through (`<System>.<test>.trace.html`): the system's
/// states figure with the current state and the edge just taken highlighted, the step list,
/// the timeline with a cursor, and a detail pane with the state before and after as a
/// structured diff, the event and who sent it, and the effects running at that step.
///
/// Steps are numbered as the trace path and timeline figures number them (`#3`: the step's
/// index in the trace). Move with a click, ← and →, Home and End, `f` (the failing step),
/// or a `#step=N` URL; a failing test's page opens at its failing step.
///
/// One self-contained file: the figure is inline SVG (rendered through
/// ``GraphvizRenderer``), the script and styles are inline, and the
/// Content-Security-Policy is the report page's (`index.html`): nothing loads from the
/// network. Light and dark follow `prefers-color-scheme`. Every name is escaped: text in
/// HTML through the page escaper, the steps as JSON that is safe inside `<script>`.
///
/// Large traces stay fast: the steps are embedded as one JSON array of small arrays with
/// strings interned, the list renders only its visible rows, and the timeline is drawn on a
/// canvas around the cursor (plus an overview of the whole run).
///
/// ```swift
/// let page = TraceViewerPage(graph: trace.header.graph!, trace: trace)
/// try page.render().write(
///   to: folder.appendingPathComponent(page.fileName(stem: "TrafficLight")), atomically: true, encoding: .utf8)
/// ```
public struct TraceViewerPage: Sendable {
  /// The machine the run is drawn on: the graph the trace was recorded against.
  package var graph: SystemGraph
  /// The run (or the window of it that was read).
  package var trace: Trace
  /// The figure's colours and fonts; the figure sits on a card of its background.
  package var theme: Theme
  /// How many steps the trace file holds: more than ``trace`` keeps when only a window was
  /// read (the page says so).
  package var totalSteps: Int
  /// How much drawing the figure may ask of Graphviz.
  package var budget = RenderBudget.standard

  /// A page for `trace` on `graph`.
  public init(graph: SystemGraph, trace: Trace, theme: Theme = .light, totalSteps: Int? = nil) {
    self.graph = graph
    self.trace = trace
    self.theme = theme
    self.totalSteps = totalSteps ?? trace.steps.count
  }

  /// The template's path inside `Templates/`.
  package static let templatePath = "report/trace-viewer.mustache"
  /// The scripts' paths inside `Templates/`, inlined into the page in this order: the
  /// detail pane and the timeline (each a function), then the viewer, which calls them.
  package static let scriptPaths = [
    "report/trace-viewer-detail.js", "report/trace-viewer-timeline.js", "report/trace-viewer.js",
  ]

  /// The index of the step the page opens at: the failing step when the trace holds it,
  /// else the first step; `nil` for a trace without steps.
  package var openingStep: Int? {
    (TraceViewerData.failingOffset(trace).map { trace.steps[$0] } ?? trace.steps.first)?.index
  }

  /// `<stem>.<test>.trace.html`, from the system's file-name stem; the test's name in safe
  /// characters (`trace` when the trace names none), as the trace's figures are named.
  public func fileName(stem: String) -> String {
    "\(stem).\(trace.header.test.map { SafeFileName.make($0, fallback: "trace") } ?? "trace").trace.html"
  }

  /// The page's HTML.
  ///
  /// - Throws: ``ReportPageError`` when the template or a script is missing, unreadable
  ///   or malformed; ``DiagramError`` when Graphviz cannot render the figure.
  /// - Complexity: O(steps) plus rendering the states figure.
  public func render(template: URL? = nil) throws -> String {
    let text = try Self.resource(template, Self.templatePath)
    var scripts: [String] = []
    for path in Self.scriptPaths {
      let script = try Self.resource(nil, path)
      guard !script.localizedCaseInsensitiveContains("</script") else {
        throw ReportPageError.templateMalformed(path: path, reason: "the script contains </script")
      }
      scripts.append(script)
    }
    let figure = try self.figure()
    let data = TraceViewerData.json(
      graph: graph, trace: trace, figure: figure.ids, figureDrawn: figure.drawn, totalSteps: totalSteps)
    let outcome = trace.header.outcome
    let model = Model(
      title: "\(graph.name) · \(trace.header.test ?? "trace")",
      system: graph.name,
      test: trace.header.test ?? "recorded trace",
      originLabel: originLabel,
      status: outcome.status.rawValue,
      stepCount: trace.steps.count,
      windowNote: windowNote,
      hasWindowNote: !windowNote.isEmpty,
      figureNote: figure.note ?? "",
      cardColor: ReportPage(systems: [], figureBackground: theme.background).cardColor,
      svg: figure.svg,
      data: data,
      script: scripts.joined(separator: "\n"))
    return try PageTemplate.render(text, source: template?.path ?? Self.templatePath, model: model)
  }

  /// Who recorded the trace, as the header says it: `recorded by a test`.
  var originLabel: String {
    switch trace.header.recordedBy {
    case .test: "a test"
    case .explorer: "the explorer"
    case .app: "an app"
    }
  }

  /// `steps #a–#b of N` when the page holds a window of a longer trace.
  var windowNote: String {
    guard totalSteps > trace.steps.count, let first = trace.steps.first, let last = trace.steps.last else { return "" }
    return "steps #\(first.index)–#\(last.index) of \(totalSteps) (the window diagram trace keeps)"
  }

  /// The template's view of the page (plain stored properties: Mustache reads them by name).
  struct Model {
    var title: String
    var system: String
    var test: String
    var originLabel: String
    var status: String
    var stepCount: Int
    var windowNote: String
    var hasWindowNote: Bool
    var figureNote: String
    var cardColor: String
    /// Pre-escaped: the SVG (from Graphviz, names as XML entities), the data (``ScriptJSON``)
    /// and the scripts (checked for `</script`); the template inserts them with `{{{…}}}`.
    var svg: String
    var data: String
    var script: String
  }

  /// The text of `url`, else of the package's `Templates/<path>`.
  private static func resource(_ url: URL?, _ path: String) throws -> String {
    guard let url = url ?? FeedbackTemplates.url(path) else {
      throw ReportPageError.templateMissing(path: "Templates/\(path)")
    }
    do {
      return try String(contentsOf: url, encoding: .utf8)
    } catch {
      let exists = FileManager.default.fileExists(atPath: url.path)
      throw exists
        ? ReportPageError.templateUnreadable(path: url.path) : ReportPageError.templateMissing(path: url.path)
    }
  }

}
