/// Derives diagram names from values: enum case names, or type names for other values.
@usableFromInline
enum Naming {
  /// The node name of a value: its enum case name (payload ignored), or its type's name.
  @usableFromInline
  static func name(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum {
      if let label = mirror.children.first?.label { return label }
      return String(describing: value)
    }
    return typeName(type(of: value))
  }

  /// `names` without repeats, in their first order: two declared values of one case
  /// (`.response(a)`, `.response(b)`) are one event name, drawn once.
  @usableFromInline
  static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// The unqualified name of a type (`VolumeState`, `Array<Int>`).
  static func typeName(_ type: Any.Type) -> String {
    String(describing: type)
  }

  /// The fields a value carries, as `"name: Type"`: a struct's stored properties, or an
  /// enum case's payload.
  static func fields(of value: Any) -> [String] {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct, .class:
      return mirror.children.map { "\($0.label ?? "_"): \(typeName(Swift.type(of: $0.value)))" }
    case .enum:
      guard let payload = mirror.children.first?.value else { return [] }
      let inner = Mirror(reflecting: payload)
      if inner.displayStyle == .tuple {
        // Labelled payload values read `label: Type`; unlabelled ones just `Type`.
        return inner.children.map { child in
          let type = typeName(Swift.type(of: child.value))
          guard let label = child.label, !label.hasPrefix(".") else { return type }
          return "\(label): \(type)"
        }
      }
      return [typeName(Swift.type(of: payload))]
    default:
      return []
    }
  }
}
