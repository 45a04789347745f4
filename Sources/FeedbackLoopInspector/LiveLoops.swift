package import FeedbackGraph
package import Foundation

/// Every trace file of one folder, followed as apps write them (``TraceTail`` each), and
/// what they say, grouped by system (``LiveLoop``): what `diagram watch` serves.
///
/// Call ``poll()`` again and again (the server does, every ``pollInterval``): it lists the
/// folder, reads what each file gained and updates the loops. A file whose header names a
/// system already seen, begun after its current file, starts that loop's next session (the
/// app restarted); a file replaced or shortened does too. The next file of a rotating writer
/// (``WriterFileName``: same system and process, the next number) continues the session.
/// Steps of a file that is no longer its loop's current one are counted in ``ignoredSteps``,
/// not shown.
///
/// Bounded: each loop keeps its last ``maximumSteps`` steps (and counts what it let go), the
/// problem list its last ``maximumProblems`` lines, and at most ``maximumFiles`` files are
/// followed (the others are reported, once).
package struct LiveLoops {
  /// The steps a loop keeps: the last 5,000 of its current session.
  package static let defaultMaximumSteps = 5_000
  /// The folder watched.
  package let folder: URL
  /// The steps each loop keeps.
  package var maximumSteps = defaultMaximumSteps
  /// The problem lines kept (the newest).
  package var maximumProblems = 200
  /// The most trace files followed at once.
  package var maximumFiles = 256
  /// Graphs of the registered systems, for traces that carry none.
  package var registered: [SystemGraph] = []

  /// The loops, in the order first seen.
  package private(set) var loops: [LiveLoop] = []
  /// The problems met (`file:line: field: reason`), oldest first, the newest kept.
  package private(set) var problems: [String] = []
  /// How many problems were let go to keep ``maximumProblems``.
  package private(set) var droppedProblems = 0
  /// Steps read from files that were no longer their loop's current session.
  package private(set) var ignoredSteps = 0
  /// Incremented whenever anything the page shows changed.
  package private(set) var version = 0

  private var tails: [String: TraceTail] = [:]
  /// The system each followed file's current session belongs to.
  private var systemOfFile: [String: String] = [:]
  private var folderProblem: String?
  private var tooMany: Set<String> = []

  /// Loops of the trace files in `folder`.
  package init(folder: URL) {
    self.folder = folder
  }

  /// Lists the folder and reads what every trace file (`*.jsonl`) gained.
  ///
  /// - Returns: whether anything changed (then ``version`` moved on).
  @discardableResult
  package mutating func poll() -> Bool {
    let before = version
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted()
      folderProblem = nil
    } catch {
      let problem = GraphDecodingError(source: folder.path, path: "", reason: "cannot be listed as a folder")
        .description
      if folderProblem != problem {
        folderProblem = problem
        report(problem)
      }
      return version != before
    }
    for name in names where tails[name] == nil {
      guard tails.count < maximumFiles else {
        if tooMany.insert(name).inserted {
          report(
            "\(folder.appendingPathComponent(name).path): not followed: \(maximumFiles) trace files are followed already"
          )
        }
        continue
      }
      tails[name] = TraceTail(path: folder.appendingPathComponent(name).path)
    }
    for name in Array(tails.keys).sorted(by: WriterFileName.readingOrder) {
      guard names.contains(name) else {
        tails[name] = nil  // removed: its session stays shown as it was
        systemOfFile[name] = nil
        continue
      }
      var rounds = 0
      while var tail = tails[name] {
        let update = tail.read()
        tails[name] = tail
        apply(update, file: name)
        rounds += 1
        guard update.more, rounds < 4 else { break }
      }
    }
    return version != before
  }

  /// The loop numbered `id`.
  package func loop(id: Int) -> LiveLoop? {
    loops.first { $0.id == id }
  }

  private mutating func apply(_ update: TraceTail.Update, file: String) {
    update.problems.forEach { report($0) }
    if update.newSession { systemOfFile[file] = nil }
    if let header = update.header {
      begin(header, file: file)
    }
    guard !update.steps.isEmpty, let system = systemOfFile[file] else { return }
    guard let position = loops.firstIndex(where: { $0.system == system }), loops[position].file == file else {
      ignoredSteps += update.steps.count
      version += 1
      return
    }
    loops[position].append(update.steps, limit: maximumSteps)
    loops[position].version += 1
    version += 1
  }

  /// A session begins: `file`'s header was read.
  private mutating func begin(_ header: TraceHeader, file: String) {
    var header = header
    if header.graph == nil {
      guard let graph = registered.first(where: { $0.name == header.system && $0.fingerprint == header.fingerprint })
      else {
        report(
          "\(folder.appendingPathComponent(file).path): \(header.system) carries no graph and is not a registered system of this fingerprint: not shown"
        )
        return
      }
      header.graph = graph
    }
    systemOfFile[file] = header.system
    version += 1
    if let position = loops.firstIndex(where: { $0.system == header.system }),
      let current = WriterFileName(loops[position].file), let next = WriterFileName(file), current.isFollowed(by: next)
    {
      loops[position].file = file  // the writer rotated: the same session goes on
      loops[position].header = header
      loops[position].version += 1
    } else if let position = loops.firstIndex(where: { $0.system == header.system }) {
      let session = loops[position].session + 1
      loops[position] = LiveLoop(
        id: loops[position].id, system: header.system, header: header, file: file, session: session,
        version: loops[position].version + 1)
    } else {
      loops.append(
        LiveLoop(id: (loops.last?.id ?? 0) + 1, system: header.system, header: header, file: file, session: 1))
    }
  }

  private mutating func report(_ problem: String) {
    problems.append(problem)
    if problems.count > maximumProblems {
      problems.removeFirst(problems.count - maximumProblems)
      droppedProblems += 1
    }
    version += 1
  }
}
