extension Send {
  /// A `Send` that delivers only the events `keep` accepts, to the same loop and effect.
  init(_ base: Send, keeping keep: @escaping @Sendable (Event) -> Bool) {
    let deliver = base.deliver
    self.deliver = { event in if keep(event) { deliver(event) } }
    waitForRoom = base.waitForRoom
    scheduler = base.scheduler
    if let last = base.deliverLast {
      deliverLast = { event in if keep(event) { last(event) } }
    } else {
      deliverLast = nil
    }
    returnEarly = base.returnEarly
    if let start = base.startEffect {
      startEffect = { make in start { make().keeping(keep) } }
    } else {
      startEffect = nil
    }
  }
}
