import AsyncAlgorithms
import FeedbackLoop

// RxFeedback's paginated GitHub search (its Examples/GithubPaginatedSearch), as the
// "Coming from RxFeedback" article writes it: the mirror check finds the article's block
// here, line for line.

struct PageQuery: Hashable, Sendable {
  var search: String
  var page: Int
}

struct Search: Equatable, Sendable {
  var typed = ""
  var search = ""
  var nextPage: Int?
  var shouldLoadNextPage = false
  var results: [String] = []

  /// RxFeedback's `loadNextPageQuery`: the page to load, while one should load.
  var loadNextPageQuery: PageQuery? {
    shouldLoadNextPage ? nextPage.map { PageQuery(search: search, page: $0) } : nil
  }
}

enum SearchEvent: Equatable, Sendable {
  case typed(String)
  case searchChanged(String)
  case response(PageQuery, repositories: [String], nextPage: Int?)
  case startLoadingNextPage
}

/// A stand-in for GitHub's search API: one second per page, three pages per search.
enum GitHub {
  static func page(_ query: PageQuery, clock: some Clock<Duration>) async throws -> SearchEvent {
    try await clock.sleep(for: .seconds(1))
    let repositories = ["\(query.search)-\(query.page)a", "\(query.search)-\(query.page)b"]
    return .response(query, repositories: repositories, nextPage: query.page < 3 ? query.page + 1 : nil)
  }
}

let githubSearch = System<Search, SearchEvent>("GithubSearch", initial: Search()) {
  Reducer { state, event in
    switch event {
    case .typed(let text):
      state.typed = text
    case .searchChanged(let search):
      state.search = search
      state.nextPage = search.isEmpty ? nil : 1
      state.shouldLoadNextPage = !search.isEmpty
      state.results = []
    case .startLoadingNextPage:
      state.shouldLoadNextPage = true
    case .response(_, let repositories, let nextPage):
      state.results += repositories
      state.nextPage = nextPage
      state.shouldLoadNextPage = false
    }
  }
  Feedbacks {
    Feedback.input("searchField", emits: [.typed("")])
    // RxFeedback's triggerLoadNextPage: "near bottom" counts only while no page loads.
    Feedback.input("nearBottom", emits: [.startLoadingNextPage])
      .disabled(when: \.shouldLoadNextPage)
    // The search text, debounced on the loop's clock.
    Feedback.states("debounce", emits: [.searchChanged("")]) { states, clock in
      states.map(\.typed).removeDuplicates().dropFirst()
        .debounce(for: .milliseconds(300), clock: clock)
        .map(SearchEvent.searchChanged)
    }
    // RxFeedback's react(request:effects:): the latest query wins.
    Feedback.states(
      "loadPage", emits: [.response(PageQuery(search: "", page: 1), repositories: [], nextPage: nil)],
      requests: { states, _ in states.map(\.loadNextPageQuery).removeDuplicates() },
      effect: { query in
        guard let query else { return .none }  // nil: the page in flight is cancelled
        return .task { clock in try await GitHub.page(query, clock: clock) }
      })
  }
}
