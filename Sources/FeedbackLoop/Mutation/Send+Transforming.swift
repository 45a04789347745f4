extension Send {
  /// A `Send` that delivers what `transform` makes of each event (nothing for `nil`), to
  /// the same loop and effect.
  init(_ base: Send, transforming transform: @escaping @Sendable (Event) -> Event?) {
    let deliver = base.deliver
    self.deliver = { event in if let event = transform(event) { deliver(event) } }
    waitForRoom = base.waitForRoom
    scheduler = base.scheduler
    if let last = base.deliverLast {
      deliverLast = { event in if let event = transform(event) { last(event) } }
    } else {
      deliverLast = nil
    }
    returnEarly = base.returnEarly
    if let start = base.startEffect {
      startEffect = { make in start { make().transformingEvents(transform) } }
    } else {
      startEffect = nil
    }
  }
}
