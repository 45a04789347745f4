/// A closure in a class, so that the dispatch's hot path can call it through an unretained
/// reference (`Unmanaged._withUnsafeGuaranteedRef`) without retaining and releasing its
/// context around every call: a `let` of a guaranteed reference is borrowed, not copied.
@usableFromInline
final class ClosureBox<Function: Sendable>: Sendable {
  @usableFromInline let call: Function

  init(_ call: Function) {
    self.call = call
  }
}
