// CombineFeedback's view-context names, kept so that a porting user's first try compiles
// into a message that says what to write here. None of these can be called.

extension LoopModel {
  /// CombineFeedback's `context.binding(for:event:)`.
  @available(
    *, unavailable, message: "write model.binding(\\.field, to: Event.fieldChanged): the key path first, then `to:`"
  )
  public func binding<Value>(for field: KeyPath<State, Value>, event: (Value) -> Event) -> Never { fatalError() }

  /// CombineFeedback's `store.send(event:)`.
  @available(*, unavailable, renamed: "send(_:)", message: "write model.send(.event), without the label")
  public func send(event: Event) { fatalError() }
}
