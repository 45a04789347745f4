import FeedbackGraph
import Testing

/// Names from anywhere (system names, test names) become file names that stay inside their
/// folder: a seeded search over all of Unicode, path syntax and control characters.
@Suite struct SafeFileNameTests {
  /// SplitMix64: a small seeded generator, so a failure reproduces.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let hostile: [String] = ["..", "/", "\\", ".", "\0", "\n", "\u{202E}", "~", ":", "*", "?", "\"", "<", ">", "|", "-", "_", " "]

  @Test func everyGeneratedNameBecomesASafeFileName() {
    var random = Generator(state: 2026)
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
      #expect(safe.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }, "\(name.debugDescription) → \(safe)")
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
