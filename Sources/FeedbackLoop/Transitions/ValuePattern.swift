import FeedbackGraph

/// What ``StatePattern`` and ``EventPattern`` share: which values of a type they match,
/// how specific they are (for precedence), and how a diagram names them.
@usableFromInline
struct ValuePattern<Value: Sendable>: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case value(@Sendable (Value) -> Bool)
    /// An enum case: by name (`.case("loading")`), or by a typed test an add-on supplies.
    case enumCase(@Sendable (Value) -> Bool)
    case type(@Sendable (Value) -> Bool)
    case any
  }

  @usableFromInline let kind: Kind
  /// The diagram name of the matched values, or `nil` for `.any`.
  @usableFromInline let name: String?
  /// Whether the pattern is `.case(name)` matched by the name alone (no `where:` test): its
  /// answer is then a function of the value's case, which the dispatch computes once per case.
  let matchesByName: Bool
  /// The value a `.value` pattern matches.
  let sample: Value?

  @usableFromInline
  init(kind: Kind, name: String?, matchesByName: Bool = false, sample: Value? = nil) {
    self.kind = kind
    self.name = name
    self.matchesByName = matchesByName
    self.sample = sample
  }

  static var any: ValuePattern { ValuePattern(kind: .any, name: nil) }

  static func enumCase(_ name: String) -> ValuePattern {
    ValuePattern(kind: .enumCase({ Naming.name(of: $0) == name }), name: name, matchesByName: true)
  }

  static func enumCase(_ name: String, where test: @escaping @Sendable (Value) -> Bool) -> ValuePattern {
    ValuePattern(kind: .enumCase(test), name: name)
  }

  static func type<T>(_ type: T.Type) -> ValuePattern {
    ValuePattern(kind: .type({ $0 is T }), name: Naming.typeName(T.self))
  }

  @inlinable
  func matches(_ value: Value) -> Bool {
    switch kind {
    case .value(let equals): equals(value)
    case .enumCase(let test): test(value)
    case .type(let test): test(value)
    case .any: true
    }
  }

  /// Whether the pattern is `.any`.
  var isAny: Bool {
    if case .any = kind { true } else { false }
  }

  /// A value beats an enum case, which beats a type, which beats any.
  var specificity: Int {
    switch kind {
    case .value: 3
    case .enumCase: 2
    case .type: 1
    case .any: 0
    }
  }

  /// How the graph records the match.
  var graphMatch: TransitionEdge.Match {
    switch kind {
    case .value: .value
    case .enumCase: .enumCase
    case .type: .type
    case .any: .any
    }
  }
}

extension ValuePattern where Value: Equatable {
  static func value(_ value: Value) -> ValuePattern {
    ValuePattern(kind: .value({ $0 == value }), name: Naming.name(of: value), sample: value)
  }
}
