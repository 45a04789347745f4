import CGraphviz
public import Foundation
import FeedbackGraph
import FeedbackLoopSupport

/// Renders DOT text through Graphviz's C library, in process.
///
/// libgvc is not thread-safe: concurrent renders crash it. Every call into Graphviz here
/// runs behind one process-wide lock, on one process-wide `GVC_t` context created on first
/// use. Graphviz's error messages are captured (`agseterrf`) and thrown as
/// ``DiagramError/graphviz(_:)``; the library's error state is reset
/// (`agreseterrors`) before each render, so one bad graph does not poison the next. Every
/// graph, layout and output buffer is freed before a render returns.
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
      if let error = ErrorCapture.error() { throw DiagramError.graphviz(error) }
      let data = Data(bytes: buffer, count: Int(length))
      return format == "svg" ? SVGSpaces.preserved(data) : data
    }
  }
}

/// Collects the messages Graphviz reports through `agseterrf` during one render.
///
/// Only touched while `GraphvizRenderer`'s lock is held, which is why the global buffer
/// below, which a C callback must reach without a context pointer, is safe.
enum ErrorCapture {
  nonisolated(unsafe) private static var messages: [String] = []

  static func begin() {
    messages = []
    agreseterrors()
    _ = agseterrf { text in
      if let text { ErrorCapture.messages.append(String(cString: text)) }
      return 0
    }
  }

  static func end() {
    agreseterrors()
  }

  /// Graphviz's messages, trimmed and joined, when one of them is an error (not a warning).
  static func error() -> String? {
    messages.contains { $0.hasPrefix("Error") } ? message(or: "") : nil
  }

  /// Graphviz's messages, trimmed and joined, or `fallback` when it said nothing.
  static func message(or fallback: String) -> String {
    let text = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "\n", with: " ")
    return text.isEmpty ? fallback : text
  }
}
