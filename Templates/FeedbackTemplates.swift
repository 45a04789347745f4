public import Foundation

/// The files under the repository's `Templates/` folder — figure themes (`themes/*.json`)
/// and the report page (`report/index.mustache`) — embedded as resources, so that the diagram
/// library finds them from any working directory.
public enum FeedbackTemplates {
  /// The URL of a template file, e.g. `themes/light.json`.
  public static func url(_ relativePath: String) -> URL? {
    guard let root = Bundle.module.resourceURL else { return nil }
    let url = root.appendingPathComponent(relativePath)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The names of the built-in themes, sorted.
  public static var themeNames: [String] {
    guard let root = Bundle.module.resourceURL?.appendingPathComponent("themes"),
      let files = try? FileManager.default.contentsOfDirectory(atPath: root.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }
}
