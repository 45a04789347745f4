// swift-tools-version: 6.0
import PackageDescription

/// FeedbackLoop: test and draw feedback loops.
///
/// Module layering (arrows = "may import"):
/// FeedbackLoopSupport (no product: the package's lock and seeded generator) <- every module
/// that locks or draws seeded numbers
/// FeedbackGraph <- FeedbackLoop <- FeedbackLoopTracing <- FeedbackLoopExplorer <- FeedbackLoopExamples
/// FeedbackLoopTracing: an app's trace files, written through `Loop`'s `onStep`, and the one
/// mapping of a `LoopStep` into the trace record (`TraceStep`) that the explorer and the test kit use
/// FeedbackGraph, FeedbackLoop, FeedbackLoopTracing, FeedbackLoopExplorer <- FeedbackLoopTesting (which also imports
/// Testing and XCTest, to report failures under the runner's own heading)
/// FeedbackLoop, Combine (OpenCombine where Combine is missing) <- FeedbackLoopCombine
/// FeedbackLoop, Observation <- FeedbackLoopObservation (the observable model for views)
/// swift-case-paths (and so swift-syntax) only in the opt-in AddOns/FeedbackLoopCasePaths package
/// FeedbackGraph <- FeedbackCoverage (coverage from trace files: collect, merge, summary, JSON; no Graphviz)
/// FeedbackGraph, FeedbackCoverage, CGraphviz, FeedbackTemplates (Templates/), Mustache <- FeedbackDiagram
/// (never the runtime)
/// FeedbackGraph <- FeedbackMutation (the mutation runner: test selection, processes, report)
/// FeedbackGraph, FeedbackDiagram, FeedbackTemplates, Hummingbird <- FeedbackLoopInspector (`diagram watch`: trace
/// files tailed as an app writes them, served live on a local page)
/// FeedbackCoverage, FeedbackDiagram, FeedbackMutation, FeedbackLoopInspector <- DiagramCLI <- diagram (executable, with
/// FeedbackLoopExamples, FeedbackLoopExplorer)
/// DiagramCLI, FeedbackLoopExplorer <- DiagramExplorer (an explorer registered for `diagram explore`)
/// Where Combine is missing, OpenCombine stands in for it.
let nonApplePlatforms: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let package = Package(
  name: "FeedbackLoop",
  // The lowest versions with `Synchronization.Mutex` and `TaskExecutor` (Swift 6.0's
  // runtime); Observation needs less. Apple builds are not run in CI (Linux machines).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  // The products users link. FeedbackLoopExamples (this repository's examples) and the
  // benchmarks executable are targets only: `swift run benchmarks` still runs it here.
  products: [
    .library(name: "FeedbackGraph", targets: ["FeedbackGraph"]),
    .library(name: "FeedbackLoop", targets: ["FeedbackLoop"]),
    .library(name: "FeedbackLoopTracing", targets: ["FeedbackLoopTracing"]),
    .library(name: "FeedbackLoopTesting", targets: ["FeedbackLoopTesting"]),
    .library(name: "FeedbackLoopExplorer", targets: ["FeedbackLoopExplorer"]),
    .library(name: "FeedbackLoopCombine", targets: ["FeedbackLoopCombine"]),
    .library(name: "FeedbackLoopObservation", targets: ["FeedbackLoopObservation"]),
    .library(name: "FeedbackCoverage", targets: ["FeedbackCoverage"]),
    .library(name: "FeedbackDiagram", targets: ["FeedbackDiagram"]),
    .library(name: "DiagramCLI", targets: ["DiagramCLI"]),
    .library(name: "DiagramExplorer", targets: ["DiagramExplorer"]),
    .executable(name: "diagram", targets: ["diagram"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    // Only for NameClashTests: our names beside combine-schedulers' and swift-clocks'.
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // Time operators (debounce, throttle, flatMapLatest) over `Feedback.states`, in the tests
    // and docs that show them on the loop's clock: users import it themselves.
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    // DocC catalogs: `swift package generate-documentation` (Scripts/docs); a build plugin, not linked.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // `diagram watch` (FeedbackLoopInspector): the HTTP server, with Server-Sent Events.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // Hummingbird's own dependencies, named for the bound port (NIOCore), a quiet logger and headers.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
  ],
  targets: [
    // MARK: Support (no product: the package's lock and seeded generator)
    .target(name: "FeedbackLoopSupport"),

    // MARK: Data
    .target(name: "FeedbackGraph"),

    // MARK: Runtime
    .target(name: "FeedbackLoop", dependencies: ["FeedbackGraph", "FeedbackLoopSupport"]),
    // Trace files from a running app, through the loop's public `onStep`.
    .target(name: "FeedbackLoopTracing", dependencies: ["FeedbackLoop", "FeedbackGraph", "FeedbackLoopSupport"]),
    .target(
      name: "FeedbackLoopExplorer",
      dependencies: ["FeedbackLoop", "FeedbackGraph", "FeedbackLoopSupport", "FeedbackLoopTracing"]),
    .target(name: "FeedbackLoopExamples", dependencies: ["FeedbackLoop", "FeedbackLoopExplorer"]),
    .target(
      name: "FeedbackLoopCombine",
      dependencies: [
        "FeedbackLoop",
        // Combine itself on Apple platforms (`#if canImport(Combine)`).
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: nonApplePlatforms)),
      ]
    ),
    .target(name: "FeedbackLoopObservation", dependencies: ["FeedbackLoop"]),

    // MARK: Test kit
    .target(
      name: "FeedbackLoopTesting",
      dependencies: [
        "FeedbackLoop",
        "FeedbackGraph",
        "FeedbackLoopExplorer",
        "FeedbackLoopSupport",
        "FeedbackLoopTracing",
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Linked here so that a Swift Testing `@Test` on Linux fails when an assertion
        // of the kit fails: without it IssueReporting only prints.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // MARK: Coverage (trace files measured against declared graphs; no Graphviz)
    .target(name: "FeedbackCoverage", dependencies: ["FeedbackGraph"]),

    // MARK: Diagrams
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    .target(
      name: "FeedbackTemplates",
      path: "Templates",
      resources: [.copy("themes"), .copy("report")]
    ),
    .target(
      name: "FeedbackDiagram",
      dependencies: [
        "FeedbackGraph", "FeedbackCoverage", "FeedbackLoopSupport", "CGraphviz", "FeedbackTemplates",
        // The report page's template (Templates/report/index.mustache).
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    // The mutation runner: test selection by traces, test processes, the report.
    .target(name: "FeedbackMutation", dependencies: ["FeedbackGraph", "FeedbackLoopSupport"]),
    // `diagram watch`: trace files tailed as an app writes them, served live on a local page.
    .target(
      name: "FeedbackLoopInspector",
      dependencies: [
        "FeedbackGraph", "FeedbackDiagram", "FeedbackTemplates", "FeedbackLoopSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .target(
      name: "DiagramCLI",
      dependencies: [
        "FeedbackDiagram",
        "FeedbackLoopInspector",
        "FeedbackLoopSupport",
        "FeedbackCoverage",
        "FeedbackGraph",
        "FeedbackMutation",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // An explorer registered in one line for `diagram explore` (RegisteredExploration(explorer)).
    .target(name: "DiagramExplorer", dependencies: ["DiagramCLI", "FeedbackLoopExplorer"]),
    .executableTarget(
      name: "diagram",
      dependencies: ["DiagramCLI", "DiagramExplorer", "FeedbackGraph", "FeedbackLoopExamples", "FeedbackLoopExplorer"]),

    // A loop that writes its trace files for a minute, for `diagram watch` (not a product).
    .executableTarget(
      name: "watch-demo", dependencies: ["FeedbackLoop", "FeedbackLoopExamples", "FeedbackLoopTracing"]),

    // MARK: Benchmarks
    .executableTarget(
      name: "benchmarks",
      dependencies: [
        "FeedbackLoop", "FeedbackLoopTesting", "FeedbackLoopExamples", "FeedbackCoverage", "FeedbackDiagram",
        "FeedbackLoopCombine",
        "FeedbackLoopExplorer", "FeedbackLoopSupport", "FeedbackLoopInspector", "FeedbackGraph",
        .product(name: "HeapModule", package: "swift-collections"),
      ],
      path: "Benchmarks",
      exclude: ["README.md"]
    ),

    // MARK: Tests (mirror Sources/)
    .testTarget(
      name: "FeedbackGraphTests",
      dependencies: ["FeedbackGraph", "FeedbackCoverage", "FeedbackDiagram", "FeedbackLoopSupport"]),
    .testTarget(
      name: "FeedbackLoopTests",
      dependencies: [
        "FeedbackLoop", "FeedbackLoopTesting", "FeedbackLoopSupport",
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]
    ),
    .testTarget(
      name: "FeedbackLoopTracingTests", dependencies: ["FeedbackLoopTracing", "FeedbackLoop", "FeedbackLoopSupport"]),
    .testTarget(
      name: "FeedbackLoopExamplesTests",
      dependencies: ["FeedbackLoopExamples", "FeedbackLoopTesting", "FeedbackLoopTracing"],
      exclude: ["Traces"]
    ),
    .testTarget(
      name: "FeedbackLoopTestingTests",
      dependencies: [
        "FeedbackLoopTesting", "FeedbackLoop", "FeedbackLoopExplorer", "FeedbackLoopExamples", "FeedbackLoopSupport",
        "FeedbackLoopTracing",
        // RequestStreamReplayTests: a stream of requests with `removeDuplicates`.
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]
    ),
    .testTarget(
      name: "FeedbackLoopExplorerTests",
      dependencies: ["FeedbackLoopExplorer", "FeedbackLoopExamples", "FeedbackLoop", "FeedbackGraph"]
    ),
    // The doc examples run against a real System's graph (FeedbackLoop), as a user's would.
    // MultiCaseCoverageTests: a recorded trace (FeedbackLoopTesting) measured.
    .testTarget(
      name: "FeedbackCoverageTests",
      dependencies: ["FeedbackCoverage", "FeedbackGraph", "FeedbackLoop", "FeedbackLoopTesting"]),
    .testTarget(
      name: "FeedbackDiagramTests",
      dependencies: [
        "FeedbackDiagram", "FeedbackCoverage", "FeedbackLoopExamples", "FeedbackLoop", "FeedbackLoopSupport",
      ],
      exclude: ["__Snapshots__", "Fixtures"]
    ),
    .testTarget(
      name: "DiagramExplorerTests",
      dependencies: ["DiagramExplorer", "DiagramCLI", "FeedbackLoopExamples", "FeedbackGraph"]
    ),
    .testTarget(
      name: "DiagramCLITests",
      dependencies: [
        "DiagramCLI", "DiagramExplorer", "FeedbackCoverage", "FeedbackMutation", "FeedbackLoopExamples",
        "FeedbackLoopExplorer", "FeedbackLoopSupport",
      ]
    ),
    .testTarget(
      name: "FeedbackLoopInspectorTests",
      dependencies: [
        "FeedbackLoopInspector", "FeedbackGraph", "FeedbackLoopExamples", "FeedbackLoop", "FeedbackLoopTracing",
      ]
    ),
    .testTarget(
      name: "FeedbackMutationTests",
      dependencies: [
        "FeedbackMutation", "FeedbackGraph", "FeedbackLoopExamples", "FeedbackLoopSupport",
        // MutationRunTests: the weak and strong suites run in process, with a mutant switched on.
        "FeedbackLoop", "FeedbackLoopTesting", "FeedbackLoopExplorer",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "FeedbackLoopCombineTests",
      dependencies: [
        "FeedbackLoopCombine", "FeedbackLoopTesting", "FeedbackGraph",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: nonApplePlatforms)),
      ]
    ),
    .testTarget(
      name: "FeedbackLoopObservationTests", dependencies: ["FeedbackLoopObservation", "FeedbackLoopTesting"]),
    // The tests that exist to run threads against each other across modules (eight threads
    // sending to a loop, with and without a trace writer; flushes under load that replay;
    // renders from eight threads): CI runs them, with the runtime's test targets, under
    // ThreadSanitizer. The one test target that does not mirror a module of Sources/.
    .testTarget(
      name: "FeedbackLoopConcurrencyTests",
      dependencies: [
        "FeedbackLoop", "FeedbackLoopTracing", "FeedbackLoopTesting", "FeedbackGraph", "FeedbackDiagram",
        "FeedbackLoopSupport",
      ]
    ),
    // The README's examples beside Combine (OpenCombine), combine-schedulers and swift-clocks.
    .testTarget(
      name: "NameClashTests",
      dependencies: [
        "FeedbackLoop", "FeedbackLoopTesting", "FeedbackLoopCombine", "FeedbackLoopExamples", "FeedbackGraph",
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: nonApplePlatforms)),
      ]
    ),
    // The seeds' README examples, written against this API, recorded and drawn.
    .testTarget(
      name: "SeedParityTests",
      dependencies: [
        "FeedbackLoop", "FeedbackLoopTesting", "FeedbackLoopCombine", "FeedbackLoopObservation", "FeedbackDiagram",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: nonApplePlatforms)),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Imports are internal unless a file says `public import`: a module's dependencies do not
// leak into the namespace of those who import it.
for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("InternalImportsByDefault")]
}
