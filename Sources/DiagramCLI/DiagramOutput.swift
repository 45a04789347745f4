import Foundation
import FeedbackGraph

/// Writes a set of files into a folder all at once: everything is written to a temporary
/// folder first, then moved into place, so a failure leaves no partial files and the
/// existing files untouched.
public enum DiagramOutput {
  /// Writes `files` into `folder` (created if missing).
  /// - Throws: ``DiagramCLIError/outputIsAFile(path:)`` when `folder` is a file.
  public static func write(_ files: [(name: String, data: Data)], to folder: URL) throws {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw DiagramCLIError.outputIsAFile(path: folder.path)
    }
    let staging = manager.temporaryDirectory.appendingPathComponent("diagram-\(UUID().uuidString)", isDirectory: true)
    defer { try? manager.removeItem(at: staging) }
    do {
      try manager.createDirectory(at: staging, withIntermediateDirectories: true)
      for file in files { try file.data.write(to: staging.appendingPathComponent(file.name)) }
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        let target = folder.appendingPathComponent(file.name)
        if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
        try manager.copyItem(at: staging.appendingPathComponent(file.name), to: target)
      }
    } catch let error as DiagramCLIError {
      throw error
    } catch {
      throw DiagramCLIError.writeFailed(path: folder.path, reason: (error as NSError).localizedDescription)
    }
  }

  /// The names of the files in `folder` whose contents differ from `files`, or are missing.
  public static func stale(_ files: [(name: String, data: Data)], in folder: URL) -> [String] {
    files.filter { file in
      (try? Data(contentsOf: folder.appendingPathComponent(file.name))) != file.data
    }.map(\.name)
  }
}

extension DiagramOutput {
  /// The systems of `plan` whose coverage figure, in the image format the report page uses,
  /// is already in `folder` (written there by `diagram coverage`).
  public static func coverageFigures(of plan: DiagramPlan, in folder: URL) -> Set<String> {
    let image = plan.formats.contains(.svg) ? "svg" : "png"
    return Set(
      plan.graphs.map(\.name).filter { name in
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(SafeFileName.make(name)).coverage.\(image)").path)
      })
  }
}
