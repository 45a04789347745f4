import FeedbackLoop
import Synchronization

/// What a model remembers between states: the state, and the fields observers have read
/// with how to tell whether a new state changed them.
struct ModelBook<State> {
  var state: State
  var fields: [AnyKeyPath: Field] = [:]

  /// A field observers have read: whether a new state changed it, and how to tell the
  /// registrar it will change and did change.
  struct Field {
    var changed: @Sendable (State, State) -> Bool
    var willSet: @Sendable () -> Void
    var didSet: @Sendable () -> Void
  }
}

extension LoopModel {
  /// One field of the state. Reading it registers this field alone with an observation:
  /// the observer is told when the field's value changes.
  ///
  /// ```swift
  /// let email = model.email  // its reader is not told when only the password changes
  /// ```
  public subscript<Value: Equatable & SendableMetatype>(dynamicMember field: KeyPath<State, Value> & Sendable) -> Value
  {
    read(field, changed: { $0[keyPath: field] != $1[keyPath: field] })
  }

  /// One field of the state that is not `Equatable`: observers are told on every new
  /// state.
  @_disfavoredOverload
  public subscript<Value>(dynamicMember field: KeyPath<State, Value> & Sendable) -> Value {
    read(field, changed: { _, _ in true })
  }

  /// The observation key of `field`: a key path of the model, one per state field.
  subscript<Value>(field field: KeyPath<State, Value> & Sendable) -> Value {
    book.withLock { $0.state[keyPath: field] }
  }

  private func read<Value>(
    _ field: KeyPath<State, Value> & Sendable, changed: @escaping @Sendable (State, State) -> Bool
  ) -> Value {
    let key: KeyPath<LoopModel, Value> & Sendable = \LoopModel.[field: field]
    registrar.access(self, keyPath: key)
    return book.withLock { book in
      if book.fields[key] == nil {
        book.fields[key] = ModelBook.Field(
          changed: changed,
          willSet: { [unowned self] in registrar.willSet(self, keyPath: key) },
          didSet: { [unowned self] in registrar.didSet(self, keyPath: key) })
      }
      return book.state[keyPath: field]
    }
  }

  /// Takes a new state from the loop: tells the observers of the whole state and of each
  /// read field that changed.
  func take(_ state: State) {
    let changed = book.withLock { book -> [ModelBook<State>.Field] in
      book.fields.values.filter { $0.changed(book.state, state) }
    }
    registrar.willSet(self, keyPath: \.state)
    for field in changed { field.willSet() }
    book.withLock { $0.state = state }
    for field in changed { field.didSet() }
    registrar.didSet(self, keyPath: \.state)
  }

}
