package import FeedbackLoop
import FeedbackGraph
import Synchronization

/// The paging movie list of ReactiveFeedback and CombineFeedback: `fetchNext`
/// loads the next page through an injected client; a failure can be retried.
package enum Movies {
  /// A movie.
  package struct Movie: Hashable, Sendable, Codable {
    /// Its id.
    package var id: Int
    /// Its title.
    package var title: String

    /// Creates a movie.
    package init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// One page of results.
  package struct Page: Hashable, Sendable, Codable {
    /// The page's number, from 1.
    package var number: Int
    /// How many pages there are.
    package var totalPages: Int
    /// The page's movies.
    package var movies: [Movie]

    /// Creates a page.
    package init(number: Int, totalPages: Int, movies: [Movie]) {
      self.number = number
      self.totalPages = totalPages
      self.movies = movies
    }
  }

  /// What has been loaded so far.
  package struct Context: Hashable, Sendable, Codable {
    /// Every movie loaded, in page order.
    package var movies: [Movie] = []
    /// The last page loaded (0 before the first).
    package var page = 0
    /// The number of pages, once known.
    package var totalPages: Int?

    /// Creates an empty context.
    package init() {}

    /// Whether more pages exist.
    package var hasMore: Bool { totalPages.map { page < $0 } ?? true }
  }

  /// The list's states.
  package enum State: Hashable, Sendable, Codable {
    case initial
    case paging(Context)
    case loadedPage(Context)
    case failed(message: String, Context)
    case retrying(Context)

    /// The context every state carries.
    package var context: Context {
      switch self {
      case .initial: Context()
      case .paging(let context), .loadedPage(let context), .retrying(let context), .failed(_, let context): context
      }
    }

    /// The page to load, in the states that load one.
    package var pageToLoad: Int? {
      switch self {
      case .paging(let context), .retrying(let context): context.page + 1
      default: nil
      }
    }
  }

  /// The list's events.
  package enum Event: Hashable, Sendable, Codable {
    case fetchNext
    case didLoad(Page)
    case didFail(String)
    case retry
  }

  /// The network, injected: fetches one page, sleeping on the loop's clock if it waits.
  package struct Client: Sendable {
    /// Loads page `number`.
    package var fetchPage: @Sendable (_ number: Int, _ clock: any Clock<Duration>) async throws -> Page

    /// Creates a client.
    package init(fetchPage: @escaping @Sendable (Int, any Clock<Duration>) async throws -> Page) {
      self.fetchPage = fetchPage
    }
  }

  /// The paging system.
  package static func system(client: Client = .fake()) -> System<State, Event> {
    System("Movies", initial: .initial) {
      Transitions {
        Transition(from: .initial, on: .fetchNext, label: "start paging", targets: [.case("paging")]) { state, _ in
          .paging(state.context)
        }
        Transition(from: .case("loadedPage"), on: .fetchNext, label: "next page", targets: [.case("paging")]) {
          state, _ in .paging(state.context)
        }
        .guarded("has more pages") { state, _ in state.context.hasMore }
        for loading in ["paging", "retrying"] {
          Transition(from: .case(loading), on: .case("didLoad"), label: "append page", targets: [.case("loadedPage")]) {
            state, event in
            guard case .didLoad(let page) = event else { return state }
            var context = state.context
            context.movies += page.movies
            context.page = page.number
            context.totalPages = page.totalPages
            return .loadedPage(context)
          }
          Transition(from: .case(loading), on: .case("didFail"), label: "keep message", targets: [.case("failed")]) {
            state, event in
            guard case .didFail(let message) = event else { return state }
            return .failed(message: message, state.context)
          }
        }
        Transition(from: .case("failed"), on: .retry, targets: [.case("retrying")]) { state, _ in
          .retrying(state.context)
        }
      }
      Feedbacks {
        Feedback.skippingRepeated("network", { $0.pageToLoad }) { page in
          .run { send, clock in
            do {
              send(.didLoad(try await client.fetchPage(page, clock)))
            } catch is CancellationError {
              return
            } catch {
              send(.didFail("\(error)"))
            }
          }
        }
        .emitting(["didLoad", "didFail"])
        .watching("page to load (paging, retrying)")
      }
    }
  }
}

extension Movies.Client {
  /// An error of the fake client.
  package struct Failure: Error, CustomStringConvertible, Sendable {
    /// The page that failed.
    package var page: Int

    /// A failure to load page `page`.
    package init(page: Int) {
      self.page = page
    }
    /// The value as one line of text.
    package var description: String { "page \(page) unavailable" }
  }

  /// A deterministic fake network: `totalPages` pages of `pageSize` movies, each answered
  /// after `latency` on the loop's clock. Each page in `failingOnce` fails the first time
  /// it is asked for and loads on the next request (a retry).
  package static func fake(
    totalPages: Int = 3, pageSize: Int = 2, latency: Duration = .milliseconds(500), failingOnce: Set<Int> = []
  ) -> Self {
    let failed = FailedPages()
    return Self { number, clock in
      try await clock.sleep(for: latency)
      if failingOnce.contains(number), failed.firstFailure(of: number) {
        throw Failure(page: number)
      }
      let movies = (0..<pageSize).map { offset in
        let id = (number - 1) * pageSize + offset + 1
        return Movies.Movie(id: id, title: "Movie \(id)")
      }
      return Movies.Page(number: number, totalPages: totalPages, movies: movies)
    }
  }
}

/// The pages a fake network has already failed once: shared by the requests of one client,
/// which may run concurrently, so behind a `Mutex` (a class, since a closure cannot capture
/// the non-copyable `Mutex` itself).
private final class FailedPages: Sendable {
  private let pages = Mutex<Set<Int>>([])

  /// Whether `page` fails now: true the first time it is asked, false after that.
  func firstFailure(of page: Int) -> Bool {
    pages.withLock { $0.insert(page).inserted }
  }
}
