import FeedbackGraph
import FeedbackLoop
import Foundation
import Testing

/// A state the declaration names by case only (`.case("uploading")`) shows the fields of its
/// payload types in the graph (issue #34: "states with their fields"), read from a made-up
/// value of that case when the state is `Decodable`; where none can be made, no fields, never
/// guessed ones.
@Suite struct CaseFieldsGraphTests {
  struct Attempt: Codable, Hashable, Sendable {
    var file: String
    var number: Int
  }
  enum Upload: Codable, Hashable, Sendable {
    case idle
    case uploading(Attempt)
    case done(file: String, bytes: Int64)
    case failed(file: String, reasons: [String], retryAfter: Double?)
  }
  enum Event: Hashable, Sendable { case pick, finish, fail }

  static func system<State: Hashable & Sendable>(
    _ initial: State, _ name: String, targets: [String]
  ) -> System<State, Event> {
    System(name, initial: initial) {
      Transitions {
        Transition(from: .any, on: .pick, targets: targets.map { StatePattern<State>.case($0) }) { state, _ in state }
      }
    }
  }

  @Test func caseDeclaredStatesShowTheirPayloadTypes() {
    let graph = Self.system(Upload.idle, "Upload", targets: ["uploading", "done", "failed"]).graph
    let fields = Dictionary(uniqueKeysWithValues: graph.states.map { ($0.id, $0.fields) })
    #expect(fields["idle"] == [])
    #expect(fields["uploading"] == ["Attempt"])
    #expect(fields["done"] == ["file: String", "bytes: Int64"])
    #expect(fields["failed"] == ["file: String", "reasons: Array<String>", "retryAfter: Optional<Double>"])
  }

  /// Not `Decodable`: no value can be made, so no fields (not a guess).
  enum Opaque: Hashable, Sendable {
    case idle
    case busy(Int)
  }

  @Test func aStateThatIsNotDecodableShowsNoFields() {
    let graph = Self.system(Opaque.idle, "Opaque", targets: ["busy"]).graph
    #expect(graph.state("busy")?.fields == [])
  }

  /// A custom decoding that rejects the made-up values: no fields.
  enum Checked: Codable, Hashable, Sendable {
    case idle
    case busy(Int)
    init(from decoder: any Decoder) throws {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "only from the server"))
    }
  }

  @Test func aStateWhoseDecodingRejectsTheSampleShowsNoFields() {
    let graph = Self.system(Checked.idle, "Checked", targets: ["busy"]).graph
    #expect(graph.state("busy")?.fields == [])
  }
}
