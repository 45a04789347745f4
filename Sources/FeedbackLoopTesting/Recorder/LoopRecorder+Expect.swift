public import FeedbackLoop

/// One step of a ``LoopRecorder/expect(fileID:filePath:line:column:_:)`` sequence.
///
/// Why a type of its own: it is not a record of something that happened but an assertion
/// still to make (`Sending`, `Receiving`, `Waiting`), run against the recording.
public protocol ExpectedStep<State, Event>: Sendable {
  /// The state type of the recorder.
  associatedtype State: Sendable
  /// The event type of the recorder.
  associatedtype Event: Sendable
  /// Performs and checks the step.
  func run(on recorder: LoopRecorder<State, Event>, fileID: StaticString, filePath: StaticString)
}

/// Sends an event and expects a change of state (`send` in a marble sequence).
public struct Sending<State: Sendable, Event: Sendable>: ExpectedStep {
  let event: Event
  let line: UInt
  let update: (@Sendable (inout State) -> Void)?

  /// Sends `event`; `update` turns the previous state into the expected one.
  public init(_ event: Event, line: UInt = #line, _ update: (@Sendable (inout State) -> Void)? = nil) {
    (self.event, self.line, self.update) = (event, line, update)
  }

  /// Asserts this step on `recorder`, reporting failures at the step's line in `filePath`.
  public func run(on recorder: LoopRecorder<State, Event>, fileID: StaticString, filePath: StaticString) {
    recorder.send(event, fileID: fileID, filePath: filePath, line: line, column: 1, update)
  }
}

/// Expects the next received event (`receive` in a marble sequence).
public struct Receiving<State: Sendable, Event: Sendable>: ExpectedStep {
  let pattern: EventPattern<Event>
  let feedback: String?
  let line: UInt
  let update: (@Sendable (inout State) -> Void)?

  /// Expects an event matching `pattern` (from `feedback`, if given).
  public init(
    _ pattern: EventPattern<Event>, from feedback: String? = nil, line: UInt = #line,
    _ update: (@Sendable (inout State) -> Void)? = nil
  ) {
    (self.pattern, self.feedback, self.line, self.update) = (pattern, feedback, line, update)
  }

  /// Asserts this step on `recorder`, reporting failures at the step's line in `filePath`.
  public func run(on recorder: LoopRecorder<State, Event>, fileID: StaticString, filePath: StaticString) {
    recorder.receive(pattern, from: feedback, fileID: fileID, filePath: filePath, line: line, column: 1, update)
  }
}

extension Receiving where Event: Equatable {
  /// Expects exactly `event` (from `feedback`, if given).
  public init(
    _ event: Event, from feedback: String? = nil, line: UInt = #line, _ update: (@Sendable (inout State) -> Void)? = nil
  ) {
    self.init(.value(event), from: feedback, line: line, update)
  }
}

/// Lets virtual time pass (a time mark in a marble sequence).
public struct Waiting<State: Sendable, Event: Sendable>: ExpectedStep {
  let duration: Duration

  /// Advances the recorder's scheduler by `duration`.
  public init(_ duration: Duration) {
    self.duration = duration
  }

  /// Asserts this step on `recorder`, reporting failures at the step's line in `filePath`.
  public func run(on recorder: LoopRecorder<State, Event>, fileID: StaticString, filePath: StaticString) {
    recorder.scheduler.advance(by: duration)
  }
}

/// Builds the steps of ``LoopRecorder/expect(fileID:filePath:line:column:_:)``.
@resultBuilder
public enum ExpectationBuilder<State: Sendable, Event: Sendable>: ListBuilder {
  /// One expected step, whatever its kind: the block builds the sequence.
  public typealias Component = any ExpectedStep<State, Event>

  /// A `Sending<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ step: Sending<State, Event>) -> [Component] { [step] }
  /// A `Receiving<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ step: Receiving<State, Event>) -> [Component] { [step] }
  /// A `Waiting<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ step: Waiting<State, Event>) -> [Component] { [step] }
}

extension LoopRecorder {
  /// Runs a marble-like sequence of steps in order: what to send, what to receive, and
  /// how much time passes in between.
  ///
  /// ```swift
  /// loop.expect {
  ///   Waiting(.seconds(30))
  ///   Receiving(.tick, from: "timer") { $0 = .green }
  ///   Sending(.emergency) { $0 = .red }
  /// }
  /// ```
  public func expect(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    @ExpectationBuilder<State, Event> _ steps: () -> [any ExpectedStep<State, Event>]
  ) {
    for step in steps() { step.run(on: self, fileID: fileID, filePath: filePath) }
  }
}
