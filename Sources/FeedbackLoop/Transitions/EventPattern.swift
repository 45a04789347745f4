/// Which events a transition accepts: one value, every value of an enum case, every value
/// of a type, or any event.
///
/// ```swift
/// Transition(from: .red, on: .tick, to: .green)                     // a value
/// Transition(from: .case("loading"), on: .case("didLoad"), …)       // a case, any payload
/// Transition(from: .type(VolumeState.self), on: .type(Increase.self), …)
/// ```
public struct EventPattern<Event: Sendable>: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case value(@Sendable (Event) -> Bool)
    case enumCase
    case type(@Sendable (Event) -> Bool)
    case any
  }

  @usableFromInline let kind: Kind
  /// The diagram name of the matched events, or `nil` for ``any``.
  /// The diagram name of what the pattern matches, or `nil` for ``any``.
  public let name: String?

  /// Any event.
  public static var any: EventPattern { EventPattern(kind: .any, name: nil) }

  /// Every value of the enum case named `name`, whatever its payload.
  public static func `case`(_ name: String) -> EventPattern {
    EventPattern(kind: .enumCase, name: name)
  }

  /// Every event whose dynamic type is `T` (for systems whose `Event` is a protocol).
  public static func type<T>(_ type: T.Type) -> EventPattern {
    EventPattern(kind: .type({ $0 is T }), name: Naming.typeName(T.self))
  }

  var specificity: Int {
    switch kind {
    case .value: 3
    case .enumCase: 2
    case .type: 1
    case .any: 0
    }
  }

  /// Whether `event` matches the pattern.
  @inlinable
  public func matches(_ event: Event) -> Bool {
    switch kind {
    case .value(let equals): equals(event)
    case .enumCase: Naming.name(of: event) == name
    case .type(let test): test(event)
    case .any: true
    }
  }

  var graphMatch: String {
    switch kind {
    case .value: "value"
    case .enumCase: "enumCase"
    case .type: "type"
    case .any: "any"
    }
  }
}

extension EventPattern where Event: Equatable {
  /// Exactly `event`.
  public static func value(_ event: Event) -> EventPattern {
    EventPattern(kind: .value({ $0 == event }), name: Naming.name(of: event))
  }
}
