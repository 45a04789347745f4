import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing

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
      "\(error)".hasPrefix("theme t.json: \"stateFill\" is ") && "\(error)".hasSuffix(
        "; expected one colour: #rrggbb, #rrggbbaa or a colour name (white, gray40)")
        && !"\(error)".contains("\n")
    }
  }

  @Test func aPoisonedThemeFileIsRefusedBeforeGraphvizSeesIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Theme.light)) as? [String: Any])
    object["background"] = "red;-1:blue"  // crashed the process when rendered
    let url = folder.appendingPathComponent("poisoned.json")
    try JSONSerialization.data(withJSONObject: object).write(to: url)
    #expect(throws: DiagramError.badTheme(
      path: url.path,
      reason: "\"background\" is \"red;-1:blue\"; expected one colour: #rrggbb, #rrggbbaa or a colour name (white, gray40)")
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
    #expect(throws: DiagramError.badTheme(path: "<theme>", reason: "\"fontSize\" is \(size); expected 4 to 72 points")) {
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
