import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

/// A theme value reaches Graphviz only once it is known to be harmless (issue #9): colour
/// lists and schemes (some crash libgvc), markup, quotes, control characters and absurd
/// sizes are errors naming the key.
@Suite struct ThemeValidationTests {
  /// Values that must be refused for a colour key: each a member of a class that reached
  /// Graphviz before (lists with stops, schemes, separators, escapes, markup, empties).
  static let poisonedColours = [
    "red;-1:blue", ":", ";", "red:blue", "#ff0000;0.3:#00ff00", "/blues9/3", "/x11/red", "#", "#f", "#fffff",
    "#gggggg", "", " ", "red blue", "red\"", "red\n", "<b>red</b>", "red\\N", "0.5 0.5 0.5", "0.5,0.5,0.5",
    "rouge\u{301}", "red\u{202E}", String(repeating: "a", count: 33),
  ]

  @Test(arguments: poisonedColours)
  func aPoisonedColourIsAnErrorNamingItsKey(value: String) throws {
    var theme = Theme.light
    theme.stateFill = value
    #expect {
      try theme.validate(source: "t.json")
    } throws: { error in
      "\(error)".hasPrefix("theme t.json: \"stateFill\" is ")
        && "\(error)".hasSuffix(
          "; expected one colour: #rrggbb, #rrggbbaa or a colour name (white, gray40)")
        && !"\(error)".contains("\n")
    }
  }

  @Test func seededColourValuesAreRefusedOrRenderSafely() throws {
    // The class, not a list: values built from the pieces Graphviz colour syntax is made of
    // (lists, stops, schemes, hex, names) and from any scalar. Each is refused with one
    // line naming its key, or Graphviz renders it (a crash would end the test run).
    let pieces = [
      "red", "blue", "gray40", "#", "ff", "00", "a", "7", ":", ";", "/", "-", "0.5", "1", ",", " ", "x11", "blues9",
      "transparent", "%", "\"", "<", "&",
    ]
    var random = SplitMix64(seed: 99)
    var accepted = 0, refused = 0
    for _ in 0..<300 {
      var value = (0..<Int(random.next() % 5 + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      if random.next() % 8 == 0 { value.unicodeScalars.append(Unicode.Scalar(UInt32(random.next() % 0xD000))!) }
      let keys = ["background", "stateFill", "edge", "legendFill"]
      let key = keys[Int(random.next() % UInt64(keys.count))]
      var theme = Theme.light
      switch key {
      case "background": theme.background = value
      case "stateFill": theme.stateFill = value
      case "edge": theme.edge = value
      default: theme.legendFill = value
      }
      do {
        try theme.validate(source: "t.json")
        accepted += 1
        let svg = try Diagram.render(SystemGraphFixture.light, figure: .states, as: .svg, theme: theme)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"), "\(value.debugDescription)")
      } catch let error as DiagramError {
        refused += 1
        let message = "\(error)"
        #expect(
          message.hasPrefix("theme t.json: \"\(key)\" is ") && !message.contains("\n"),
          "\(value.debugDescription): \(message)")
      }
    }
    #expect(accepted > 20 && refused > 100)  // the seed reaches both outcomes
  }

  @Test func aPoisonedThemeFileIsRefusedBeforeGraphvizSeesIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Theme.light)) as? [String: Any])
    object["background"] = "red;-1:blue"  // crashed the process when rendered
    let url = folder.appendingPathComponent("poisoned.json")
    try JSONSerialization.data(withJSONObject: object).write(to: url)
    #expect(
      throws: DiagramError.badTheme(
        path: url.path,
        reason:
          "\"background\" is \"red;-1:blue\"; expected one colour: #rrggbb, #rrggbbaa or a colour name (white, gray40)")
    ) {
      try Theme.load(url)
    }
  }

  @Test func renderingRefusesAPoisonedThemeMadeInCode() {
    var theme = Theme.light
    theme.background = ";"
    #expect(throws: DiagramError.self) {
      try Diagram.render(SystemGraphFixture.light, figure: .states, as: .svg, theme: theme)
    }
  }

  @Test(arguments: [("Helvetica\"", "fontName"), ("Times<b>", "fontName"), ("", "fontName")])
  func aPoisonedFontIsAnError(value: String, key: String) {
    var theme = Theme.light
    theme.fontName = value
    #expect {
      try theme.validate()
    } throws: { error in
      "\(error)".hasPrefix("theme <theme>: \"fontName\" is ")
    }
  }

  @Test(arguments: [0, -12, 1e300, .nan, .infinity, 100])
  func anAbsurdFontSizeIsAnError(size: Double) {
    var theme = Theme.light
    theme.fontSize = size
    #expect(throws: DiagramError.badTheme(path: "<theme>", reason: "\"fontSize\" is \(size); expected 4 to 72 points"))
    {
      try theme.validate()
    }
  }

  @Test func theBuiltInThemesAreValid() throws {
    try Theme.light.validate()
    try Theme.dark.validate()
    var theme = Theme.light
    theme.background = "transparent"
    theme.edge = "#11223344"
    theme.text = "gray40"
    try theme.validate()
  }
}

/// A small graph for rendering tests.
enum SystemGraphFixture {
  static let light = SystemGraph(
    name: "Light", initial: "red", states: [StateNode(id: "red"), StateNode(id: "green")],
    events: [EventNode(id: "tick")], transitions: [TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"])])
}
