import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// Issue #19, item 1, over generated runs: random effect scripts (`.run` closures that send
/// and sleep, `.task`s that return an event or none, `.sequence`s), random strategies, random external
/// events at random times. Whatever happens, every started effect ends exactly once, no
/// effect whose operation returned is ever reported cancelled, and none finishes before
/// its operation returned.
@Suite(.timeLimit(.minutes(3))) struct EffectLifecycleScriptTests {
  enum Event: Hashable, Sendable { case outside, fromEffect }

  /// What the monitor saw and what the effects did, in one order.
  enum Entry: Equatable, Sendable {
    case step(StepKind, effect: Int?)
    /// A feedback made effect script `n` (started next, unless the loop stopped).
    case made(Int)
    /// Effect script `n`'s operation is about to return.
    case returned(Int)
  }

  /// A seeded generator (SplitMix64), so that a failing seed replays.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  enum Action: Sendable { case send, sleep(Int) }

  /// `count` events, then the end, which it reports to `onEnd` (the `.sequence` effect's
  /// operation returns right after).
  struct Countdown: AsyncSequence, Sendable {
    let count: Int
    let onEnd: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
      var left: Int
      let onEnd: @Sendable () -> Void

      mutating func next() async -> Event? {
        guard left > 0 else {
          onEnd()
          return nil
        }
        left -= 1
        return .fromEffect
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(left: count, onEnd: onEnd) }
  }

  @Test(arguments: 0..<200 as Range<UInt64>)
  func noReturnedEffectIsEverReportedCancelled(seed: UInt64) {
    let log = Protected<[Entry]>([])
    let random = Protected(Seeded(state: seed))
    let made = Protected(0)
    /// A new effect script: a `.task`, a `.run` of 0…4 actions, or a `.sequence` of 0…4
    /// events.
    @Sendable func makeEffect() -> Effect<Event> {
      let (number, kind, actions, delay, returnsEvent) = random.withLock { random in
        let number = made.withLock { made in
          defer { made += 1 }
          return made
        }
        let actions: [Action] = (0..<Int.random(in: 0...4, using: &random)).map { _ in
          Bool.random(using: &random) ? .send : .sleep(Int.random(in: 0...300, using: &random))
        }
        return (
          number, Int.random(in: 0...2, using: &random), actions, Int.random(in: 0...300, using: &random),
          Bool.random(using: &random)
        )
      }
      log.withLock { $0.append(.made(number)) }
      if kind == 2 {
        return .sequence(Countdown(count: actions.count) { log.withLock { $0.append(.returned(number)) } })
      }
      if kind == 0 {
        return .task { clock in
          try await clock.sleep(for: .milliseconds(delay))
          log.withLock { $0.append(.returned(number)) }
          return returnsEvent ? .fromEffect : nil
        }
      }
      return .run { send, clock in
        for action in actions {
          switch action {
          case .send: send(.fromEffect)
          case .sleep(let milliseconds): try await clock.sleep(for: .milliseconds(milliseconds))
          }
        }
        log.withLock { $0.append(.returned(number)) }
      }
    }
    let (moduli, strategies) = random.withLock { random in
      (
        (0..<3).map { _ in Int.random(in: 1...3, using: &random) },
        (0..<3).map { _ in Bool.random(using: &random) ? ExecutionStrategy.cancelOnNewState : .continueOnNewState }
      )
    }
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      // Bounded: effects that emit without waiting (a `.sequence`) would otherwise make
      // states, and so effects, without end at one instant.
      Feedback("a") { (state: Int) -> Effect<Event> in state < 60 && state % moduli[0] == 0 ? makeEffect() : .none }
        .strategy(strategies[0])
      Feedback("b") { (state: Int) -> Effect<Event> in state < 60 && state % moduli[1] == 1 ? makeEffect() : .none }
        .strategy(strategies[1])
      Feedback("c") { (state: Int) -> Effect<Event> in state < 40 && state % moduli[2] == 0 ? makeEffect() : .none }
        .strategy(strategies[2])
    }
    let scheduler = TestScheduler()
    let loop = Loop(system, scheduler: scheduler) { step in
      log.withLock { log in
        log.append(.step(step.kind, effect: step.effect?.index))
      }
    }
    scheduler.advance()
    for _ in 0..<12 {
      let wait = random.withLock { Int.random(in: 0...200, using: &$0) }
      scheduler.advance(by: .milliseconds(wait))
      loop.send(.outside)
    }
    scheduler.advance(by: .milliseconds(150))
    loop.stop()
    scheduler.advance()

    let entries = log.withLock { $0 }
    var scriptOfEffect: [Int: Int] = [:]
    var lastMade: Int?
    var returned: Set<Int> = []
    var endings: [Int: [StepKind]] = [:]
    var started: [Int] = []
    for entry in entries {
      switch entry {
      case .made(let number): lastMade = number
      case .returned(let number): returned.insert(number)
      case .step(.effectStarted, let effect?):
        started.append(effect)
        scriptOfEffect[effect] = lastMade
        lastMade = nil
      case .step(let kind, let effect?) where kind == .effectFinished || kind == .effectCancelled:
        endings[effect, default: []].append(kind)
        let script = scriptOfEffect[effect]
        #expect(script != nil, "seed \(seed): effect #\(effect) ended without a script")
        guard let script else { continue }
        if kind == .effectCancelled {
          #expect(!returned.contains(script), "seed \(seed): effect #\(effect) returned, then was reported cancelled")
        } else {
          #expect(returned.contains(script), "seed \(seed): effect #\(effect) finished before its operation returned")
        }
      default: break
      }
    }
    #expect(!started.isEmpty, "seed \(seed): no effect started")
    for effect in started {
      #expect(endings[effect]?.count == 1, "seed \(seed): effect #\(effect) ended \(endings[effect] ?? [])")
    }
  }
}
