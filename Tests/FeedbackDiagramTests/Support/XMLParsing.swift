import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

#if canImport(FoundationXML) || canImport(Darwin)
  /// One lock around every `XMLDocument` the tests make and query. On Linux, FoundationXML
  /// bridges to libxml2 through process-wide state, and the suites that parse SVG run in
  /// parallel; a full run once crashed in libc with two parses at once. Parsing here is
  /// serialized: the document is made, read by `body` and released under the lock.
  enum XMLParsing {
    private static let lock = NSLock()

    /// The result of `body` on `data` parsed as an XML document.
    static func document<T>(_ data: Data, _ body: (XMLDocument) throws -> T) throws -> T {
      lock.lock()
      defer { lock.unlock() }
      let document = try XMLDocument(data: data, options: [])
      return try body(document)
    }
  }
#endif
