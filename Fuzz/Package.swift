// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer harnesses for what `diagram` reads (issue #19 item 8): graph JSON, trace
/// lines, themes and names, each drawn into every output format. A package of its own so
/// that the main package's `swift build` never builds it; `Scripts/fuzz` builds it with
/// `-sanitize=fuzzer` and runs it. One executable, the harness chosen by `FUZZ_TARGET`.
let package = Package(
  name: "FeedbackFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "FeedbackLoop", path: "..")],
  targets: [
    // libFuzzer's driver, declared for Swift.
    .target(name: "CFuzzer"),
    .executableTarget(
      name: "FeedbackFuzz",
      dependencies: [
        "CFuzzer",
        .product(name: "FeedbackGraph", package: "FeedbackLoop"),
        .product(name: "FeedbackCoverage", package: "FeedbackLoop"),
        .product(name: "FeedbackDiagram", package: "FeedbackLoop"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
