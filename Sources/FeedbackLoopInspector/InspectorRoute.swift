/// What a request to `diagram watch`'s server may ask for: its page, its event stream, one
/// loop's viewer page, or a report of what the page showed. Nothing else: no request path
/// names a file, so none reaches the file system.
///
/// A path is matched as sent, byte for byte, before any decoding: `/loop/1` is a loop,
/// `/loop/..%2F..%2Fetc%2Fpasswd`, `/../etc/passwd` or `/loop//etc/passwd` are nothing
/// (404).
package enum InspectorRoute: Equatable, Sendable {
  /// `/`: the inspector page.
  case page
  /// `/events`: the Server-Sent Events stream of the loops' summaries.
  case events
  /// `/loop/<id>`: the trace viewer page of one loop's kept steps.
  case loop(Int)
  /// `/seen`: the page reports which step it showed (for the lag measurements).
  case seen

  /// The route of `path` (the request's path, without its query), or `nil`.
  package init?(path: String) {
    switch path {
    case "/": self = .page
    case "/events": self = .events
    case "/seen": self = .seen
    default:
      let prefix = "/loop/"
      guard path.hasPrefix(prefix) else { return nil }
      let digits = path.dropFirst(prefix.count)
      guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0",
        let id = Int(digits)
      else { return nil }
      self = .loop(id)
    }
  }
}
