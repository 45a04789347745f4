#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopObservation
import FeedbackLoopTesting
import Observation
import Synchronization
import XCTest

/// Seed 003 (Feedbacks): the volume system with its publisher feedbacks, the wildcard and
/// composed loading/refresh transitions, modifiers, mediators between systems, and the
/// `UISystem` a view observes.
final class FeedbacksSeedTests: XCTestCase {
  // MARK: "A prototype is worth a thousand pictures"

  /// Feedbacks' `State` protocol: one type per state, as the peer writes them.
  protocol SpeakerState: Sendable {}
  struct VolumeState: SpeakerState, Hashable { let value: Int }
  protocol VolumeEvent: Sendable {}
  struct IncreaseEvent: VolumeEvent {}
  struct DecreaseEvent: VolumeEvent {}

  static func volume(targetedVolume: Int) -> System<any SpeakerState, any VolumeEvent> {
    System("Volume", initial: VolumeState(value: 10) as any SpeakerState) {
      Feedbacks {
        Feedback("raise", strategy: .continueOnNewState, emitting: ["IncreaseEvent"]) {
          (state: VolumeState) -> AnyPublisher<any VolumeEvent, Never> in
          if state.value >= targetedVolume {
            return Empty().eraseToAnyPublisher()
          }
          return Just<any VolumeEvent>(IncreaseEvent()).eraseToAnyPublisher()
        }
        Feedback("lower", strategy: .continueOnNewState, emitting: ["DecreaseEvent"]) {
          (state: VolumeState) -> AnyPublisher<any VolumeEvent, Never> in
          if state.value <= targetedVolume {
            return Empty().eraseToAnyPublisher()
          }
          return Just<any VolumeEvent>(DecreaseEvent()).eraseToAnyPublisher()
        }
      }
      Transitions {
        Transition(from: .type(VolumeState.self), on: .type(IncreaseEvent.self), label: "value + 1") { state, _ in
          VolumeState(value: (state as! VolumeState).value + 1)
        }
        Transition(from: .type(VolumeState.self), on: .type(DecreaseEvent.self), label: "value - 1") { state, _ in
          VolumeState(value: (state as! VolumeState).value - 1)
        }
      }
    }
  }

  func testTheVolumeRisesToTheTargetAndStays() throws {
    // A protocol-typed state, as in Feedbacks: states compare through their Hashable types.
    let loop = LoopRecorder(Self.volume(targetedVolume: 12), comparingStates: areEqualAsHashable)
    loop.receive(.type(IncreaseEvent.self), from: "raise") { $0 = VolumeState(value: 11) }
    loop.receive(.type(IncreaseEvent.self), from: "raise") { $0 = VolumeState(value: 12) }
    XCTAssertEqual(loop.state as? VolumeState, VolumeState(value: 12))
    loop.finish()  // both publishers finished: the volume is stable

    let drawing = try Drawing(Self.volume(targetedVolume: 15))
    XCTAssertEqual(
      drawing.transitions, ["VolumeState → VolumeState: IncreaseEvent / value + 1; DecreaseEvent / value - 1"])
    XCTAssertEqual(drawing.feedbacks, ["raise emits IncreaseEvent", "lower emits DecreaseEvent"])
  }

  // MARK: Wildcards and composed transitions

  enum Screen: Hashable, Sendable {
    case loading
    case loaded([String])
    case error
  }

  enum ScreenEvent: Hashable, Sendable {
    case dataIsLoaded([String])
    case loadingHasFailed
    case refresh
    case dismiss
  }

  static let loadingTransitions = Transitions<Screen, ScreenEvent> {
    Transition(from: .loading, on: .case("dataIsLoaded"), label: "data", targets: [.case("loaded")]) { _, event in
      guard case .dataIsLoaded(let data) = event else { return .error }
      return .loaded(data)
    }
    Transition(from: .loading, on: .loadingHasFailed, to: .error)
  }

  static let loadedTransitions = Transitions<Screen, ScreenEvent> {
    Transition(from: .case("loaded"), on: .refresh, to: .loading)
  }

  static func screen(mediator: Mediator<Int>, log: EventLog) -> System<Screen, ScreenEvent> {
    System("Screen", initial: .loading) {
      Transitions {
        loadingTransitions
        loadedTransitions
        Transition(from: .error, on: .any, to: .loading)  // ErrorState, AnyEvent
        Transition(from: .any, on: .refresh, to: .loading)  // AnyState, RefreshEvent
      }
      Feedbacks {
        Feedback.attach(
          "mediator", to: mediator, emits: [.refresh],
          publish: { screen in if case .loaded = screen { return 1701 } else { return nil } },
          receive: { value in value == 42 ? .refresh : nil })
      }
      .onEventEmitted { event in log.append("\(event)") }
    }
  }

  final class EventLog: @unchecked Sendable {
    // Why @unchecked Sendable is safe: every access holds `lock`.
    private let lock = NSLock()
    private var events: [String] = []

    func append(_ event: String) { lock.withLock { events.append(event) } }
    var all: [String] { lock.withLock { events } }
  }

  func testWildcardsAndComposedTransitionsAndAMediator() throws {
    let mediator = Mediator<Int>("bus")
    let log = EventLog()
    // Another system attached to the same mediator: it takes the values the screen
    // publishes as its state, and answers 1701 with 42, which makes the screen refresh.
    let other = Loop(
      System<Int, Int>(
        initial: 0, reduce: { _, value in value },
        feedbacks: [.attach("mediator", to: mediator, publish: { $0 == 1701 ? 42 : nil }, receive: { $0 })]))
    let loop = LoopRecorder(Self.screen(mediator: mediator, log: log))
    loop.send(.loadingHasFailed) { $0 = .error }
    loop.send(.dismiss) { $0 = .loading }  // ErrorState on AnyEvent
    XCTAssertEqual(other.state, 0)
    loop.send(.dataIsLoaded(["a"])) { $0 = .loaded(["a"]) }  // publishes 1701
    XCTAssertEqual(other.state, 1701)
    loop.scheduler.advance()
    loop.receive(.refresh, from: "mediator") { $0 = .loading }  // AnyState on RefreshEvent
    XCTAssertEqual(log.all, ["refresh"])
    other.stop()
    loop.finish()

    let drawing = try Drawing(Self.screen(mediator: mediator, log: log))
    // Precedence drawn (#19 item 5): from error, `.any` events go to the error transition
    // first (the most specific source wins); from loaded, the loaded case's refresh does.
    XCTAssertEqual(
      drawing.transitions,
      [
        "any state → loading: refresh; not from error, loaded", "error → loading: any event",
        "loaded → loading: refresh",
        "loading → error: loadingHasFailed", "loading → loaded: dataIsLoaded / data",
      ])
  }

  // MARK: UISystem

  func testAViewObservesTheSystemThroughAModel() {
    let scheduler = TestScheduler()
    let model = LoopModel(Self.volume(targetedVolume: 13), scheduler: scheduler)
    let value = ObservedCount()
    withObservationTracking({ _ = model.state }, onChange: { value.increment() })
    scheduler.advance()  // the feedbacks' publishers run on the scheduler's executor
    XCTAssertEqual(value.count, 1)
    let viewState = { (state: any SpeakerState) in "volume \((state as! VolumeState).value)" }  // the viewStateFactory
    XCTAssertEqual(viewState(model.state), "volume 13")
  }
}

/// How often an observation fired.
final class ObservedCount: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}
