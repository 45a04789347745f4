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

  // One type per state and per event, as Feedbacks writes them.
  protocol ScreenState: Sendable {}
  struct LoadingState: ScreenState, Hashable {}
  struct LoadedState: ScreenState, Hashable { var data: [String] }
  struct ErrorState: ScreenState, Hashable {}

  protocol ScreenEvent: Sendable {}
  struct DataIsLoaded: ScreenEvent { var data: [String] }
  struct LoadingHasFailed: ScreenEvent {}
  struct RefreshEvent: ScreenEvent {}
  struct Dismiss: ScreenEvent {}

  static let loadingTransitions = Transitions<any ScreenState, any ScreenEvent> {
    Transition(
      from: .type(LoadingState.self), on: .type(DataIsLoaded.self), label: "data", targets: [.type(LoadedState.self)]
    ) { _, event in
      LoadedState(data: (event as! DataIsLoaded).data)
    }
    Transition(from: .type(LoadingState.self), on: .type(LoadingHasFailed.self), to: ErrorState())
  }

  static let loadedTransitions = Transitions<any ScreenState, any ScreenEvent> {
    Transition(from: .type(LoadedState.self), on: .type(RefreshEvent.self), to: LoadingState())
  }

  static func screen(mediator: Mediator<Int>, log: EventLog) -> System<any ScreenState, any ScreenEvent> {
    System("Screen", initial: LoadingState()) {
      Transitions {
        loadingTransitions
        loadedTransitions
        Transition(from: .type(ErrorState.self), on: .any, to: LoadingState())  // ErrorState, AnyEvent
        Transition(from: .any, on: .type(RefreshEvent.self), to: LoadingState())  // AnyState, RefreshEvent
      }
      Feedbacks {
        Feedback.attach(
          "mediator", to: mediator, emits: [RefreshEvent()],
          publish: { screen in screen is LoadedState ? 1701 : nil },
          receive: { value in value == 42 ? RefreshEvent() : nil })
      }
      .onEventEmitted { event in log.append("\(type(of: event))") }
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
    let loop = LoopRecorder(Self.screen(mediator: mediator, log: log), comparingStates: areEqualAsHashable)
    loop.send(LoadingHasFailed()) { $0 = ErrorState() }
    loop.send(Dismiss()) { $0 = LoadingState() }  // ErrorState on AnyEvent
    XCTAssertEqual(other.state, 0)
    loop.send(DataIsLoaded(data: ["a"])) { $0 = LoadedState(data: ["a"]) }  // publishes 1701
    XCTAssertEqual(other.state, 1701)
    loop.scheduler.advance()
    loop.receive(.type(RefreshEvent.self), from: "mediator") { $0 = LoadingState() }  // AnyState on RefreshEvent
    XCTAssertEqual(log.all, ["RefreshEvent"])
    other.stop()
    loop.finish()

    let drawing = try Drawing(Self.screen(mediator: mediator, log: log))
    // Precedence drawn (#19 item 5): from error, `.any` events go to the error transition
    // first (the most specific source wins); from loaded, the loaded case's refresh does.
    XCTAssertEqual(
      drawing.transitions,
      [
        "ErrorState → LoadingState: any event", "LoadedState → LoadingState: RefreshEvent",
        "LoadingState → ErrorState: LoadingHasFailed", "LoadingState → LoadedState: DataIsLoaded / data",
        "any state → LoadingState: RefreshEvent; not from ErrorState, LoadedState",
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
