/// Which events a transition accepts: one value, every value of an enum case, every value
/// of a type, or any event.
///
/// ```swift
/// // one value
/// let tick = Transition<Light, Signal>(from: .red, on: .tick, to: .green)
/// // every value of an enum case, whatever its payload
/// let didLoad = Transition<Page, PageEvent>(from: .case("loading"), on: .case("didLoad"), to: .loaded)
/// // every value of a type (for events of a protocol type)
/// let increase = Transition<VolumeState, any VolumeEvent>(from: .type(VolumeState.self), on: .type(Increase.self)) {
///   state, _ in VolumeState(value: state.value + 1)
/// }
/// // any event
/// let reset = Transition<Light, Signal>(from: .yellow, on: .any, to: .red)
/// ```
public struct EventPattern<Event: Sendable>: Sendable {
  @usableFromInline let pattern: ValuePattern<Event>
  /// The event a ``value(_:)`` pattern names (to show the event's fields), else `nil`.
  let sample: Event?

  init(pattern: ValuePattern<Event>, sample: Event? = nil) {
    self.pattern = pattern
    self.sample = sample
  }

  /// The diagram name of the matched events, or `nil` for ``any``.
  public var name: String? { pattern.name }

  /// Any event.
  public static var any: EventPattern { EventPattern(pattern: .any) }

  /// Every value of the enum case named `name`, whatever its payload.
  public static func `case`(_ name: String) -> EventPattern {
    EventPattern(pattern: .enumCase(name))
  }

  /// Every event `test` accepts, drawn and ranked as the enum case `name`: the hook for
  /// typed case patterns (the `FeedbackLoopCasePaths` add-on's `.case(\.didLoad)`).
  ///
  /// ```swift
  /// .case("didLoad", where: { if case .didLoad = $0 { true } else { false } })
  /// ```
  public static func `case`(_ name: String, where test: @escaping @Sendable (Event) -> Bool) -> EventPattern {
    EventPattern(pattern: .enumCase(name, where: test))
  }

  /// Every event whose dynamic type is `T` (for systems whose `Event` is a protocol).
  public static func type<T>(_ type: T.Type) -> EventPattern {
    EventPattern(pattern: .type(T.self))
  }

  /// Whether `event` matches the pattern.
  @inlinable
  public func matches(_ event: Event) -> Bool {
    pattern.matches(event)
  }
}

extension EventPattern where Event: Equatable {
  /// Exactly `event`.
  public static func value(_ event: Event) -> EventPattern {
    EventPattern(pattern: .value(event), sample: event)
  }
}
