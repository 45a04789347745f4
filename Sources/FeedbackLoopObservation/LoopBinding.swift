/// A two-way connection between a state field and an event, for platforms without SwiftUI
/// (and for tests): reading gives the field's current value, writing sends the event the
/// new value stands for. On Apple platforms ``LoopModel`` also makes SwiftUI `Binding`s.
///
/// ```swift
/// let email: LoopBinding<String> = model.binding(\.email, to: SignInEvent.emailDidChange)
/// email.wrappedValue = "a@b.c"  // sends .emailDidChange("a@b.c")
/// ```
@propertyWrapper
public struct LoopBinding<Value>: Sendable {
  private let get: @Sendable () -> Value
  private let set: @Sendable (Value) -> Void

  /// A binding from a getter and a setter.
  public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The field's current value; setting it sends the event.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
