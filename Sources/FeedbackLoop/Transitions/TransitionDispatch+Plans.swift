/// Making plans: the slow path, once per pair of keys (see ``TransitionDispatch``).
extension TransitionDispatch {
  /// What a pattern says about every value with a given key.
  enum Answer {
    /// No value with the key matches.
    case no
    /// Every value with the key matches.
    case yes
    /// It depends on the value: test it.
    case check
  }

  /// The plan of a dense pair, made and published under the lock if no other thread did.
  @usableFromInline
  func resolve(_ state: State, _ event: Event, _ stateKey: Int, _ eventKey: Int) -> Int {
    resolver.withLock { resolver in
      let slot = stateKey * eventCount + eventKey
      let published = slots.unsafelyUnwrapped[slot].load(ordering: .acquiring)
      if published != 0 { return published }
      let word = makePlan(state, event, stateKey, eventKey, &resolver)
      slots.unsafelyUnwrapped[slot].store(word, ordering: .releasing)
      return word
    }
  }

  /// The plan of a pair with a sparse key (a class, an existential), kept in a dictionary.
  @usableFromInline
  func sparsePlan(_ state: State, _ event: Event, _ stateKey: Int, _ eventKey: Int) -> Int {
    resolver.withLock { resolver in
      let pair = PairKey(state: stateKey, event: eventKey)
      if let word = resolver.sparse[pair] { return word }
      let word = makePlan(state, event, stateKey, eventKey, &resolver)
      resolver.sparse[pair] = word
      return word
    }
  }

  /// The candidates for a pair: in precedence order, each transition whose patterns may
  /// accept values with these keys, with the checks left for the values, up to the first
  /// that needs none.
  func makePlan(
    _ state: State, _ event: Event, _ stateKey: Int, _ eventKey: Int, _ resolver: inout Resolver
  ) -> Int {
    var entries: [Int32] = []
    for index in precedence {
      let transition = transitions[index]
      let source = answer(
        transition.from.pattern, state, key: stateKey, keying: stateKeying, sampleKey: sourceKeys[index]
      ) { Self.name(of: state, key: stateKey, in: &resolver.stateNames) }
      if source == .no { continue }
      let onEvent = answer(
        transition.on.pattern, event, key: eventKey, keying: eventKeying, sampleKey: eventKeys[index]
      ) { Self.name(of: event, key: eventKey, in: &resolver.eventNames) }
      if onEvent == .no { continue }
      var checks = 0
      if source == .check { checks |= 1 }
      if onEvent == .check { checks |= 2 }
      if transition.condition != nil { checks |= 4 }
      entries.append(Int32(index << 3 | checks))
      if checks == 0 { break }
    }
    guard let first = entries.first else { return 1 }
    if entries.count == 1, first & 7 == 0 { return Int(first >> 3) << 2 | 2 }
    let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: entries.count + 1)
    buffer[0] = Int32(entries.count)
    for (position, entry) in entries.enumerated() { buffer[position + 1] = entry }
    resolver.buffers.append(buffer)
    return Int(bitPattern: buffer)
  }

  /// The diagram name of `value`, computed once per key (asked only where names follow keys).
  static func name<Value>(of value: Value, key: Int, in names: inout [Int: String]) -> String {
    if let name = names[key] { return name }
    let name = Naming.name(of: value)
    names[key] = name
    return name
  }

  /// What `pattern` says about every value with `value`'s key.
  func answer<Value>(
    _ pattern: ValuePattern<Value>, _ value: Value, key: Int, keying: CaseKeying<Value>, sampleKey: Int?,
    name: () -> String
  ) -> Answer {
    switch pattern.kind {
    case .any:
      return .yes
    case .value:
      guard let sampleKey else { return .check }
      if sampleKey != key { return .no }
      return keying.isSingleValue(key) ? .yes : .check
    case .enumCase:
      guard pattern.matchesByName, keying.namesFollowKeys else { return .check }
      return name() == pattern.name ? .yes : .no
    case .type(let test):
      guard keying.typeTestsFollowKeys else { return .check }
      return test(value) ? .yes : .no
    }
  }

  /// Whether transition `index`'s targets accept states with `next`'s key: `1` all of
  /// them, `2` none, `3` depends on the value; published in `targetSlots`.
  @usableFromInline
  func resolveTarget(_ index: Int, _ next: State, _ key: Int) -> Int {
    resolver.withLock { resolver in
      let slot = index * stateCount + key
      let published = targetSlots.unsafelyUnwrapped[slot].load(ordering: .acquiring)
      if published != 0 { return published }
      let verdict = makeTargetVerdict(index, next, key, &resolver)
      targetSlots.unsafelyUnwrapped[slot].store(verdict, ordering: .releasing)
      return verdict
    }
  }

  /// ``resolveTarget(_:_:_:)`` for sparse state keys: the verdict kept in a dictionary.
  @usableFromInline
  func targetVerdict(_ index: Int, _ next: State, _ key: Int) -> Bool {
    let verdict = resolver.withLock { resolver in
      let pair = PairKey(state: key, event: index)
      if let verdict = resolver.sparseTargets[pair] { return verdict }
      let verdict = makeTargetVerdict(index, next, key, &resolver)
      resolver.sparseTargets[pair] = verdict
      return verdict
    }
    return verdict == 1 || (verdict == 3 && checkTargets(index, next))
  }

  func makeTargetVerdict(_ index: Int, _ next: State, _ key: Int, _ resolver: inout Resolver) -> Int {
    guard case .computed(let targets, _) = transitions[index].target else { return 2 }
    var verdict = 2
    for target in targets {
      let answer = answer(target.pattern, next, key: key, keying: stateKeying, sampleKey: sampleKey(of: target)) {
        Self.name(of: next, key: key, in: &resolver.stateNames)
      }
      if answer == .yes { return 1 }
      if answer == .check { verdict = 3 }
    }
    return verdict
  }

  private func sampleKey(of pattern: StatePattern<State>) -> Int? {
    guard stateKeying.equalValuesShareKeys, let sample = pattern.pattern.sample else { return nil }
    return stateKeying.key(sample)
  }
}
