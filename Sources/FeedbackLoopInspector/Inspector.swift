import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopSupport
package import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `diagram watch DIR`: a local web server that shows the loops whose trace files appear or
/// grow in a folder, live (a ``TraceTail`` per file, grouped by ``LiveLoops``), on one page.
///
/// Create one with an ``InspectorConfiguration`` and call ``run(ready:)``, which serves until
/// its task is cancelled and hands over the page's URL once it listens.
///
/// One process: the folder is polled every ``InspectorConfiguration/pollInterval``; the page
/// gets the loops' summaries as Server-Sent Events (`/events`) and each loop's steps as a
/// trace viewer page (`/loop/<id>`; `/loop/<id>?last=200`, the page's live view: the newest
/// 200). Its tasks run on two threads of its own, never waiting behind work that blocks the
/// shared pool. It listens on 127.0.0.1 unless told otherwise, and
/// every request must carry the random token of the printed URL (403 otherwise). No request
/// path reaches the file system (``InspectorRoute``). Nothing a trace file holds stops the
/// server: problems are listed on the page.
package final class Inspector: Sendable {
  /// How it serves.
  package let configuration: InspectorConfiguration
  let token: InspectorToken
  let loops: Protected<LiveLoops>
  private let pages = Protected<[Int: CachedPage]>([:])
  private let seenLog = Protected<[SeenStep]>([])
  private let page: String

  /// One loop's rendered viewer page, for the loop's version.
  struct CachedPage: Sendable {
    var version: Int
    var window: Int
    var html: String
  }

  /// The most `/seen` reports kept (the newest).
  static let maximumSeen = 100_000

  /// An inspector of `configuration.folder`, with a new random token.
  ///
  /// - Throws: ``InspectorError`` when the folder is not a folder, or the page's template is
  ///   missing.
  package convenience init(configuration: InspectorConfiguration) throws {
    try self.init(configuration: configuration, token: InspectorToken())
  }

  /// An inspector with a given token (tests).
  package init(configuration: InspectorConfiguration, token: InspectorToken) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: configuration.folder.path, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw InspectorError.notAFolder(configuration.folder.path)
    }
    guard configuration.maximumSteps >= 1 else { throw InspectorError.invalid("--keep must be at least 1") }
    self.configuration = configuration
    self.token = token
    var live = LiveLoops(folder: configuration.folder)
    live.maximumSteps = configuration.maximumSteps
    live.registered = configuration.registered
    loops = Protected(live)
    page = try InspectorPage.html()
  }

  /// The page's address on `port`, with the token: `http://127.0.0.1:PORT/?token=…`.
  package func url(port: Int) -> URL {
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return URL(string: "http://\(host):\(port)/?token=\(token.text)")!
  }

  /// The steps the page reported it showed, oldest first (the newest ``maximumSeen``).
  package var seen: [SeenStep] { seenLog.withLock { $0 } }

  /// Serves until the task is cancelled; calls `ready` with the page's URL once listening.
  ///
  /// - Throws: when the address cannot be bound.
  package func run(ready: @escaping @Sendable (URL) async -> Void) async throws {
    let responder = CallbackResponder<BasicRequestContext> { [self] request, _ in
      await respond(to: request)
    }
    var logger = Logger(label: "diagram-watch")
    logger.logLevel = .critical
    let app = Application(
      responder: responder,
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port), serverName: nil),
      onServerRunning: { [self] channel in
        await ready(url(port: channel.localAddress?.port ?? configuration.port))
      },
      logger: logger)
    // Every task below, and every connection's task the server starts, prefers the
    // inspector's own threads (``InspectorThreads``) to the shared pool.
    try await withTaskExecutorPreference(InspectorThreads.shared) {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { [self] in
          while !Task.isCancelled {
            loops.withLock { _ = $0.poll() }
            try await Task.sleep(for: configuration.pollInterval)
          }
        }
        group.addTask { try await app.run() }
        try await group.next()
        group.cancelAll()
      }
    }
  }

  /// The response to `request`: 403 without the token, 404 for any path but the routes.
  func respond(to request: Request) async -> Response {
    guard token.matches(request.uri.queryParameters["token"]) else {
      return Self.text(.forbidden, "403: this address needs the token of the URL diagram watch printed\n")
    }
    guard request.method == .get || request.method == .head, let route = InspectorRoute(path: request.uri.path) else {
      return Self.text(.notFound, "404: diagram watch serves its page and the loops of its folder only\n")
    }
    switch route {
    case .page:
      return Self.html(page, policy: InspectorPage.contentSecurityPolicy)
    case .events:
      return events()
    case .loop(let id):
      guard let last = request.uri.queryParameters["last"] else { return loopPage(id: id, last: nil) }
      guard let count = Int(last), count >= 1 else {
        return Self.text(.badRequest, "400: last must be a number of steps, at least 1\n")
      }
      return loopPage(id: id, last: count)
    case .seen:
      let query = request.uri.queryParameters
      guard let loop = query["loop"].flatMap({ Int($0) }), let session = query["session"].flatMap({ Int($0) }),
        let step = query["step"].flatMap({ Int($0) })
      else { return Self.text(.badRequest, "400: /seen needs loop, session and step as integers\n") }
      let mode = String((query["mode"] ?? "live").prefix(16).filter { $0.isASCII && $0.isLetter })
      let report = SeenStep(loop: loop, session: session, step: step, mode: mode, at: Date().timeIntervalSince1970)
      seenLog.withLock {
        $0.append(report)
        if $0.count > Self.maximumSeen { $0.removeFirst($0.count - Self.maximumSeen) }
      }
      return Response(status: .noContent, headers: Self.commonHeaders)
    }
  }

  /// The viewer page of loop `id`'s kept steps, or of the `last` of them (the page's live
  /// view asks for a few, so that following a loop costs little; paused, it asks for all),
  /// rendered once per change of the loop.
  private func loopPage(id: Int, last: Int?) -> Response {
    guard let loop = loops.withLock({ $0.loop(id: id) }), let graph = loop.header.graph else {
      return Self.text(.notFound, "404: no loop \(id) in this folder\n")
    }
    let window = min(last ?? loop.steps.count, loop.steps.count)
    if let cached = pages.withLock({ $0[id] }), cached.version == loop.version, cached.window == window {
      return Self.html(cached.html, policy: "frame-ancestors 'self'")
    }
    let viewer = TraceViewerPage(
      graph: graph, trace: Trace(header: loop.header, steps: Array(loop.steps.suffix(window))),
      theme: configuration.theme, totalSteps: loop.total)
    do {
      let html = try viewer.render()
      pages.withLock { $0[id] = CachedPage(version: loop.version, window: window, html: html) }
      return Self.html(html, policy: "frame-ancestors 'self'")
    } catch {
      return Self.text(.internalServerError, "500: \(loop.system) cannot be drawn: \(error)\n")
    }
  }

  /// The Server-Sent Events stream: the loops' summary at once, then at each change.
  private func events() -> Response {
    let lifetime = configuration.streamLifetime
    let body = ResponseBody { [self] writer in
      let start = ContinuousClock.now
      var sent = -1
      var lastWrite = start
      try await writer.write(ByteBuffer(string: "retry: 200\n\n"))
      while !Task.isCancelled {
        let (version, json) = loops.withLock { ($0.version, $0.version != sent ? $0.summaryJSON : nil) }
        let now = ContinuousClock.now
        if let json {
          try await writer.write(ByteBuffer(string: "data: \(json)\n\n"))
          sent = version
          lastWrite = now
        } else if now - lastWrite > .seconds(15) {
          try await writer.write(ByteBuffer(string: ": still here\n\n"))
          lastWrite = now
        }
        if let lifetime, now - start >= lifetime { break }
        try await Task.sleep(for: .milliseconds(5))
      }
      try await writer.finish(nil)
    }
    var headers = Self.commonHeaders
    headers[.contentType] = "text/event-stream"
    return Response(status: .ok, headers: headers, body: body)
  }

  private static var commonHeaders: HTTPFields {
    var headers = HTTPFields()
    headers[.cacheControl] = "no-store"
    headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
    headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
    return headers
  }

  private static func html(_ text: String, policy: String) -> Response {
    var headers = commonHeaders
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.contentSecurityPolicy] = policy
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }

  private static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
    var headers = commonHeaders
    headers[.contentType] = "text/plain; charset=utf-8"
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
