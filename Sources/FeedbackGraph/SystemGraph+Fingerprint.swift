import Foundation

extension SystemGraph {
  /// A short, stable digest of what a trace's ids and names refer to (`"fnv1a64:…"`, 16
  /// hex digits): the name, initial state, states, events and declared transitions — not
  /// the feedbacks, whose descriptions may vary with a system's parameters without moving
  /// an edge, nor which states an explorer marked final or waiting. Equal for equal declarations, in every process and on every machine.
  ///
  /// Traces carry the fingerprint of the system they recorded; when it differs from the
  /// current system's, the declarations changed since, and the trace's transition ids may
  /// name other edges.
  public var fingerprint: String {
    var machine = self
    machine.feedbacks = []
    // What an explorer says of a state (final, waiting) is not part of the declaration.
    machine.states = states.map { StateNode(id: $0.id, fields: $0.fields) }
    let bytes = (try? JSONFormat.lineEncoder.encode(machine)) ?? Data()
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
