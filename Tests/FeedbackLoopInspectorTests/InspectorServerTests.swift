import FeedbackLoopSupport
import Foundation
import Testing

@testable import FeedbackLoopInspector

/// The server on a free loopback port, with a known token, serving a folder with one trace.
@Suite struct InspectorServerTests {
  static let token = InspectorToken(text: "0123456789abcdef0123456789abcdef")

  /// Runs `body` with the port of a running inspector of a folder holding one short trace.
  static func withServer(_ body: (Int) async throws -> Void) async throws {
    let folder = try TraceFolder()
    try folder.create("TrafficLight-1.jsonl", try TraceFolder.trace(0..<3))
    let inspector = try Inspector(configuration: InspectorConfiguration(folder: folder.url), token: Self.token)
    let port = Protected<Int?>(nil)
    let server = Task { try await inspector.run { url in port.withLock { $0 = url.port } } }
    defer { server.cancel() }
    // Long: a loaded machine (the whole suite, a second suite beside it) can be slow to start anything.
    let deadline = ContinuousClock.now + .seconds(600)
    while port.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    let bound = try #require(port.withLock { $0 })
    try await body(bound)
  }

  /// `GET /loop/1` once the server has read the folder (a few polls at most).
  static func firstLoop(port: Int) async throws -> RawHTTP.Reply {
    let target = "/loop/1?token=\(token.text)"
    var loop = try await RawHTTP.get(target, port: port)
    for _ in 0..<100 where loop.status != 200 {
      try await Task.sleep(for: .milliseconds(50))
      loop = try await RawHTTP.get(target, port: port)
    }
    return loop
  }

  @Test func thePrintedURLIsOnTheLoopbackWithTheToken() throws {
    let folder = try TraceFolder()
    let inspector = try Inspector(configuration: InspectorConfiguration(folder: folder.url), token: Self.token)
    #expect(inspector.url(port: 8123).absoluteString == "http://127.0.0.1:8123/?token=\(Self.token.text)")
    #expect(InspectorToken().text.count == 32)
    #expect(InspectorToken() != InspectorToken())
  }

  @Test func everyRouteNeedsTheToken() async throws {
    try await Self.withServer { port in
      for target in ["/", "/events", "/loop/1", "/seen?loop=1&session=1&step=0", "/nothing"] {
        let reply = try await RawHTTP.get(target, port: port)
        #expect(reply.status == 403, "\(target)")
        #expect(reply.text.contains("403: this address needs the token of the URL diagram watch printed"))
        let sep = target.contains("?") ? "&" : "?"
        let wrong = try await RawHTTP.get(target + sep + "token=0123456789abcdef0123456789abcdee", port: port)
        #expect(wrong.status == 403, "\(target) with a wrong token")
      }
      let page = try await RawHTTP.get("/?token=\(Self.token.text)", port: port)
      #expect(page.status == 200)
      #expect(page.text.contains("<title>diagram watch</title>"))
      #expect(page.text.lowercased().contains("content-security-policy: default-src 'none'"))
    }
  }

  @Test func noRequestPathReachesTheFileSystem() async throws {
    try await Self.withServer { port in
      let token = "token=\(Self.token.text)"
      for target in [
        "/../../../../etc/passwd", "/etc/passwd", "/loop/../../etc/passwd", "/loop/..%2F..%2Fetc%2Fpasswd",
        "/%2e%2e/%2e%2e/etc/passwd", "/loop/1/../../TrafficLight-1.jsonl", "/TrafficLight-1.jsonl",
        "/loop/%2Fetc%2Fpasswd", "//etc/passwd", "/loop/01", "/loop/1%00", "/loop/999999999999",
      ] {
        let reply = try await RawHTTP.get(target + "?" + token, port: port)
        #expect(reply.status == 404 || reply.status == 400, "\(target)")
        #expect(!reply.text.contains("root:"), "\(target)")
        #expect(!reply.text.contains("schemaVersion"), "\(target)")
      }
    }
  }

  @Test func aLoopIsItsViewerPageAndTheStreamSummarizesTheFolder() async throws {
    try await Self.withServer { port in
      let token = "token=\(Self.token.text)"
      let loop = try await Self.firstLoop(port: port)
      #expect(loop.status == 200)
      #expect(loop.text.contains("id=\"tv-data\""))
      #expect(loop.text.contains("data-status=\"recorded\""))
      let seen = try await RawHTTP.get("/seen?\(token)&loop=1&session=1&step=2", port: port)
      #expect(seen.status == 204)
      let bad = try await RawHTTP.get("/seen?\(token)&loop=x", port: port)
      #expect(bad.status == 400)
    }
  }

  @Test func theLiveViewAsksForTheNewestStepsOnly() async throws {
    try await Self.withServer { port in
      let token = "token=\(Self.token.text)"
      let all = try await Self.firstLoop(port: port)
      #expect(all.status == 200)
      #expect(!all.text.contains("of 3 (the window"), "every kept step, no window note")
      let last = try await RawHTTP.get("/loop/1?\(token)&last=2", port: port)
      #expect(last.status == 200)
      #expect(last.text.contains("steps #1–#2 of 3 (the window"), "\(last.text.prefix(2_000))")
      let more = try await RawHTTP.get("/loop/1?\(token)&last=500", port: port)
      #expect(!more.text.contains("of 3 (the window"), "more than kept: every kept step")
      for value in ["0", "-1", "x", ""] {
        let bad = try await RawHTTP.get("/loop/1?\(token)&last=\(value)", port: port)
        #expect(bad.status == 400, "last=\(value)")
        #expect(bad.text.contains("400: last must be a number of steps, at least 1"), "last=\(value): \(bad.text)")
      }
    }
  }

  @Test(arguments: [
    ("/", InspectorRoute.page), ("/events", .events), ("/seen", .seen), ("/loop/1", .loop(1)),
    ("/loop/42", .loop(42)),
  ])
  func routes(path: String, route: InspectorRoute) {
    #expect(InspectorRoute(path: path) == route)
  }

  @Test(arguments: [
    "", "/index.html", "/loop/", "/loop/0", "/loop/01", "/loop/-1", "/loop/1/", "/loop/1/x", "/loop/..",
    "/loop/..%2F..%2Fetc%2Fpasswd", "/../etc/passwd", "/events/../loop/1", "/loop/1234567890", "/loop/١",
  ])
  func everyOtherPathIsNothing(path: String) {
    #expect(InspectorRoute(path: path) == nil)
  }
}
