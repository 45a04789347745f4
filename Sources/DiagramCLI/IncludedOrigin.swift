import ArgumentParser
import FeedbackGraph

/// A typed `--include explorer|app` option of `diagram coverage`: traces not written by a
/// test that coverage should count too.
enum IncludedOrigin: String, CaseIterable, ExpressibleByArgument {
  /// The explorer's counterexamples and covering paths.
  case explorer
  /// An app's `TraceWriter` recordings.
  case app

  /// The origin it names.
  var origin: TraceOrigin {
    switch self {
    case .explorer: .explorer
    case .app: .app
    }
  }
}
