extension System {
  /// Declares a system whose effects reach the outside world (an API client, a database,
  /// analytics) only through `environment`: the live clients in the app, test doubles in a
  /// test.
  ///
  /// ```swift
  /// struct SearchEnvironment: Sendable {
  ///   var search: @Sendable (String) async throws -> [String]
  ///   static let live = SearchEnvironment(search: { try await APIClient.shared.search($0) })
  /// }
  ///
  /// enum Search {
  ///   static func system(_ environment: SearchEnvironment = .live) -> System<SearchState, SearchEvent> {
  ///     System(initial: .idle, environment: environment) { environment in
  ///       Reducer { state, event in
  ///         switch event {
  ///         case .typed(let query): state = .searching(query)
  ///         case .results(let results): state = .found(results)
  ///         }
  ///       }
  ///       Feedbacks {
  ///         Feedback.on("search", emits: [.results([])], .case("searching")) { state in
  ///           guard case .searching(let query) = state else { return .none }
  ///           return .task { clock in
  ///             try await clock.sleep(for: .milliseconds(300))  // debounce, virtual in tests
  ///             return .results(try await environment.search(query))
  ///           }
  ///         }
  ///       }
  ///     }
  ///   }
  /// }
  ///
  /// // The app:  Loop(Search.system())
  /// // A test:   LoopRecorder(Search.system(SearchEnvironment(search: { _ in ["stub"] })), scheduler: scheduler)
  /// ```
  ///
  /// The environment is a plain value captured by the feedbacks' closures when the system
  /// is declared, so every effect — `.send`, `.task`, `.run`, delayed or not — sees exactly
  /// the environment its system was built with, on whatever thread or executor runs it:
  /// with a ``LoopScheduler`` that is a test scheduler, the double is called on the test's
  /// executor, in virtual time, when the test moves time. Time itself is not part of the
  /// environment: effects sleep on the clock the loop hands them.
  ///
  /// Why a parameter and not swift-dependencies' `@Dependency`: its values live in a task
  /// local, which a task inherits when it is created but a closure run later by a scheduler
  /// (a loop's turn on a queue, a timer) does not, so which value an effect sees would
  /// depend on where the loop happened to run it; and its package depends on swift-syntax
  /// (for its macros), which every user of the runtime or the test kit would then resolve.
  /// A parameter needs no library, no registration, and its type says what a system uses.
  ///
  /// - Parameters:
  ///   - name: the system's name for diagrams and traces; the state type's name by default.
  ///   - initial: the state a loop starts in.
  ///   - environment: what the effects call; handed to `content`.
  ///   - content: the system's parts (as in ``init(_:initial:_:)``), declared against
  ///     `environment`.
  public init<Environment: Sendable>(
    _ name: String? = nil, initial: State, environment: Environment,
    @SystemBuilder<State, Event> _ content: (_ environment: Environment) -> [SystemComponent<State, Event>]
  ) {
    self.init(name, initial: initial, components: content(environment))
  }
}
