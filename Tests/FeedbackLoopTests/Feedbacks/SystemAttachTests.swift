import FeedbackLoop
import Testing

/// Two systems built apart, attached to one mediator afterwards (Feedbacks' `attach(to:)`).
@Suite struct SystemAttachTests {
  enum Knob: Hashable, Sendable { case turn(Int) }
  enum Display: Hashable, Sendable { case show(Int) }

  static let volume = System<Int, Knob>(
    "Volume", initial: 0,
    reduce: { level, event in
      if case .turn(let by) = event { level += by }
    })
  static let display = System<String, Display>(
    "Meter", initial: "",
    reduce: { text, event in
      if case .show(let level) = event { text = "level \(level)" }
    })

  @Test func attachedSystemsTalkThroughTheMediator() {
    let level = Mediator<Int>("level")
    let knob = Self.volume.attached(to: level, publish: { $0 }, receive: { _ in nil })
    let meter = Self.display.attached(to: level, emits: [.show(0)], publish: { _ in nil }, receive: { .show($0) })
    let meterLoop = Loop(meter)
    let knobLoop = Loop(knob)
    knobLoop.send(.turn(3))
    #expect(meterLoop.state == "level 3")
    #expect(level.value == 3)
    #expect(meter.graph.feedbacks.map(\.name) == ["level"])
    #expect(meter.graph.feedbacks.first?.emits == ["show"])
    knobLoop.stop()
    meterLoop.stop()
  }

  @Test func theSystemItWasMadeFromIsUnchanged() {
    _ = Self.volume.attached(to: Mediator<Int>("level"), publish: { $0 }, receive: { _ in nil })
    #expect(Self.volume.feedbacks.isEmpty)
  }
}
