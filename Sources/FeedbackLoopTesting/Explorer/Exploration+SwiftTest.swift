package import FeedbackLoopExplorer

// The explorer's findings and paths written as this kit's tests: the writer lives beside
// the API it writes (`LoopRecorder`), not in the explorer.

extension Exploration {
  /// A ready-to-paste `LoopRecorder` test that replays the finding's path: it declares the
  /// explorer's invariants, sends each event with the state it leads to (an event a
  /// feedback emits is sent as if from outside, and said so) and finishes, so that it
  /// fails for the same reason.
  ///
  /// ```swift
  /// print(exploration.swiftTest(for: finding, named: "submitsOnlyValidForms") ?? "no path")
  /// // @Test func submitsOnlyValidForms() {
  /// //   let loop = LoopRecorder(SignIn.system(), exhaustivity: .off())
  /// //   …
  /// ```
  ///
  /// An event that cannot be written as Swift (see `SwiftSource.value(_:)`, or give
  /// `Explorer.writingEvents(_:)`) becomes a `<#placeholder#>` with its description and
  /// a pointer to the trace; so do a system without `Explorer.swiftSystem` and an
  /// invariant without `swift:`. A state that cannot be written is expected as
  /// `loop.state` (whatever the loop reached), with its description in a comment. `nil`
  /// for a finding without a path.
  ///
  /// - Parameters:
  ///   - finding: the finding to replay.
  ///   - name: the test function's name.
  ///   - attribute: written before `func` (`"@Test"`; `""` for a plain function).
  package func swiftTest(for finding: ExplorerFinding<State, Event>, named name: String, attribute: String = "@Test")
    -> String?
  {
    guard let path = finding.path else { return nil }
    return swiftTest(
      path: path, named: name, attribute: attribute, comment: "Found by the explorer: \(finding.message)")
  }

  /// A `LoopRecorder` test skeleton that sends the events of `path` (see
  /// `swiftTest(for:named:attribute:)`).
  package func swiftTest(
    path: ExplorerPath<State, Event>, named name: String, attribute: String = "@Test", comment: String
  ) -> String {
    explorer.swiftTest(path: path, named: name, attribute: attribute, comment: comment)
  }

  /// The covering paths as `LoopRecorder` test skeletons named `<prefix>1`, `<prefix>2`, …
  package func coveringTests(prefix: String = "coveringPath", attribute: String = "@Test") -> [String] {
    let graph = system.graph
    return coveringPaths.enumerated().map { number, path in
      let fired = Set(path.steps.compactMap { $0.kind == .event ? $0.transition : nil }).sorted()
      let names = fired.map { graph.describe($0) }.joined(separator: "\n  ")
      return swiftTest(
        path: path, named: "\(prefix)\(number + 1)", attribute: attribute,
        comment: "Covering path \(number + 1) of \(system.name), found by the explorer; it fires:\n  \(names)")
    }
  }
}

extension Explorer {
  /// A ready-to-paste `LoopRecorder` test skeleton that sends the events of `path` with
  /// the states they lead to, after declaring this explorer's invariants (see
  /// `Exploration.swiftTest(for:named:attribute:)` for how values are written).
  ///
  /// ```swift
  /// let test = explorer.swiftTest(path: path, named: "replaysTheWalk", comment: "Found by a random walk")
  /// ```
  package func swiftTest(
    path: ExplorerPath<State, Event>, named name: String, attribute: String = "@Test", comment: String
  ) -> String {
    let explorer = self
    var lines: [String] = []
    for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append("// \(line)")
    }
    lines.append((attribute.isEmpty ? "" : attribute + " ") + "func \(name)() {")
    let system = explorer.swiftSystem ?? "<#system#>"
    lines.append("  let loop = LoopRecorder(\(system), exhaustivity: .off())")
    for invariant in explorer.invariants {
      let description = SwiftSource.literal(invariant.description)
      if let swift = invariant.swift {
        lines.append(
          swift.hasPrefix("{")
            ? "  loop.invariant(\(description)) \(swift)" : "  loop.invariant(\(description), \(swift))")
      } else {
        lines.append("  loop.invariant(\(description)) { state in <#condition#> }")
      }
    }
    for step in path.steps {
      guard let event = step.event else {  // a running effect ended without an event: nothing to send
        lines.append("  // \(step.feedback?.name ?? "an effect")'s effect ends without an event in a running loop")
        continue
      }
      let written = explorer.swiftEvent.map { $0(event) } ?? SwiftSource.value(event)
      let state = SwiftSource.value(step.after)
      var line = "  loop.send(\(written ?? "<#\(String(describing: event))#>")) { $0 = \(state ?? "loop.state") }"
      var notes: [String] = []
      if let feedback = step.feedback { notes.append("emitted by \"\(feedback.name)\" in a running loop") }
      if written == nil { notes.append("event not writable as Swift: see the trace") }
      if state == nil { notes.append("state not writable as Swift: \(step.after)") }
      if !notes.isEmpty { line += "  // " + notes.joined(separator: "; ") }
      lines.append(line)
    }
    lines.append("  loop.finish()")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
