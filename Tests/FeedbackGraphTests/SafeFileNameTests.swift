import FeedbackGraph
import Testing
import FeedbackLoopSupport

/// Names from anywhere (system names, test names) become file names that stay inside their
/// folder: a seeded search over all of Unicode, path syntax and control characters.
@Suite struct SafeFileNameTests {

  static let hostile: [String] = [
    "..", "/", "\\", ".", "\0", "\n", "\u{202E}", "~", ":", "*", "?", "\"", "<", ">", "|", "-", "_", " ",
  ]

  @Test func everyGeneratedNameBecomesASafeFileName() {
    var random = SplitMix64(seed: 2026)
    for _ in 0..<2_000 {
      var name = ""
      for _ in 0..<Int(random.next() % 24) {
        switch random.next() % 3 {
        case 0: name += Self.hostile[Int(random.next() % UInt64(Self.hostile.count))]
        case 1: name.unicodeScalars.append(Unicode.Scalar(UInt8(random.next() % 128)))
        default:
          let value = UInt32(random.next() % 0x10_FFFF)
          name.unicodeScalars.append(Unicode.Scalar(value) ?? "x")
        }
      }
      let safe = SafeFileName.make(name, fallback: "unnamed")
      #expect(!safe.isEmpty, "\(name.debugDescription)")
      #expect(
        safe.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }, "\(name.debugDescription) → \(safe)")
      #expect(!safe.hasPrefix("-") && !safe.hasPrefix("_"), "\(name.debugDescription) → \(safe)")
      #expect(safe != "." && safe != "..")
    }
  }

  @Test func pathsAndDotsCannotSurvive() {
    #expect(SafeFileName.make("../../etc/passwd") == "etc_passwd")
    #expect(SafeFileName.make(".hidden") == "hidden")
    #expect(SafeFileName.make("…", fallback: "trace") == "trace")
  }
}
