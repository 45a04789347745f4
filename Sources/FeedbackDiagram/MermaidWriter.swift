public import FeedbackGraph

/// A system as a Mermaid `stateDiagram-v2`, for Markdown on GitHub.
///
/// The initial state comes from `[*]`; transitions are labelled `event / label [guard]`.
/// Mermaid has no wildcard source, so a transition from any state is drawn from every
/// state it can fire from, its label prefixed with `*`. Precedence is drawn as in
/// ``StateMachineFigure``: a transition is not drawn from a state where one tried before it
/// always wins, and reads `[else]` where it only fires when that one does not apply. State
/// names become ids `s0`, `s1`, … with their text as a description, so any name is safe.
public enum MermaidWriter {
  /// The Mermaid text of `graph`.
  public static func text(for graph: SystemGraph) -> String {
    let index = Dictionary(graph.states.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    var out = ["---", "title: \(yamlQuoted(graph.name))", "---", "stateDiagram-v2"]
    for (offset, state) in graph.states.enumerated() {
      out.append("    state \"\(escape(state.id))\" as s\(offset)")
    }
    if let initial = index[graph.initial] { out.append("    [*] --> s\(initial)") }
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      let sources = transition.from.map { [$0] } ?? graph.states.map(\.id).filter(reach.fires(from:))
      for source in sources {
        let lines = PrecedenceText.lines(transition, reach, from: transition.from == nil ? source : nil)
        let label = lines.count == 1 ? lines[0] : "\(lines[0]) (\(lines.dropFirst().joined(separator: "; ")))"
        for target in transition.to {
          guard let from = index[source], let to = index[target] else { continue }
          out.append("    s\(from) --> s\(to) : \(transition.from == nil ? "* " : "")\(escape(label))")
        }
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// The front matter's title as a YAML double-quoted scalar: any name, one line, read
  /// back exactly. Scalar by scalar (a backslash or a quote before a combining mark is one
  /// Character with it): `\\` and `"` escaped, and what YAML does not allow in a document
  /// (control characters, noncharacters, the byte-order mark) as `\UXXXXXXXX`,
  /// although checked names have none.
  static func yamlQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case _
      where value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFEFF
        || scalar.properties.isNoncharacterCodePoint:
        let hex = String(value, radix: 16, uppercase: true)
        result += "\\U" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Mermaid labels end at a line break and treat `:` `;` `#` `"` specially; write them as
  /// entity codes.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.replacingScalars("\r\n", with: "\n").unicodeScalars {  // (a mark may follow a quote)
      switch scalar {
      case "\"": result += "#quot;"
      case "#": result += "#35;"
      case ":": result += "#58;"
      case ";": result += "#59;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "\n", "\r": result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
