import CasePaths
import Testing

@CasePathable
enum Probe: Sendable {
  case didLoad(Int)
  case retry
}

@Test func describe() {
  let kp: CaseKeyPath<Probe, Int> = \.didLoad
  print("DESC", String(describing: kp), String(reflecting: kp))
  let kp2: CaseKeyPath<Probe, Void> = \.retry
  print("DESC2", String(describing: kp2))
  print("ALL", Probe.allCasePaths.map { String(describing: $0) })
  print("LOOKUP", Probe.allCasePaths[.didLoad(3)] == kp)
}
