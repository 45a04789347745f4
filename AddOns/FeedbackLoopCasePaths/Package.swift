// swift-tools-version: 6.0
import PackageDescription

/// FeedbackLoopCasePaths: typed enum-case patterns for transitions, feedbacks and the test
/// kit, through swift-case-paths' `@CasePathable`.
///
/// An opt-in add-on in its own package: `@CasePathable` is a macro, so this package pulls in
/// swift-syntax (a first build costs minutes). The FeedbackLoop package never does; only
/// users who add this package pay for it. It depends on FeedbackLoop by path here, so it
/// always builds against the runtime next to it.
let package = Package(
  name: "FeedbackLoopCasePaths",
  // The lowest versions with `Synchronization.Mutex` and `TaskExecutor` (Swift 6.0's
  // runtime); Observation needs less. Apple builds are not run in CI (Linux machines).
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "FeedbackLoopCasePaths", targets: ["FeedbackLoopCasePaths"])
  ],
  dependencies: [
    .package(name: "FeedbackLoop", path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
  ],
  targets: [
    .target(
      name: "FeedbackLoopCasePaths",
      dependencies: [
        .product(name: "FeedbackLoop", package: "FeedbackLoop"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    .testTarget(
      name: "FeedbackLoopCasePathsTests",
      dependencies: [
        "FeedbackLoopCasePaths",
        .product(name: "FeedbackLoopTesting", package: "FeedbackLoop"),
        .product(name: "FeedbackDiagram", package: "FeedbackLoop"),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// As in FeedbackLoop: imports are internal unless a file says `public import`.
for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("InternalImportsByDefault")]
}
