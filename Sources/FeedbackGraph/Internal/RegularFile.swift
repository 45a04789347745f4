#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What is at `path` when it is not a regular file, links followed — `a named pipe`,
/// `a folder`, `a device`, `a socket` — or `nil` for a regular file or nothing at all (the
/// open that follows says what is missing).
///
/// Checked before a file is opened: opening a named pipe with no writer blocks forever, and
/// a device can be read forever. Everything the diagram modules read goes through this.
package func nonRegularFileKind(atPath path: String) -> String? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  switch info.st_mode & S_IFMT {
  case S_IFREG: return nil
  case S_IFDIR: return "a folder"
  case S_IFIFO: return "a named pipe"
  case S_IFSOCK: return "a socket"
  case S_IFCHR, S_IFBLK: return "a device"
  default: return "not a regular file"
  }
}

/// Whether `path` names a regular file, links followed (``nonRegularFileKind(atPath:)``).
package func isRegularFile(atPath path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}
