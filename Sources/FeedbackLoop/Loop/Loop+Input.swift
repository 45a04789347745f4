extension Loop {
  /// Sends `event` through the loop's input named `input` (``Feedback/input(_:emits:)``):
  /// the event is reduced as ``send(_:)`` reduces it, with that input as its source.
  ///
  /// ```swift
  /// loop.send(.entered("1234"), from: "keypad")
  /// ```
  ///
  /// Thread-safe. `input` must name an input of the loop's system: sending through a name
  /// it does not declare is a programmer error, which stops the program with the list of
  /// the inputs it has (check with `hasInput(_:)` when the name comes from data).
  public func send(_ event: Event, from input: String) {
    guard let index = inputIndex(input) else {
      preconditionFailure(
        "send(_:from: \"\(input)\"): the system \"\(system.name)\" has no input named \"\(input)\"; its inputs: \(inputNames)."
      )
    }
    enqueue(Entry(event: event, origin: .feedback(index)))
  }

  /// Whether the loop's system declares an input named `input`.
  package func hasInput(_ input: String) -> Bool {
    inputIndex(input) != nil
  }

  /// The index of the input feedback named `name`.
  func inputIndex(_ name: String) -> Int? {
    system.feedbacks.firstIndex { $0.isLoopInput && $0.name == name }
  }

  /// The names of the system's inputs, quoted, for messages.
  package var inputNames: String {
    let names = system.feedbacks.filter(\.isLoopInput).map { "\"\($0.name)\"" }
    return names.isEmpty ? "none" : names.joined(separator: ", ")
  }
}
