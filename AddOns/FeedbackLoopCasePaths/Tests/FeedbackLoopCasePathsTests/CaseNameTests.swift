import CasePaths
@testable import FeedbackLoopCasePaths
import Testing

/// Cases with and without payloads, interleaved: the order in which the metadata numbers
/// them differs from the declaration order.
@CasePathable
enum Mixed: Sendable {
  case first
  case second(Int)
  case third
  case fourth(String, Bool)
  case fifth([Int])
  case sixth
}

@Suite struct CaseNameTests {
  @Test func everyCaseIsNamedAsDeclared() {
    #expect(CaseName.of(\Mixed.Cases.first) == "first")
    #expect(CaseName.of(\Mixed.Cases.second) == "second")
    #expect(CaseName.of(\Mixed.Cases.third) == "third")
    #expect(CaseName.of(\Mixed.Cases.fourth) == "fourth")
    #expect(CaseName.of(\Mixed.Cases.fifth) == "fifth")
    #expect(CaseName.of(\Mixed.Cases.sixth) == "sixth")
  }
}
