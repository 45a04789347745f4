import FeedbackGraph
package import Foundation

/// Writes a set of files into a folder all at once, and only files of its own.
///
/// - Nothing it did not write is replaced or deleted: a file already in the folder is
///   replaced only when the folder's ``OutputManifest`` lists it (or its bytes are the new
///   bytes); otherwise the whole write is refused, naming the files. Symbolic links and
///   folders in the way are refused too.
/// - All or nothing: the files are written to a staging folder inside the output folder,
///   then renamed into place; if a rename fails, the files it replaced are put back. A run
///   that fails leaves the folder as it was (a folder it had to create is removed again).
package enum DiagramOutput {
  /// Writes `files` into `folder` (created if missing) and records them, and `systems`,
  /// in the folder's manifest.
  /// - Throws: ``DiagramCLIError/outputIsAFile(path:)``, ``DiagramCLIError/wouldReplaceForeign(_:folder:)``,
  ///   ``DiagramCLIError/foreignManifest(path:)``, ``DiagramCLIError/writeFailed(path:reason:)``.
  package static func write(
    _ files: [(name: String, data: Data)], to folder: URL, systems: [OutputManifest.System] = []
  ) throws {
    try write(files, to: folder, systems: systems) { try FileManager.default.moveItem(at: $0, to: $1) }
  }

  /// Records in `folder`'s manifest that exploration `name` wrote `files` this run, and
  /// deletes the files its earlier runs wrote that this one did not (a finding fixed, a
  /// covering path gone): only files the manifest lists, never another file. Returns the
  /// names deleted.
  /// - Throws: ``DiagramCLIError/foreignManifest(path:)``, ``DiagramCLIError/writeFailed(path:reason:)``.
  @discardableResult
  package static func recordExploration(_ name: String, wrote files: [String], in folder: URL) throws -> [String] {
    // Nothing written into a folder that does not exist: nothing to record or remove.
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    let manifest = try OutputManifest.read(in: folder)
    let listed = Set(manifest.files)
    let written = Set(files)
    let gone = manifest.exploredFiles(of: name).filter { listed.contains($0) && !written.contains($0) }
    var deleted: [String] = []
    for file in gone {
      let url = folder.appendingPathComponent(file)
      // A link or folder in its place is not what was written: left alone.
      if FileManager.default.fileExists(atPath: url.path) {
        guard isRegularFile(atPath: url.path) else { continue }
        do {
          try FileManager.default.removeItem(at: url)
        } catch {
          throw DiagramCLIError.writeFailed(path: url.path, reason: (error as NSError).localizedDescription)
        }
      }
      deleted.append(file)
    }
    let updated = manifest.removing(files: Set(deleted)).recording(exploration: name, files: files)
    do {
      try updated.data().write(to: folder.appendingPathComponent(OutputManifest.fileName), options: .atomic)
    } catch {
      throw DiagramCLIError.writeFailed(path: folder.path, reason: (error as NSError).localizedDescription)
    }
    return deleted.sorted()
  }

  /// ``write(_:to:systems:)`` with the rename it swaps files in with: tests make it fail
  /// midway to check that the folder is put back.
  static func write(
    _ files: [(name: String, data: Data)], to folder: URL, systems: [OutputManifest.System],
    move: (_ from: URL, _ to: URL) throws -> Void
  ) throws {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    let existed = manager.fileExists(atPath: folder.path, isDirectory: &isDirectory)
    if existed, !isDirectory.boolValue { throw DiagramCLIError.outputIsAFile(path: folder.path) }
    for file in files where file.name.contains("/") || file.name.hasPrefix(".") || file.name == OutputManifest.fileName
    {
      throw DiagramCLIError.writeFailed(
        path: folder.appendingPathComponent(file.name).path, reason: "not a plain file name")
    }
    var seen = Set<String>()
    for file in files where !seen.insert(file.name).inserted {
      throw DiagramCLIError.writeFailed(
        path: folder.appendingPathComponent(file.name).path, reason: "written twice by one run")
    }
    let manifest = try OutputManifest.read(in: folder)
    let foreign = files.filter { file in
      isForeign(
        folder.appendingPathComponent(file.name), replacing: file.data, listed: manifest.files.contains(file.name))
    }.map(\.name)
    guard foreign.isEmpty else { throw DiagramCLIError.wouldReplaceForeign(foreign, folder: folder.path) }

    let staging = folder.appendingPathComponent(".diagram-staging-\(UUID().uuidString)", isDirectory: true)
    let previous = staging.appendingPathComponent("previous", isDirectory: true)
    var movedIn: [String] = []
    var movedAside: [String] = []
    do {
      try manager.createDirectory(at: previous, withIntermediateDirectories: true)
      let updated = manifest.adding(files: files.map(\.name), systems: systems)
      let all = files + [(OutputManifest.fileName, try updated.data())]
      for file in all { try file.data.write(to: staging.appendingPathComponent(file.name)) }
      for file in all {
        let target = folder.appendingPathComponent(file.name)
        if manager.fileExists(atPath: target.path) {
          try move(target, previous.appendingPathComponent(file.name))
          movedAside.append(file.name)
        }
        try move(staging.appendingPathComponent(file.name), target)
        movedIn.append(file.name)
      }
    } catch {
      // Put the folder back as it was.
      for name in movedIn { try? manager.removeItem(at: folder.appendingPathComponent(name)) }
      for name in movedAside {
        try? manager.moveItem(at: previous.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
      try? manager.removeItem(at: staging)
      if !existed { try? manager.removeItem(at: folder) }
      throw DiagramCLIError.writeFailed(path: folder.path, reason: (error as NSError).localizedDescription)
    }
    try? manager.removeItem(at: staging)
  }

  /// Whether writing `data` at `url` would replace something that is not ours: a link or
  /// folder in the way, or a file the manifest does not list whose bytes differ.
  static func isForeign(_ url: URL, replacing data: Data, listed: Bool) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return false }
    guard attributes[.type] as? FileAttributeType == .typeRegular else { return true }
    return !listed && FileManager.default.contents(atPath: url.path) != data
  }

  /// The names of the files in `folder` whose contents differ from `files`, or are missing.
  package static func stale(_ files: [(name: String, data: Data)], in folder: URL) -> [String] {
    files.filter { file in
      let url = folder.appendingPathComponent(file.name)
      // (Never opened unless regular: a named pipe in the folder would block the check.)
      return !isRegularFile(atPath: url.path) || (try? Data(contentsOf: url)) != file.data
    }.map(\.name)
  }
}

extension DiagramOutput {
  /// The systems of `plan` whose coverage figure, in the image format the report page uses,
  /// is already in `folder` (written there by `diagram coverage`).
  package static func coverageFigures(of plan: DiagramPlan, in folder: URL) -> Set<String> {
    let image = plan.formats.contains(.svg) ? "svg" : "png"
    return Set(
      zip(plan.graphs, plan.stems).filter { _, stem in
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(stem).coverage.\(image)").path)
      }.map(\.0.name))
  }

  /// The names of the plain files in `folder` (none when it is missing), sorted; hidden
  /// files (the manifest, staging folders) left out.
  package static func fileNames(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  /// The systems the folder's manifest records that `plan` does not draw, with their image
  /// files found in the folder (SVG and PNG: the report page shows each system in the
  /// format it was drawn in).
  package static func earlierSystems(besides plan: DiagramPlan, in folder: URL) throws -> [(
    system: OutputManifest.System, figures: [String]
  )] {
    let drawn = Set(plan.graphs.map(\.name))
    return try OutputManifest.read(in: folder).systems.filter { !drawn.contains($0.name) }.map { system in
      let kinds = ["states", "loop", "coverage"]
      let figures = kinds.flatMap { kind in ["svg", "png"].map { "\(system.stem).\(kind).\($0)" } }.filter { name in
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
      }
      return (system, figures)
    }
  }
}
