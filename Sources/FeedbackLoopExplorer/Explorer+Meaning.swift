public import FeedbackLoop

// What the user means by a state or a move, said to the explorer: final states, properties
// of moves, progress. Each check's doc says what a pass lets you believe, and what not.

extension Explorer {
  /// The same explorer, where the states `patterns` match are final (see ``final(when:)``).
  ///
  /// ```swift
  /// Explorer(system(bugs), events: [.pay, .cancel])
  ///   .final(in: .value(.confirmed), .value(.declined), .value(.cancelled))
  /// ```
  public func final(in patterns: StatePattern<State>...) -> Explorer {
    final { state in patterns.contains { $0.matches(state) } }
  }

  /// The same explorer, where the effects of the named feedbacks (of every feedback when
  /// none is named) may still be running when a final state is reached: an analytics
  /// upload, a log flush. Other feedbacks' effects in flight there are findings
  /// (``final(when:)``). Their events, should they come, are still moves out of the final
  /// state if they change it.
  public func effectsMayOutliveTheEnd(_ feedbacks: String...) -> Explorer {
    var copy = self
    copy.outliving = Set(feedbacks)
    return copy
  }

  /// The same explorer, also checking `holds` on every move: the state before it, the move
  /// (``ExplorerMove/send(_:)`` from outside, ``ExplorerMove/emitted(_:by:)`` by a running
  /// effect or a feedback's immediate `.send`, ``ExplorerMove/ended(by:)`` for an effect
  /// that ended without an event), and the state after it. TLA+ calls this an action
  /// property; an invariant sees one state at a time and cannot say "stays" or "never goes
  /// down".
  ///
  /// ```swift
  /// .property("cancelled stays cancelled") { before, _, after in before != .cancelled || after == .cancelled }
  /// ```
  ///
  /// A broken property is a finding, ``ExplorerFinding/Kind/propertyViolated(_:)``, with
  /// the shortest path whose last move breaks it, a trace and a printed test, as for an
  /// invariant. Every move is checked, an event that no transition accepts too (its
  /// `after` is its `before`).
  ///
  /// When it passes, you may believe: no move the explorer took, from any reachable state
  /// (within the bounds), breaks the property. It does not prove anything about moves it
  /// does not take: events outside the alphabet, emissions without sample values, or the
  /// order in which a running loop's time would deliver them (time is abstract here).
  ///
  /// - Parameters:
  ///   - description: the property in words, as findings and printed tests name it.
  ///   - holds: whether the move from `before` to `after` satisfies it.
  public func property(
    _ description: String,
    _ holds: @escaping @Sendable (_ before: State, _ move: ExplorerMove<Event>, _ after: State) -> Bool
  ) -> Explorer {
    var copy = self
    copy.properties.append(Property(description: description, holds: holds))
    return copy
  }

  /// The same explorer, also looking for non-progress cycles: a cycle of moves that never
  /// passes a state satisfying `isProgress`, nor a final or waiting state, is a finding
  /// (``ExplorerFinding/Kind/nonProgressCycle``), printed as a lasso: the shortest path to
  /// the cycle, then the cycle (SPIN's non-progress cycles). A retry loop with no way out
  /// is one. Off until called, as in SPIN: without progress marks every cycle would be one.
  ///
  /// ```swift
  /// .progress(in: .value(.confirmed))
  /// ```
  ///
  /// Only moves that change the explored state (the system's state, a feedback's memory or
  /// the effects in flight) make a cycle: an event that changes nothing is not a cycle.
  /// Applied several times, a state is progress when any condition holds.
  ///
  /// The search notes every move between two non-progress states as it goes (about ten
  /// bytes each) and checks them when it is complete: on the benchmarks' upload queue the
  /// check costs about a sixth of the search (`explore.effects.progress-checks`).
  ///
  /// When it passes, you may believe: among the reachable states (the exploration must be
  /// complete), every cycle of moves passes a progress, final or waiting state, so no
  /// endless run of moves avoids them all. It does not prove that a loop makes progress in
  /// time: time is abstract, and a cycle through a progress state may still be taken
  /// forever (that is fairness, which the explorer does not assume or check).
  public func progress(when isProgress: @escaping @Sendable (State) -> Bool) -> Explorer {
    var copy = self
    if let earlier = copy.isProgress {
      copy.isProgress = { earlier($0) || isProgress($0) }
    } else {
      copy.isProgress = isProgress
    }
    return copy
  }

  /// The same explorer, where the states `patterns` match count as progress (see
  /// ``progress(when:)``).
  public func progress(in patterns: StatePattern<State>...) -> Explorer {
    progress { state in patterns.contains { $0.matches(state) } }
  }
}

extension ExplorerMove {
  /// The move a path's step stands for: sent from outside, emitted by a feedback, or an
  /// effect ending without an event.
  @usableFromInline
  init<State>(_ step: ExplorerPath<State, Event>.Step) {
    if let event = step.event {
      if let feedback = step.feedback {
        self = .emitted(event, by: feedback.name)
      } else {
        self = .send(event)
      }
    } else {
      self = .ended(by: step.feedback?.name ?? "")
    }
  }
}
