import Foundation

/// Which way a figure's ranks run, so that a drawing is never much wider than a page: left
/// to right, unless that is wider than ``maximumRatio`` : 1 and top to bottom is closer to
/// square.
///
/// The width is *measured*, not guessed: the figure is laid out by Graphviz (`plain`
/// output: just the bounding box) left to right and, when too wide, top to bottom. An
/// estimate from ranks and label lengths was tried first and got the examples wrong both
/// ways (edges that close a cycle are routed around the ranks and add height no count
/// predicts). Only figures in the full layout (``RenderBudget/Layout/full``, at most
/// ``RenderBudget/labelledEdges`` edges) are measured: a few milliseconds each; larger
/// figures keep left to right. Small layouts are deterministic, so the DOT text is too.
enum LayoutShape {
  /// Past this width : height, a left-to-right figure turns.
  static let maximumRatio = 2.0

  /// The attribute line prefix every figure that can turn starts its graph line with.
  static let leftToRight = "  graph [rankdir=LR,"

  /// `dot` itself, or with `rankdir=TB` when its left-to-right layout is wider than
  /// ``maximumRatio`` : 1 and the top-to-bottom one is closer to square. A layout that
  /// fails keeps `dot` as it is (the render that follows reports the error).
  static func turned(_ dot: String) -> String {
    guard let range = dot.range(of: "\n" + leftToRight),
      let wide = size(dot), wide.width / wide.height > maximumRatio
    else { return dot }
    let tall = dot.replacingCharacters(in: range, with: "\n  graph [rankdir=TB,")
    guard let turned = size(tall) else { return dot }
    let skew = { (size: (width: Double, height: Double)) in max(size.width / size.height, size.height / size.width) }
    return skew(turned) < skew(wide) ? tall : dot
  }

  /// The laid-out size of `dot` in inches, from Graphviz's `plain` output
  /// (`graph scale width height`).
  static func size(_ dot: String) -> (width: Double, height: Double)? {
    guard let data = try? GraphvizRenderer.shared.render(dot: dot, format: "plain") else { return nil }
    let first = String(decoding: data.prefix(200), as: UTF8.self).split(separator: "\n").first ?? ""
    let fields = first.split(separator: " ")
    guard fields.count >= 4, fields[0] == "graph", let width = Double(fields[2]), let height = Double(fields[3]),
      height > 0
    else {
      return nil
    }
    return (width, height)
  }
}
