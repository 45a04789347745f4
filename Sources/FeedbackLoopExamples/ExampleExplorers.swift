package import FeedbackLoopExplorer

/// The examples' explorers: each system with a finite alphabet of sample events, for the
/// tests, the benchmarks and `diagram explore NAME`. Each knows its own Swift
/// (`writingExplorer`), so the test printed for a finding is a `@Test` that runs as printed.
///
/// ```swift
/// print(ExampleExplorers.signIn.run().report)
/// ```
package enum ExampleExplorers {
  /// Counter: `increment` and `decrement` from 0, up to 4 events deep (its space is infinite).
  package static var counter: Explorer<Counter.State, Counter.Event> {
    Explorer(Counter.system(), events: [.increment, .decrement], maxDepth: 4).writingSystem("Counter.system()")
      .writingExplorer("ExampleExplorers.counter")
  }

  /// SignIn: an address, a newline-terminated address, a short and a right password, submit;
  /// the client's answers as the `authenticate` feedback's samples. The form waits for the
  /// user while editing or after a failure; signed in is final.
  package static var signIn: Explorer<SignIn.State, SignIn.Event> {
    Explorer(
      SignIn.system(),
      events: [
        .emailChanged("ada@example.com"), .passwordChanged("short"), .passwordChanged("correct horse"), .submit,
      ],
      feedbackEvents: [.succeeded(user: "ada"), .rejected("wrong password")]
    )
    .invariant("only valid forms are submitted") { state in
      if case .submitting(let form) = state { return form.isValid }
      return true
    }
    .final { if case .signedIn = $0 { true } else { false } }
    .waits(in: .case("editing"), .case("failed"))
    .writingSystem("SignIn.system()")
    .writingExplorer("ExampleExplorers.signIn")
  }

  /// TrafficLight: `emergency` from outside, `tick` from the timer.
  package static var trafficLight: Explorer<TrafficLight.Light, TrafficLight.Signal> {
    Explorer(TrafficLight.system, events: [.emergency], feedbackEvents: [.tick]).writingSystem("TrafficLight.system")
      .writingExplorer("ExampleExplorers.trafficLight")
  }

  /// Volume: the volume keys (`Increase` and `Decrease` from outside) at any time; the
  /// feedbacks bring the value back to the target 15, where it waits for the keys (not
  /// final: a key press leaves it). Without the
  /// keys the loop only ever rises from 10, and `Decrease` never fires.
  package static var volume: Explorer<Volume.State, any Volume.Event> {
    Explorer(
      Volume.system(), events: [Volume.Increase(), Volume.Decrease()],
      feedbackEvents: [Volume.Increase(), Volume.Decrease()]
    )
    .waits { $0.value == 15 }
    .writingSystem("Volume.system()")
    .writingExplorer("ExampleExplorers.volume")
  }

  /// Uploader: a picked file and `dismiss` from outside; the client's two answers as the
  /// `upload` feedback's samples and `retry` as the retry timer's. Idle, done and failed
  /// wait for the user.
  package static var uploader: Explorer<Uploader.State, Uploader.Event> {
    Explorer(Uploader.system(), events: [.pick("cat.jpg"), .dismiss], feedbackEvents: [.succeeded, .failed, .retry])
      .waits(in: .case("idle"), .case("done"), .case("failed"))
      .writingSystem("Uploader.system()")
      .writingExplorer("ExampleExplorers.uploader")
  }

  /// Movies: `fetchNext` and `retry` from outside; one page of one movie and a failure as
  /// the network feedback's samples; up to 6 events deep (pages accumulate without end).
  /// Before the first page, after a page and after a failure the list waits for the user.
  package static var movies: Explorer<Movies.State, Movies.Event> {
    let page = Movies.Page(number: 1, totalPages: 2, movies: [Movies.Movie(id: 1, title: "Alien")])
    return Explorer(
      Movies.system(), events: [.fetchNext, .retry], feedbackEvents: [.didLoad(page), .didFail("offline")], maxDepth: 6
    )
    .waits(in: .case("initial"), .case("loadedPage"), .case("failed"))
    .writingSystem("Movies.system()")
    .writingExplorer("ExampleExplorers.movies")
  }
}
