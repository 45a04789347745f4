/// Decodes one trace step line without `JSONDecoder`, when the line is in the plain form a
/// trace writer writes: one JSON object of ``TraceStep``'s fields, each once, with integers,
/// strings and `null`. Anything else (an unknown field, a number with a fraction or an
/// exponent, an integer out of range, a lone surrogate, invalid UTF-8, a line that is not
/// JSON at all) is not decided here: ``decode(_:)`` returns `nil` and the caller decodes the
/// line with `JSONDecoder`, which gives the same step or says what is wrong. So the two
/// agree on every line; the fast one only saves time (coverage reads a million steps in
/// about a second instead of nine).
package enum StepLineDecoder {
  /// The step `line` holds, or `nil` when the line is not in the plain form.
  package static func decode(_ line: UnsafeRawBufferPointer) -> TraceStep? {
    var cursor = Cursor(bytes: line)
    return cursor.step()
  }

  /// The fields of a step, in the order of ``TraceStep``'s properties, named by their JSON
  /// keys (``TraceStep``'s coding keys: `stateBefore` is ``TraceStep/before``, …).
  private enum Field: Int, CaseIterable {
    case index, timeNanoseconds, kind, feedback, effect, transition, event, eventNode, eventJSON
    case stateBefore, stateAfter, fromNode, toNode, stateJSON

    /// The field whose JSON key is `key` (byte for byte; no allocation).
    init?(_ key: UnsafeRawBufferPointer) {
      for (field, name) in zip(Self.allCases, Self.names) where name.count == key.count {
        if name.withUnsafeBytes({ $0.elementsEqual(key) }) {
          self = field
          return
        }
      }
      return nil
    }

    /// Each field's JSON key (the case's name), in the order of `allCases`.
    private static let names: [[UInt8]] = allCases.map { Array(String(describing: $0).utf8) }
  }

  private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    var at = 0
    /// Bytes of a string with escapes, reused from string to string.
    var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var current: UInt8? { at < bytes.count ? bytes[at] : nil }

    mutating func skipSpace() {
      while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
        at += 1
      }
    }

    mutating func step() -> TraceStep? {
      skipSpace()
      guard current == UInt8(ascii: "{") else { return nil }
      at += 1
      var seen = 0  // one bit per field
      var step = TraceStep(index: 0, timeNanoseconds: 0, kind: .initial)
      skipSpace()
      if current == UInt8(ascii: "}") { return nil }  // no fields: not a step
      while true {
        skipSpace()
        guard let key = rawKey(), let field = Field(key), seen & (1 << field.rawValue) == 0 else { return nil }
        seen |= 1 << field.rawValue
        skipSpace()
        guard current == UInt8(ascii: ":") else { return nil }
        at += 1
        skipSpace()
        guard value(of: field, into: &step) else { return nil }
        skipSpace()
        guard let next = current else { return nil }
        at += 1
        if next == UInt8(ascii: "}") { break }
        guard next == UInt8(ascii: ",") else { return nil }
      }
      skipSpace()
      let required = 1 << Field.index.rawValue | 1 << Field.timeNanoseconds.rawValue | 1 << Field.kind.rawValue
      guard at == bytes.count, seen & required == required else { return nil }
      return step
    }

    /// A key without escapes, as its raw bytes.
    mutating func rawKey() -> UnsafeRawBufferPointer? {
      guard current == UInt8(ascii: "\"") else { return nil }
      let start = at + 1
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
        guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
        end += 1
      }
      guard end < bytes.count else { return nil }
      at = end + 1
      return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    mutating func value(of field: Field, into step: inout TraceStep) -> Bool {
      switch field {
      case .index:
        guard let value = integer() else { return false }
        step.index = value
      case .timeNanoseconds:
        guard let value = integer(), let time = Int64(exactly: value) else { return false }
        step.timeNanoseconds = time
      case .kind:
        guard let text = string(), let kind = StepKind(rawValue: text) else { return false }
        step.kind = kind
      case .feedback, .effect, .transition:
        if null() { return true }
        guard let value = integer() else { return false }
        switch field {
        case .feedback: step.feedback = FeedbackID(value)
        case .effect: step.effect = EffectID(value)
        default: step.transition = TransitionID(value)
        }
      default:
        if null() { return true }
        guard let text = string() else { return false }
        switch field {
        case .event: step.event = text
        case .eventNode: step.eventNode = text
        case .eventJSON: step.eventJSON = text
        case .stateBefore: step.before = text
        case .stateAfter: step.after = text
        case .fromNode: step.beforeNode = text
        case .toNode: step.afterNode = text
        default: step.stateJSON = text
        }
      }
      return true
    }

    mutating func null() -> Bool {
      guard at + 4 <= bytes.count, bytes[at] == UInt8(ascii: "n"), bytes[at + 1] == UInt8(ascii: "u"),
        bytes[at + 2] == UInt8(ascii: "l"), bytes[at + 3] == UInt8(ascii: "l")
      else { return false }
      at += 4
      return true
    }

    /// `-?(0|[1-9][0-9]*)` within `Int`, not followed by a fraction or an exponent.
    mutating func integer() -> Int? {
      var negative = false
      if current == UInt8(ascii: "-") {
        negative = true
        at += 1
      }
      guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return nil }
      if first == UInt8(ascii: "0"), at + 1 < bytes.count, bytes[at + 1] >= UInt8(ascii: "0"),
        bytes[at + 1] <= UInt8(ascii: "9")
      {
        return nil  // a leading zero: not JSON
      }
      var value = 0
      while let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
        guard !overflow, !overflow2 else { return nil }
        value = sum
        at += 1
      }
      if let next = current, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
        return nil
      }
      return negative ? -value : value
    }

    /// A JSON string: its escapes decoded, its bytes valid UTF-8.
    mutating func string() -> String? {
      guard current == UInt8(ascii: "\"") else { return nil }
      at += 1
      let start = at
      while at < bytes.count {
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") {
          let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
          at += 1
          return text
        }
        if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
        guard byte >= 0x20 else { return nil }
        at += 1
      }
      return nil
    }

    /// The rest of a string that has escapes, from `start` (its first byte).
    mutating func escapedString(from start: Int) -> String? {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: bytes[start..<at])
      while at < bytes.count {
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(validating: scratch, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard let escaped = current else { return nil }
          at += 1
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
          case UInt8(ascii: "b"): scratch.append(0x08)
          case UInt8(ascii: "f"): scratch.append(0x0C)
          case UInt8(ascii: "n"): scratch.append(0x0A)
          case UInt8(ascii: "r"): scratch.append(0x0D)
          case UInt8(ascii: "t"): scratch.append(0x09)
          case UInt8(ascii: "u"):
            guard let scalar = unicodeEscape() else { return nil }
            scratch.append(contentsOf: String(Character(scalar)).utf8)
          default: return nil
          }
        default:
          guard byte >= 0x20 else { return nil }
          scratch.append(byte)
        }
      }
      return nil
    }

    /// The scalar of `XXXX` (after `\u`), or of a surrogate pair `XXXX\uYYYY`; `nil` for a
    /// lone surrogate.
    mutating func unicodeEscape() -> Unicode.Scalar? {
      guard let high = hex4() else { return nil }
      if high < 0xD800 || high > 0xDFFF { return Unicode.Scalar(high) }
      guard high < 0xDC00, at + 2 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
      else { return nil }
      at += 2
      guard let low = hex4(), low >= 0xDC00, low <= 0xDFFF else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    mutating func hex4() -> UInt32? {
      guard at + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[at]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
        at += 1
      }
      return value
    }
  }
}
