import FeedbackGraph
import FeedbackLoopSupport

/// A value shared between systems: each attached system publishes values from its states
/// and receives the values the *other* systems publish (Feedbacks' mediator).
///
/// ```swift
/// let session = Mediator<Bool>("signed in")
/// let signIn = System<Account, AccountEvent>("SignIn", initial: Account()) {
///   Reducer { account, _ in account.isSignedIn = true }
///   Feedbacks {
///     Feedback.attach("session", to: session, publish: { $0.isSignedIn ? true : nil }, receive: { _ in nil })
///   }
/// }
/// let movies = System<[String], MoviesEvent>("Movies", initial: []) {
///   Reducer { titles, _ in titles = ["Alien"] }
///   Feedbacks {
///     Feedback.attach("session", to: session, publish: { _ in nil }, receive: { _ in .refresh })
///   }
/// }
/// ```
///
/// A value is published when it differs from the last one this member published.
/// Thread-safe; delivery happens on the publisher's turn, into each receiver's queue.
///
/// The mediator keeps the last value published, by a system or with ``publish(_:)``, as
/// its ``value`` (Feedbacks' `CurrentValueMediator`; with no initial value and before the
/// first publication it is `nil`, as Feedbacks' `PassthroughMediator`). Code outside any
/// loop reads it, or follows it with ``observe(_:)`` or ``values``:
///
/// ```swift
/// let session = Mediator<Bool>("signed in", initial: false)
/// let observation = session.observe { signedIn in print("signed in:", signedIn) }
/// let signedIn = session.value  // false until a system publishes
/// ```
///
/// A system that attaches is not sent the current value: it receives the values published
/// after it started.
public final class Mediator<Value: Equatable & Sendable>: Sendable {
  /// The mediator's name, shown in diagrams.
  public let name: String
  private let members: Protected<Members>

  private struct Members: Sendable {
    var next = 0
    var receivers: [Int: @Sendable (Value) -> Void] = [:]
    var value: Value?
  }

  /// Creates a mediator with no value yet.
  public init(_ name: String = "mediator") {
    self.name = name
    self.members = Protected(Members())
  }

  /// Creates a mediator whose ``value`` is `initial` until something is published.
  public init(_ name: String = "mediator", initial: Value) {
    self.name = name
    self.members = Protected(Members(value: initial))
  }

  /// The last value published to the mediator (by an attached system or with
  /// ``publish(_:)``), or its initial value; `nil` if it has none yet. Thread-safe.
  public var value: Value? {
    members.withLock { $0.value }
  }

  /// Publishes `value` to every attached member and observer, and makes it the mediator's
  /// ``value``.
  public func publish(_ value: Value) {
    deliver(value, except: nil)
  }

  /// Calls `observer` with every value published from now on, on the publisher's thread
  /// (an attached system's turn, or the caller of ``publish(_:)``). The current value is
  /// not replayed: read ``value`` for it, or use ``values``.
  @discardableResult
  public func observe(_ observer: @escaping @Sendable (Value) -> Void) -> LoopObservation {
    LoopObservation(end: register(makeID(), observer))
  }

  /// The mediator's values as an async sequence: the current ``value`` first (if it has
  /// one), then every value published, until the consumer stops iterating. The buffer is
  /// unbounded.
  public var values: AsyncStream<Value> {
    AsyncStream { continuation in
      let id = makeID()
      // Register and yield the current value under one lock, so that no newer value can
      // reach the stream before it.
      members.withLock { members in
        members.receivers[id] = { continuation.yield($0) }
        if let value = members.value { continuation.yield(value) }
      }
      continuation.onTermination = { [weak self] _ in
        _ = self?.members.withLock { $0.receivers.removeValue(forKey: id) }
      }
    }
  }

  private func makeID() -> Int {
    members.withLock { members in
      defer { members.next += 1 }
      return members.next
    }
  }

  func makeMember() -> Member {
    Member(mediator: self, id: makeID())
  }

  fileprivate func deliver(_ value: Value, except sender: Int?) {
    let receivers = members.withLock { members in
      members.value = value
      return members.receivers.filter { $0.key != sender }.sorted { $0.key < $1.key }.map(\.value)
    }
    for receive in receivers { receive(value) }
  }

  fileprivate func register(_ id: Int, _ receive: @escaping @Sendable (Value) -> Void) -> @Sendable () -> Void {
    members.withLock { $0.receivers[id] = receive }
    return { [weak self] in _ = self?.members.withLock { $0.receivers.removeValue(forKey: id) } }
  }

  /// One system's attachment.
  final class Member {
    let mediator: Mediator
    let id: Int
    private var lastPublished: Value?

    init(mediator: Mediator, id: Int) {
      self.mediator = mediator
      self.id = id
    }

    func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> @Sendable () -> Void {
      mediator.register(id, receive)
    }

    /// Called on the loop's turn only.
    func publish(_ value: Value) {
      guard value != lastPublished else { return }
      lastPublished = value
      mediator.deliver(value, except: id)
    }
  }
}
