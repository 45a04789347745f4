import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import Testing

/// The doc comment's example of `Mutant`, verbatim (DocCommentMirrorCheckTests): the
/// uploader's mutants, by name.
@Suite struct MutantDocCommentTests {
  @Test func theUploadersMutantsAreListedByName() {
    for mutant in Uploader.system().graph.mutants { print(mutant.name) }
    // Uploader: uploading —failed→ idle (was waiting) [attempt < 3]

    let names = Uploader.system().graph.mutants.map(\.name)
    #expect(names.contains("Uploader: uploading —failed→ idle (was waiting) [attempt < 3]"), "\(names)")
  }
}
