import FeedbackGraph

/// A value shared between systems: each attached system publishes values from its states
/// and receives the values the *other* systems publish (Feedbacks' mediator).
///
/// ```swift
/// let session = Mediator<Bool>("signed in")
/// // in the sign-in system:
/// Feedback.attach("session", to: session, publish: { $0.isSignedIn ? true : nil }, receive: { _ in nil })
/// // in the movies system:
/// Feedback.attach("session", to: session, publish: { _ in nil }, receive: { _ in .refresh })
/// ```
///
/// A value is published when it differs from the last one this member published.
/// Thread-safe; delivery happens on the publisher's turn, into each receiver's queue.
public final class Mediator<Value: Equatable & Sendable>: Sendable {
  /// The mediator's name, shown in diagrams.
  public let name: String
  private let members = Protected<(next: Int, receivers: [Int: @Sendable (Value) -> Void])>((0, [:]))

  /// Creates a mediator.
  public init(_ name: String = "mediator") {
    self.name = name
  }

  /// Publishes `value` to every attached member.
  public func publish(_ value: Value) {
    deliver(value, except: nil)
  }

  func makeMember() -> Member {
    Member(mediator: self, id: members.withLock { state in
      defer { state.next += 1 }
      return state.next
    })
  }

  fileprivate func deliver(_ value: Value, except sender: Int?) {
    let receivers = members.withLock { $0.receivers.filter { $0.key != sender }.map(\.value) }
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
