import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

/// The fast step-line decoder (`StepLineDecoder`, which `TraceReader` tries before
/// `JSONDecoder`) against `JSONDecoder` itself, over generated lines: wherever the fast one
/// decides, it decides what `JSONDecoder` decides; and it decides the lines trace writers
/// write (else it saves nothing).
@Suite struct StepLineDecoderTests {
  static let texts = [
    "red", "", "a\"b", "back\\slash", "tab\there", "line\nbreak", "\u{1}ctl", "é", "中文", "😀", "\u{2028}",
    "</script>", "State(value: 0)", "{\"value\":1}", "\u{0}", "a/b", "\u{7F}", "\u{FFFD}", "  two  ",
  ]
  static let keys = [
    "index", "timeNanoseconds", "kind", "feedback", "effect", "transition", "event", "eventNode", "eventJSON",
    "stateBefore", "stateAfter", "fromNode", "toNode", "stateJSON",
  ]

  static func fast(_ line: [UInt8]) -> TraceStep? {
    line.withUnsafeBytes { StepLineDecoder.decode($0) }
  }

  static func slow(_ line: [UInt8]) -> TraceStep? {
    try? JSONDecoder().decode(TraceStep.self, from: Data(line))
  }

  /// A random step, fields present at random.
  static func step(_ random: inout SplitMix64) -> TraceStep {
    var texts: [String?] = []
    for _ in 0..<8 {
      texts.append(random.next() % 3 == 0 ? nil : Self.texts[Int(random.next() % UInt64(Self.texts.count))])
    }
    var ids: [Int?] = []
    for _ in 0..<3 { ids.append(random.next() % 3 == 0 ? nil : Int(random.next() % 40)) }
    let index = Int(random.next() % 100_000)
    let time = Int64(random.next() % 1_000_000_000_000)
    let kind = StepKind.allCases[Int(random.next() % UInt64(StepKind.allCases.count))]
    return TraceStep(
      index: index, timeNanoseconds: time, kind: kind, feedback: ids[0].map { FeedbackID($0) },
      effect: ids[1].map { EffectID($0) }, transition: ids[2].map { TransitionID($0) }, event: texts[0],
      eventNode: texts[1], eventJSON: texts[2], before: texts[3], after: texts[4], beforeNode: texts[5],
      afterNode: texts[6], stateJSON: texts[7])
  }

  /// A JSON string literal of `text`, every scalar written raw or as `\u` escapes at random.
  static func literal(_ text: String, _ random: inout SplitMix64) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      let escape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || random.next() % 4 == 0
      if !escape {
        out.unicodeScalars.append(scalar)
      } else if scalar.value > 0xFFFF {
        for unit in String(scalar).utf16 { out += String(format: "\\u%04X", unit) }
      } else {
        out +=
          random.next() % 2 == 0
          ? String(format: "\\u%04x", scalar.value)
          : (Self.shortEscape(scalar) ?? String(format: "\\u%04X", scalar.value))
      }
    }
    return out + "\""
  }

  static func shortEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    case "/": "\\/"
    default: nil
    }
  }

  /// `step` as a line written by hand: fields in random order, spaces at random, `null`
  /// for some absent fields.
  static func handWritten(_ step: TraceStep, _ random: inout SplitMix64) -> String {
    var fields: [(String, String)] = [
      ("index", "\(step.index)"), ("timeNanoseconds", "\(step.timeNanoseconds)"),
      ("kind", literal(step.kind.rawValue, &random)),
    ]
    let ids = [
      ("feedback", step.feedback?.index), ("effect", step.effect?.index), ("transition", step.transition?.index),
    ]
    for (key, value) in ids {
      if let value { fields.append((key, "\(value)")) } else if random.next() % 2 == 0 { fields.append((key, "null")) }
    }
    let texts = [
      ("event", step.event), ("eventNode", step.eventNode), ("eventJSON", step.eventJSON),
      ("stateBefore", step.before), ("stateAfter", step.after), ("fromNode", step.beforeNode),
      ("toNode", step.afterNode), ("stateJSON", step.stateJSON),
    ]
    for (key, value) in texts {
      if let value {
        fields.append((key, literal(value, &random)))
      } else if random.next() % 2 == 0 {
        fields.append((key, "null"))
      }
    }
    fields.shuffle(using: &random)
    func space() -> String { ["", " ", "\t", "  "][Int(random.next() % 4)] }
    return space() + "{"
      + fields.map { "\(space())\"\($0.0)\"\(space()):\(space())\($0.1)\(space())" }.joined(separator: ",") + "}"
      + space()
  }

  /// A line broken one way: what JSONDecoder refuses or reads differently must never be
  /// decided otherwise by the fast decoder.
  static func broken(_ line: String, _ random: inout SplitMix64) -> [UInt8] {
    var bytes = Array(line.utf8)
    switch random.next() % 12 {
    case 0: bytes.removeLast(Int(random.next() % UInt64(bytes.count)) + 1)  // cut
    case 1: bytes.insert(0xFF, at: Int(random.next() % UInt64(bytes.count)))  // invalid UTF-8
    case 2: return Array(line.replacingOccurrences(of: "\"index\":", with: "\"index\":0").utf8)  // leading zero
    case 3: return Array(line.replacingOccurrences(of: "\"timeNanoseconds\":", with: "\"timeNanoseconds\":1.5e").utf8)
    case 4: return Array(line.replacingOccurrences(of: "{", with: "{\"extra\":1,").utf8)  // unknown field
    case 5: return Array(line.replacingOccurrences(of: "{", with: "{\"index\":7,").utf8)  // a field twice
    case 6: return Array(line.replacingOccurrences(of: "\"kind\":\"", with: "\"kind\":\"x").utf8)  // unknown kind
    case 7: return Array(line.replacingOccurrences(of: "}", with: ",}").utf8)  // trailing comma
    case 8: return Array(line.replacingOccurrences(of: "\"index\":", with: "\"index\":99999999999999999999").utf8)
    case 9: return Array((line + "x").utf8)  // text after the object
    case 10: return Array(line.replacingOccurrences(of: "\"kind\":", with: "\"kind\":\"\\ud800\",\"k\":").utf8)
    default: bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(random.next() % 128)  // one byte changed
    }
    return bytes
  }

  @Test func writtenLinesAreDecidedByTheFastDecoderAsJSONDecoderReadsThem() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var random = SplitMix64(seed: 21)
    for _ in 0..<3_000 {
      let step = Self.step(&random)
      let line = Array(try encoder.encode(step))
      let fast = try #require(
        Self.fast(line), "the fast decoder deferred a written line: \(String(decoding: line, as: UTF8.self))")
      #expect(fast == step)
      #expect(Self.slow(line) == step)
    }
  }

  @Test func handWrittenAndBrokenLinesAreNeverDecidedOtherwiseThanByJSONDecoder() {
    var random = SplitMix64(seed: 2_126)
    var decided = 0
    var broken = 0
    for _ in 0..<8_000 {
      let step = Self.step(&random)
      let line = Self.handWritten(step, &random)
      let bytes = Array(line.utf8)
      if let fast = Self.fast(bytes) {
        decided += 1
        #expect(fast == step, "\(line)")
        #expect(Self.slow(bytes) == fast, "\(line)")
      }
      let bad = Self.broken(line, &random)
      if let fast = Self.fast(bad) {
        #expect(Self.slow(bad) == fast, "\(String(decoding: bad, as: UTF8.self))")
      } else {
        broken += 1
      }
    }
    #expect(decided > 7_000)  // hand-written lines in the plain form are decided, not deferred
    #expect(broken > 4_000)  // most broken lines are left to JSONDecoder
  }
}
