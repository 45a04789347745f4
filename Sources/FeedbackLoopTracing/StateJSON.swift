import Foundation

/// A state's JSON text, as a trace records it (`TraceStep.stateJSON`, written by
/// `TraceStepMapper`), made back into a value of the system's `State`: how a mutant that
/// returns a recorded state (`MutationOperator.retargetComputed`) gets its value, in the
/// test kit's recorder and in the explorer alike.
package enum StateJSON {
  /// The value `json` encodes, when `State` is `Decodable` and the text decodes as one;
  /// `nil` otherwise.
  package static func decode<State>(_ json: String, as _: State.Type = State.self) -> State? {
    guard let type = State.self as? any Decodable.Type else { return nil }
    return (try? JSONDecoder().decode(type, from: Data(json.utf8))) as? State
  }
}
