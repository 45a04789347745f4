import FeedbackGraph
package import Foundation

/// What `diagram` wrote into an output folder, kept there as `.diagram-files` (JSON): the
/// files it may replace, and the systems drawn there (for the report page).
///
/// A file that is not listed is someone else's: `diagram` never replaces or deletes it.
package struct OutputManifest: Codable, Equatable, Sendable {
  /// The manifest's file name inside the output folder.
  package static let fileName = ".diagram-files"

  /// The manifest format's version (1): another version is not read as a manifest.
  package var schemaVersion = 1
  /// The files `diagram` wrote, sorted.
  package var files: [String] = []
  /// The systems drawn in the folder, sorted by name.
  package var systems: [System] = []
  /// Per exploration (`diagram explore NAME`), the files its last run wrote: what the next
  /// run removes when it no longer writes them (a finding fixed). Absent in manifests
  /// written before explorations were recorded.
  package var explored: [String: [String]]?

  /// A system drawn in the folder, and the stem of its files.
  package struct System: Codable, Equatable, Sendable {
    /// The system's name.
    package var name: String
    /// The stem its files are named by (`<stem>.states.svg`, …).
    package var stem: String

    /// A system drawn with the files named by `stem`.
    package init(name: String, stem: String) {
      self.name = name
      self.stem = stem
    }
  }

  /// A manifest listing `files` and `systems`.
  package init(files: [String] = [], systems: [System] = []) {
    self.files = files
    self.systems = systems
  }

  /// The manifest of `folder`; an empty one when there is none.
  /// - Throws: ``DiagramCLIError/foreignManifest(path:)`` when the file is not a manifest.
  package static func read(in folder: URL) throws -> OutputManifest {
    let url = folder.appendingPathComponent(fileName)
    if nonRegularFileKind(atPath: url.path) != nil { throw DiagramCLIError.foreignManifest(path: url.path) }
    guard let data = FileManager.default.contents(atPath: url.path) else { return OutputManifest() }
    guard let manifest = try? JSONDecoder().decode(OutputManifest.self, from: data), manifest.schemaVersion == 1 else {
      throw DiagramCLIError.foreignManifest(path: url.path)
    }
    return manifest
  }

  /// The stem each system drawn in the folder has, by system name: later runs (a render, a
  /// coverage figure) keep it, so that one system's files always share one stem.
  package var stems: [String: String] {
    Dictionary(systems.map { ($0.name, $0.stem) }, uniquingKeysWith: { first, _ in first })
  }

  /// This manifest with `files` and `systems` added (a system's new stem replaces its old).
  func adding(files newFiles: [String], systems newSystems: [System]) -> OutputManifest {
    var byName = Dictionary(systems.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    for system in newSystems { byName[system.name] = system }
    var updated = OutputManifest(
      files: Array(Set(files).union(newFiles)).sorted(),
      systems: byName.values.sorted { $0.name < $1.name })
    updated.explored = explored
    return updated
  }

  /// This manifest with `exploration`'s files recorded as `files` (see ``explored``).
  func recording(exploration: String, files newFiles: [String]) -> OutputManifest {
    var copy = self
    copy.explored = (explored ?? [:]).merging([exploration: newFiles.sorted()]) { _, new in new }
    return copy
  }

  /// This manifest without `names` in its files (nor in any exploration's).
  func removing(files names: Set<String>) -> OutputManifest {
    var copy = self
    copy.files.removeAll { names.contains($0) }
    copy.explored = explored?.mapValues { $0.filter { !names.contains($0) } }
    return copy
  }

  /// The files an earlier `diagram explore name` wrote into the folder: as recorded, or,
  /// in a manifest from before explorations were recorded, the listed files named as that
  /// command names its traces and their pages (`<name>-explorer-…`, `<name>.explorer_…`).
  func exploredFiles(of name: String) -> [String] {
    if let recorded = explored?[name] { return recorded }
    return files.filter { $0.hasPrefix("\(name)-explorer-") || $0.hasPrefix("\(name).explorer_") }
  }

  /// Pretty, sorted JSON: the same manifest always gives the same bytes (it is committed
  /// with the diagrams).
  func data() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}
