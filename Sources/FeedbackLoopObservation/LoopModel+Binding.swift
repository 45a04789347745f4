import FeedbackLoop
#if canImport(SwiftUI)
  public import SwiftUI
#endif

extension LoopModel {
  /// A binding from a state field to an event: reading registers the field with an
  /// observation, writing sends `event(newValue)`.
  ///
  /// ```swift
  /// let email = model.binding(\.email, to: SignInEvent.emailDidChange)
  /// email.wrappedValue = "ada@example.com"
  /// ```
  ///
  /// Where SwiftUI exists, the SwiftUI `Binding` overload is preferred; ask for a
  /// `LoopBinding` by type to get this one.
  @_disfavoredOverload
  public func binding<Value: Equatable & Sendable>(
    _ field: KeyPath<State, Value> & Sendable, to event: @escaping @Sendable (Value) -> Event
  ) -> LoopBinding<Value> {
    LoopBinding(get: { self[dynamicMember: field] }, set: { self.send(event($0)) })
  }

  /// A closure that sends `event`, for buttons: `Button("Sign in", action: model.action(.signIn))`.
  public func action(_ event: Event) -> @Sendable () -> Void {
    { self.send(event) }
  }

  #if canImport(SwiftUI)
    /// A SwiftUI binding from a state field to an event: reading registers the field with
    /// an observation, writing sends `event(newValue)`.
    ///
    /// ```swift
    /// TextField("Email", text: model.binding(\.email, to: SignInEvent.emailDidChange))
    /// ```
    public func binding<Value: Equatable & Sendable>(
      _ field: KeyPath<State, Value> & Sendable, to event: @escaping @Sendable (Value) -> Event
    ) -> Binding<Value> {
      Binding(get: { self[dynamicMember: field] }, set: { self.send(event($0)) })
    }
  #endif
}
