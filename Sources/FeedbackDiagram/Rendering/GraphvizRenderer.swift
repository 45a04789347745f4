import CGraphviz
public import Foundation
import FeedbackGraph
import FeedbackLoopSupport

/// Renders DOT text through Graphviz's C library, in process.
///
/// libgvc is not thread-safe: concurrent renders crash it. Every call into Graphviz here
/// runs behind one process-wide lock, on one process-wide `GVC_t` context created on first
/// use. Graphviz's error messages are kept in its own message file (never printed, never
/// handed to a callback, see `ErrorCapture`) and thrown as ``DiagramError/graphviz(_:)``;
/// the library's error state is reset (`agreseterrors`) before each render, so one bad graph
/// does not poison the next. Every graph, layout and output buffer is freed before a render
/// returns.
///
/// ```swift
/// let svg = try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg")
/// ```
public final class GraphvizRenderer: Sendable {
  /// The process-wide renderer.
  public static let shared = GraphvizRenderer()

  private let lock = Protected(Session())

  /// What lives behind the lock: the process-wide Graphviz context.
  ///
  /// `@unchecked Sendable` is safe: the context pointer is only used inside
  /// `lock.withLock`, so no two threads ever touch it at once.
  private struct Session: @unchecked Sendable {
    var context: OpaquePointer?
  }

  private init() {}

  /// Lays out `dot` with `engine` and renders it as `format` (svg, png, pdf, or any
  /// Graphviz output format such as `json` or `dot`).
  ///
  /// - Throws: ``DiagramError/graphviz(_:)`` with Graphviz's message for malformed DOT,
  ///   ``DiagramError/pluginsMissing(_:)`` when the layout or output plugins are not
  ///   registered (run `dot -c` as root).
  public func render(dot: String, format: String, engine: String = "dot") throws -> Data {
    try lock.withLock { session in
      if session.context == nil {
        session.context = gvContext()
      }
      let context = session.context
      ErrorCapture.begin()
      defer { ErrorCapture.end() }

      guard let graph = dot.withCString({ agmemread($0) }) else {
        throw DiagramError.graphviz(ErrorCapture.message(or: "the DOT text could not be parsed"))
      }
      defer { agclose(graph) }
      if agerrors() > 0 {
        throw DiagramError.graphviz(ErrorCapture.message(or: "the DOT text has errors"))
      }
      guard gvLayout(context, graph, engine) == 0 else {
        let message = ErrorCapture.message(or: "layout \"\(engine)\" failed")
        if message.contains("not recognized") { throw DiagramError.pluginsMissing(message) }
        throw DiagramError.graphviz(message)
      }
      defer { gvFreeLayout(context, graph) }
      var buffer: UnsafeMutablePointer<CChar>?
      var length: UInt32 = 0
      guard gvRenderData(context, graph, format, &buffer, &length) == 0, let buffer else {
        let message = ErrorCapture.message(or: "rendering as \"\(format)\" failed")
        if message.contains("not recognized") || message.contains("Format") {
          throw DiagramError.pluginsMissing(message)
        }
        throw DiagramError.graphviz(message)
      }
      defer { gvFreeRenderData(buffer) }
      // Graphviz reports some errors and renders anyway: an HTML-like label it cannot read
      // is drawn as the node's id. A figure never shows something other than its input.
      if agerrors() > 0 { throw DiagramError.graphviz(ErrorCapture.message(or: "the DOT text has errors")) }
      let data = Data(bytes: buffer, count: Int(length))
      return format == "svg" ? SVGSpaces.preserved(data) : data
    }
  }
}

/// Graphviz's messages during one render, read from the library's own message file.
///
/// Graphviz 2.42 formats a message for a function set with `agseterrf` in a 1,024-byte
/// buffer; a longer message (one quoting a long label) is formatted a second time with a
/// `va_list` it has already used up, into a buffer it has just freed (`userout` drops
/// `realloc`'s result). Under load that crashed the suite inside `strlen` on a `%s` argument
/// read from garbage (`0xffffffff`). So no function is set: with the report level at
/// `AGMAX`, every message goes to Graphviz's message file through `vfprintf`, at any length,
/// and ``message(or:)`` reads the render's last one back with `aglasterr` (``begin()`` marks
/// where the render's messages start).
///
/// Only touched while `GraphvizRenderer`'s lock is held.
enum ErrorCapture {
  static func begin() {
    _ = agseterrf(nil)
    _ = agseterr(AGMAX)
    feedbackloop_agerr_mark()
    agreseterrors()
  }

  static func end() {
    agreseterrors()
  }

  /// Graphviz's last message (with the lines that continue it), trimmed and on one line,
  /// or `fallback` when it said nothing during this render.
  static func message(or fallback: String) -> String {
    guard let text = aglasterr() else { return fallback }
    defer { free(text) }
    let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "\n", with: " ")
    return message.isEmpty ? fallback : message
  }
}
