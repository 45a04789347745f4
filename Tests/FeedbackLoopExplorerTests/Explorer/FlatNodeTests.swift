import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// How the explorer stores a node whose feedbacks remember values: the state and the
/// index of its feedbacks' snapshots, each distinct list of snapshots kept once.
@Suite struct FlatNodeTests {
  typealias Upload = EffectModels.Upload

  /// ``EffectModels/Numbered`` as a `Hashable` key: a memory that hashes by its value.
  struct HashableNumbered: Hashable, Sendable {
    var number: Int
    var attempt: Int
  }

  static func explore<Key: Equatable & Sendable>(
    merging: Bool = false, _ key: @escaping @Sendable (_ file: String, _ attempt: Int, _ number: Int) -> Key
  ) -> Exploration<Upload, EffectModels.UploadEvent> {
    let explorer = Explorer(EffectModels.uploadQueue(key: key), events: [.enqueue("a"), .enqueue("b")])
      .waits(in: .value(.idle))
    return merging ? explorer.merging { $0 }.run() : explorer.run()
  }

  /// A memory that only compares (its key is `Equatable`, so it hashes by its type) and
  /// one that hashes by its value tell the same nodes apart, as the store keyed by the
  /// user (which keeps each node's snapshots whole) does.
  @Test func equatableAndHashableMemoriesTellTheSameNodesApart() {
    let hashable = Self.explore { _, attempt, number in HashableNumbered(number: number, attempt: attempt) }
    let equatable = Self.explore { _, attempt, number in EffectModels.Numbered(number: number, attempt: attempt) }
    let merged = Self.explore(merging: true) { _, attempt, number in
      EffectModels.Numbered(number: number, attempt: attempt)
    }
    #expect(hashable.findings.isEmpty && equatable.findings.isEmpty && merged.findings.isEmpty)
    // Idle, or uploading one of 2 files, attempt 0 or 1, 0 or 1 file waiting (of 2), number
    // 0 or 1: 1 + 2 × 2 × 3 × 2 system states, each with one memory and upload in flight.
    #expect(hashable.stateCount == 25)
    #expect(equatable.stateCount == hashable.stateCount)
    #expect(merged.stateCount == hashable.stateCount)
    #expect(equatable.transitionCount == hashable.transitionCount)
    #expect(merged.transitionCount == hashable.transitionCount)
  }

  /// Nodes share their lists of snapshots when the memories hash by value; a list holding
  /// a memory that hashes by its type alone is kept per state (else every such list would
  /// share one hash), so it takes more bytes.
  @Test func memoriesThatHashByValueShareTheirSnapshots() {
    let hashable = Self.explore { _, attempt, number in HashableNumbered(number: number, attempt: attempt) }
    let equatable = Self.explore { _, attempt, number in EffectModels.Numbered(number: number, attempt: attempt) }
    #expect(hashable.stateCount == equatable.stateCount)
    #expect(hashable.storeBytes < equatable.storeBytes)
  }

  /// A level 0…2 the outside bumps, and a pause: the `watch` feedback remembers the last
  /// level it saw, skipping repeats, and sees nothing while paused.
  struct Paused: Hashable, Sendable {
    var level = 0
    var paused = false
  }

  enum PausedEvent: Hashable, Sendable { case bump, pause }

  /// A level as a key that only compares.
  struct Level: Equatable, Sendable { var level: Int }

  static func watched<Key: Equatable & Sendable>(_ key: @escaping @Sendable (Int) -> Key) -> Exploration<
    Paused, PausedEvent
  > {
    let system = System<Paused, PausedEvent>(
      "Watched", initial: Paused(),
      reduce: { (state: inout Paused, event) in
        switch event {
        case .bump: state.level = (state.level + 1) % 3
        case .pause: state.paused.toggle()
        }
      },
      feedbacks: [
        Feedback.skippingRepeated("watch", { key($0.level) }) { _ in .none }.disabled(when: \.paused)
      ])
    return Explorer(system, events: [.bump, .pause]).waits { _ in true }.run()
  }

  /// Paused, the feedback's memory is the level before the pause, whatever the level is
  /// now: one system state, three memories, three nodes. So equal states with unequal
  /// memories stay apart, whether the memory hashes by its value or only compares.
  @Test func equalStatesWithUnequalMemoriesAreTwoNodes() {
    // Running: 3 levels, each remembered. Paused: 3 levels × 3 remembered levels.
    #expect(Self.watched { $0 }.stateCount == 12)
    #expect(Self.watched { Level(level: $0) }.stateCount == 12)
    #expect(Self.watched { Level(level: $0) }.systemStateCount == 6)
  }
}
