import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

@Suite struct MoviesTests {
  typealias State = Movies.State

  static func page(_ number: Int, of total: Int = 3) -> Movies.Page {
    Movies.Page(
      number: number, totalPages: total,
      movies: [1, 2].map { offset in
        let id = (number - 1) * 2 + offset
        return Movies.Movie(id: id, title: "Movie \(id)")
      })
  }

  /// The full scenario: two pages, a failure, a retry, the last page, then nothing more.
  static func fullRun(_ loop: LoopRecorder<State, Movies.Event>) {
    let scheduler = loop.scheduler
    var context = Movies.Context()
    loop.send(.fetchNext) { $0 = .paging(context) }
    scheduler.advance(by: .milliseconds(500))
    context.movies = page(1).movies
    context.page = 1
    context.totalPages = 3
    loop.receive(.didLoad(page(1)), from: "network") { $0 = .loadedPage(context) }
    loop.send(.fetchNext) { $0 = .paging(context) }
    scheduler.advance(by: .milliseconds(500))
    loop.receive(.didFail("page 2 unavailable"), from: "network") {
      $0 = .failed(message: "page 2 unavailable", context)
    }
    loop.send(.retry) { $0 = .retrying(context) }
    scheduler.advance(by: .milliseconds(500))
    context.movies += page(2).movies
    context.page = 2
    loop.receive(.didLoad(page(2)), from: "network") { $0 = .loadedPage(context) }
    loop.send(.fetchNext) { $0 = .paging(context) }
    scheduler.advance(by: .milliseconds(500))
    context.movies += page(3).movies
    context.page = 3
    loop.receive(.didLoad(page(3)), from: "network") { $0 = .loadedPage(context) }
    loop.send(.fetchNext)  // no more pages: the guard rejects it, the event is ignored
  }

  @Test func pagesFailsRetriesAndStopsAtTheLastPage() {
    let loop = LoopRecorder(Movies.system(client: .fake(failingOnce: [2])))
    Self.fullRun(loop)
    #expect(loop.state.context.movies.count == 6)
    #expect(loop.steps.last.map { "\($0.step)".hasPrefix("ignored") } == true)
  }

  @Test func aThousandRunsGiveOneIdenticalTrace() throws {
    var digests: Set<Int> = []
    var first: String?
    for _ in 0..<1_000 {
      let loop = LoopRecorder(Movies.system(client: .fake(failingOnce: [2])), writesTrace: false)
      Self.fullRun(loop)
      loop.finish()
      let lines = String(decoding: try loop.trace.jsonLines(), as: UTF8.self)
      first = first ?? lines
      digests.insert(Self.fnv1a(lines))
    }
    #expect(digests.count == 1)
    #expect(first?.split(separator: "\n").count ?? 0 > 20)
  }

  /// A stable hash (Swift's `Hasher` is seeded per process).
  static func fnv1a(_ text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash)
  }

  @Test func aRetryThatFailsAgainKeepsTheNewMessage() {
    let unreachable = Movies.Client { number, clock in
      try await clock.sleep(for: .milliseconds(500))
      throw Movies.Client.Failure(page: number)
    }
    let loop = LoopRecorder(Movies.system(client: unreachable))
    loop.send(.fetchNext) { $0 = .paging(Movies.Context()) }
    loop.scheduler.advance(by: .milliseconds(500))
    loop.receive(.didFail("page 1 unavailable"), from: "network") {
      $0 = .failed(message: "page 1 unavailable", Movies.Context())
    }
    loop.send(.retry) { $0 = .retrying(Movies.Context()) }
    loop.scheduler.advance(by: .milliseconds(500))
    loop.receive(.didFail("page 1 unavailable"), from: "network") {
      $0 = .failed(message: "page 1 unavailable", Movies.Context())
    }
  }

  @Test func aNewFetchWhileLoadingIsIgnored() {
    let loop = LoopRecorder(Movies.system())
    loop.send(.fetchNext) { $0 = .paging(Movies.Context()) }
    loop.send(.fetchNext)  // ignored: no transition from paging on fetchNext
    // The delay pinned: nothing before the client's half second, the page at half a second.
    loop.receiveNothing(before: .milliseconds(500))
    loop.receive(.case("didLoad"), from: "network", at: .milliseconds(500)) { state in
      var context = Movies.Context()
      context.movies = Self.page(1).movies
      context.page = 1
      context.totalPages = 3
      state = .loadedPage(context)
    }
  }
}
