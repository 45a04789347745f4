#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Synchronization
import Testing

/// Every doc example of `FeedbackLoopCombine`, run on Linux (OpenCombine) with just enough
/// around it to run: the example's lines are the ones the doc comment shows.
@Suite struct CombineDocExampleTests {
  // MARK: Effect.publisher(_:) — paging through an API

  struct Page: Equatable, Sendable { var number: Int }
  struct Offline: Error {}
  enum MoviesEvent: Equatable, Sendable { case didLoad(Page), didFail(String) }
  struct Paging: Equatable, Sendable { var nextPage: Int? = 1, loaded: [Int] = [], failure: String? }

  struct API: Sendable {
    func fetchMovies(page: Int) -> AnyPublisher<Page, Offline> {
      page < 3
        ? Just(Page(number: page)).setFailureType(to: Offline.self).eraseToAnyPublisher()
        : Fail(error: Offline()).eraseToAnyPublisher()
    }
  }

  @Test func aPublisherEffectPagesAndTurnsAFailureIntoAnEvent() {
    let api = API()
    let movies = System<Paging, MoviesEvent>(initial: Paging()) {
      Reducer { state, event in
        switch event {
        case .didLoad(let page):
          state.loaded.append(page.number)
          state.nextPage = page.number + 1
        case .didFail(let message):
          state.failure = message
          state.nextPage = nil
        }
      }
      Feedbacks {
        Feedback.lensing("paging", { $0.nextPage }) { page in
          .publisher(
            api.fetchMovies(page: page)
              .map(MoviesEvent.didLoad)
              .catch { Just(.didFail($0.localizedDescription)) })
        }
      }
    }
    let scheduler = TestScheduler()
    let loop = Loop(movies, scheduler: scheduler)
    scheduler.run()
    #expect(loop.state.loaded == [1, 2])
    #expect(loop.state.failure != nil)
    loop.stop()
  }

  // MARK: Publisher.effect and Feedback(_:strategy:emitting:_:) — the volume

  protocol VolumeEvent: Sendable {}
  struct Increase: VolumeEvent {}
  struct VolumeState: Hashable, Sendable { var value: Int }

  @Test func aPublisherIsAnEffectAndAFeedbackAnswersAStateWithAPublisher() {
    let target = 3
    let raiseOnce = System<VolumeState, any VolumeEvent>(initial: VolumeState(value: 0)) {
      Transitions {
        Transition(from: .any, on: .type(Increase.self), label: "value + 1") { state, _ in
          VolumeState(value: state.value + 1)
        }
      }
      Feedbacks {
        Feedback("raise") { state in Just(Increase()).effect }
          .disabled(when: { $0.value >= 1 })
      }
    }
    let raiseToTarget = System<VolumeState, any VolumeEvent>(initial: VolumeState(value: 0)) {
      Transitions {
        Transition(from: .any, on: .type(Increase.self), label: "value + 1") { state, _ in
          VolumeState(value: state.value + 1)
        }
      }
      Feedbacks {
        Feedback("raise", strategy: .continueOnNewState, emitting: ["Increase"]) {
          (state: VolumeState) -> AnyPublisher<any VolumeEvent, Never> in
          state.value >= target ? Empty().eraseToAnyPublisher() : Just(Increase()).eraseToAnyPublisher()
        }
      }
    }
    for (system, expected) in [(raiseOnce, 1), (raiseToTarget, target)] {
      let scheduler = TestScheduler()
      let loop = Loop(system, scheduler: scheduler)
      scheduler.run()
      #expect(loop.state.value == expected)
      loop.stop()
    }
  }

  // MARK: Feedback(_:strategy:emits:_:) — a timer on the loop's time

  enum Light: Hashable, Sendable { case red, green }
  enum Signal: Hashable, Sendable { case tick }

  @Test func aTimerFeedbackDelaysOnTheLoopsTime() {
    let testScheduler = TestScheduler()
    let scheduler = testScheduler.combine
    let light = System<Light, Signal>(initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .green, on: .tick, to: .red)
      }
      Feedbacks {
        Feedback("timer", emits: [.tick]) { (light: Light) in
          Just(.tick).delay(for: .seconds(30), scheduler: scheduler)
        }
      }
    }
    let loop = LoopRecorder(light, scheduler: testScheduler)
    loop.receiveNothing(before: .seconds(30))
    loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }
    loop.skipInFlightEffects()
  }

  // MARK: LoopCombineScheduler — time, and a debounce on it

  @Test func theSchedulersTimeAndADebounceOnIt() {
    let scheduler = TestScheduler()
    let later = scheduler.combine.now.advanced(by: .milliseconds(300))
    #expect(later.nanoseconds == 300_000_000)
    let events = PassthroughSubject<Int, Never>()
    let received = Mutex<[Int]>([])
    let debounced = events.debounce(for: .seconds(1), scheduler: scheduler.combine)
    let subscription = debounced.sink { value in received.withLock { $0.append(value) } }
    events.send(1)
    scheduler.advance(by: .milliseconds(500))
    events.send(2)
    scheduler.advance(by: .seconds(1))
    #expect(received.withLock { $0 } == [2])
    subscription.cancel()
  }

  // MARK: LoopStatesPublisher — a label follows the loop

  struct Counter: Equatable, Sendable { var value = 0 }

  final class Label: @unchecked Sendable {
    // Why @unchecked Sendable is safe: the loop below runs on the test's thread only.
    var text = ""
  }

  @Test func aLabelFollowsTheStatesPublisher() {
    let counter = System<Counter, Int>(initial: Counter(), reduce: { state, event in state.value += event })
    let label = Label()
    var subscriptions = Set<AnyCancellable>()
    let loop = Loop(counter)
    loop.statesPublisher
      .map(\.value)
      .sink { label.text = "\($0)" }
      .store(in: &subscriptions)
    loop.send(2)
    #expect(label.text == "2")
    var rendered: [Counter] = []
    let render = { (state: Counter) in rendered.append(state) }
    loop.statesPublisher.sink { render($0) }.store(in: &subscriptions)
    loop.send(1)
    #expect(rendered.map(\.value) == [2, 3])
    loop.stop()
  }
}
