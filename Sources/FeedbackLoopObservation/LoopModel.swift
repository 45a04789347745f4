public import FeedbackLoop
public import Observation
import Synchronization

/// A running loop for views: its state, observable field by field through the Observation
/// framework, ``send(_:)``, and bindings from a state field to an event. (Feedbacks'
/// `UISystem`, CombineFeedback's `Store` and `ViewContext`.)
///
/// ```swift
/// struct CounterView: View {
///   let model: LoopModel<Counter.State, Counter.Event>
///
///   var body: some View {
///     VStack {
///       Text("\(model.value)")  // re-renders when `value` changes only
///       Button("+") { model.send(.increment) }
///       Button("−") { model.send(.decrement) }
///     }
///   }
/// }
///
/// let model = LoopModel(Counter.system(), scheduler: MainQueueScheduler.shared)
/// ```
///
/// **Field granularity.** Reading a field through dynamic member lookup (`model.value`)
/// registers that field alone: an observer is told when a new state changes *that* field
/// (compared with `==` when it is `Equatable`; any new state counts otherwise), not when
/// another field changes. Reading ``state`` registers the whole state. This is why the
/// model uses an `ObservationRegistrar` directly rather than the `@Observable` macro, which
/// tracks stored properties and would see one property, `state`, change on every event.
///
/// States are taken on the loop's turn: on the main thread when the loop's scheduler runs
/// there, which is what SwiftUI expects (give it such a scheduler). Thread-safe.
@dynamicMemberLookup
public final class LoopModel<State: Sendable, Event: Sendable>: Observable, Sendable {
  /// The loop this model runs.
  public let loop: Loop<State, Event>
  let registrar = ObservationRegistrar()
  let book: Mutex<ModelBook<State>>
  private let observation: Mutex<LoopObservation?> = Mutex(nil)

  /// Starts a loop running `system` and observes it.
  ///
  /// - Parameters:
  ///   - system: the system to run.
  ///   - scheduler: where the loop runs (see `FeedbackLoop`'s `Loop`).
  public convenience init(_ system: System<State, Event>, scheduler: any LoopScheduler = InlineScheduler()) {
    self.init(loop: Loop(system, scheduler: scheduler))
  }

  /// Observes a loop that is already running.
  public init(loop: Loop<State, Event>) {
    self.loop = loop
    self.book = Mutex(ModelBook(state: loop.state))
    let (current, observation) = loop.observeFromCurrent { [weak self] state in self?.take(state) }
    book.withLock { $0.state = current }
    self.observation.withLock { $0 = observation }
  }

  deinit {
    observation.withLock { $0 }?.cancel()
  }

  /// The current state. Reading it registers the whole state with an observation.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return book.withLock { $0.state }
  }

  /// Sends `event` to the loop.
  ///
  /// ```swift
  /// model.send(.signIn)  // from a button's action: `Button("Sign in") { model.send(.signIn) }`
  /// ```
  public func send(_ event: Event) {
    loop.send(event)
  }
}
