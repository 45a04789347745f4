import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request sent byte for byte as written, so that a path like `/../etc/passwd` reaches the
/// server unnormalized (URLSession would resolve the dots first).
enum RawHTTP {
  struct Reply {
    var status: Int
    var text: String
  }

  /// `GET target` on 127.0.0.1:`port`, `Connection: close`; the status and the whole reply.
  /// On a thread of its own: a blocking read on one of the few cooperative threads would
  /// starve the server's handlers, which run on them in this process.
  static func get(_ target: String, port: Int) async throws -> Reply {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try blockingGet(target, port: port) }) }.start()
    }
  }

  /// The same on the calling thread, waiting at most `timeout` seconds for the reply.
  static func blockingGet(_ target: String, port: Int, timeout: Int = 120) throws -> Reply {
    let method = "GET"
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EIO) }
    defer { close(socket) }
    // The default is long: the whole suite can keep the machine's cores busy for long.
    var wait = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    let request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), 0) }
    var reply = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      reply.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: reply, as: UTF8.self)
    let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
    return Reply(status: status, text: text)
  }
}
