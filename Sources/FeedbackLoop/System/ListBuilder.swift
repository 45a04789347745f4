/// What this library's result builders share: each line of a block adds a list of
/// components, and `if`, `if`/`else`, `switch` and `for` work inside the block.
///
/// A builder that conforms names its ``Component`` and says, with `buildExpression`, which
/// lines it accepts; the rest comes from here.
public protocol ListBuilder {
  /// What the block builds a list of.
  associatedtype Component
}

extension ListBuilder {
  /// The parts of a block, in order.
  public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
  /// The parts of an `if` without `else`: none when the condition is false.
  public static func buildOptional(_ part: [Component]?) -> [Component] { part ?? [] }
  /// The parts of an `if` branch (or a `switch` case).
  public static func buildEither(first part: [Component]) -> [Component] { part }
  /// The parts of an `else` branch (or a later `switch` case).
  public static func buildEither(second part: [Component]) -> [Component] { part }
  /// The parts of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[Component]]) -> [Component] { parts.flatMap { $0 } }
}
