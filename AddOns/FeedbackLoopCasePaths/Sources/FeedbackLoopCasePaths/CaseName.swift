@_spi(Reflection) import CasePaths

/// The name of the enum case a case key path stands for, as diagrams and traces write it.
///
/// A case key path does not carry its case's name (it describes itself as
/// `\Case<Event>.<computed 0x…>`), so the name is read from the enum's reflection metadata —
/// the same records `Mirror` reads for a value's case name:
/// 1. the key path's position among `allCasePaths` is the case's declaration index;
/// 2. the metadata lists, and numbers (tags), the cases with a payload first, then the cases
///    without one, each group in declaration order;
/// 3. so the case's tag follows from which cases before it carry a payload.
enum CaseName {
  static func of<Root: CasePathIterable, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> String {
    let all = Array(Root.allCasePaths)
    guard let index = all.firstIndex(where: { $0 == keyPath }),
      let metadata = EnumMetadata(Root.self)
    else { return String(describing: Value.self) }
    let carriesPayload = all.map { type(of: $0).valueType != Case<Void>.self }
    let payloadCases = carriesPayload.filter { $0 }.count
    let before = carriesPayload[..<index]
    let tag =
      carriesPayload[index]
      ? before.filter { $0 }.count
      : payloadCases + before.filter { !$0 }.count
    return metadata.caseName(forTag: UInt32(tag)) ?? String(describing: Value.self)
  }
}
