// watch-demo: a loop that runs for a minute and writes its trace files as it goes, for
// `diagram watch` to show live (and for the browser test and the benchmarks to drive).
//
//   swift run watch-demo traces &        # a traffic light, an emergency now and then
//   swift run diagram watch traces       # open the printed URL
//
// Options: `--seconds N` (default 60), `--rate N` events a second (default 10).
// The examples' traffic light, its colours lasting 0.9 s (yellow 0.3 s); an app does the
// same with its own system and a `TraceWriter`.
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTracing
import Foundation

let trafficLight = TrafficLight.system(
  lasting: { $0 == .yellow ? .milliseconds(300) : .milliseconds(900) },
  described: "every light: wait 0.9 s (yellow 0.3 s)")

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String, default value: Double) -> Double {
  guard let at = arguments.firstIndex(of: name) else { return value }
  guard at + 1 < arguments.count, let number = Double(arguments[at + 1]), number > 0 else {
    FileHandle.standardError.write(Data("watch-demo: \(name) needs a positive number\n".utf8))
    exit(2)
  }
  arguments.removeSubrange(at...(at + 1))
  return number
}
let seconds = option("--seconds", default: 60)
let rate = option("--rate", default: 10)
guard arguments.count <= 1, !(arguments.first ?? "").hasPrefix("-") else {
  FileHandle.standardError.write(Data("usage: watch-demo [FOLDER] [--seconds N] [--rate N]\n".utf8))
  exit(2)
}
let folder = URL(fileURLWithPath: arguments.first ?? "traces", isDirectory: true)

let scheduler = QueueScheduler()
let writer = try TraceWriter(
  recording: trafficLight, scheduler: scheduler, to: folder, policy: .rotatingFiles(stepsPerFile: 100_000, keep: 5))
let loop = Loop(trafficLight, scheduler: scheduler, onStep: writer.record)
print("watch-demo: writing \(folder.path) for \(seconds) s, \(rate) events a second")

let start = Date()
var sent = 0
while Date().timeIntervalSince(start) < seconds {
  sent += 1
  loop.send(sent % 10 == 0 ? .emergency : .tick)
  writer.flush()  // every step handed over is on disk, whole: what `diagram watch` reads
  Thread.sleep(forTimeInterval: 1 / rate)
}
loop.stop()
writer.close()
print("watch-demo: sent \(sent) events")
