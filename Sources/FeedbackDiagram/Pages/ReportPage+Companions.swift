extension ReportPage {
  /// The files of a system that other commands wrote beside its figures, as the report
  /// page shows them: coverage and trace figures (in the page's image format) and links to
  /// its other pages.
  ///
  /// Found by name among `files` (the names in the output folder), for the system whose
  /// file-name stem is `stem` (named `name` in the figures' text) (stems have no dots, so `Checkout.` prefixes only its files):
  /// - `<stem>.coverage.<image>`: the coverage figure (`diagram coverage`);
  /// - `<stem>.mutants.<image>`: the mutation figure (`diagram mutate`, ``MutationFigure``);
  /// - `<stem>.<test>.trace-path.<image>`, `<stem>.<test>.trace-timeline.<image>`: the
  ///   figures of one trace (`diagram trace`);
  /// - `<stem>.<test>.trace.html`: a trace viewer page (``TraceViewerPage``), a link
  ///   labelled `trace <test>`;
  /// - `<stem>.atlas.html`, `<stem>.coverage.html`, or any
  ///   other `<stem>.<kind>….html` where the kind is one of ``linkedKinds``: a link labelled
  ///   with the kind; an atlas overview drawn as an image (`<stem>.atlas.svg`, `.png`, `.pdf`;
  ///   a large machine's figure is too big for a card) is linked, not shown, when there is
  ///   no atlas page (`<stem>.atlas.html`, which shows it and its focus figures).
  package static func companions(of name: String, stem: String, image: String, among files: [String]) -> (
    figures: [Figure], links: [Link]
  ) {
    var figures: [Figure] = []
    var links: [Link] = []
    let prefix = stem + "."
    for file in files.sorted() where file.hasPrefix(prefix) {
      let parts = file.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard parts.count >= 2, let ext = parts.last else { continue }
      let kinds = parts.dropLast()
      if kinds == ["coverage"], ext == image {
        figures.append(
          Figure(src: file, alt: "\(name) coverage figure", caption: "What the tests exercised (diagram coverage)"))
      } else if kinds == ["mutants"], ext == image {
        figures.append(
          Figure(src: file, alt: "\(name) mutation figure", caption: "Mutants the tests let survive (diagram mutate)"))
      } else if kinds.count == 2, ["trace-path", "trace-timeline"].contains(kinds.last), ext == image {
        let test = kinds.first ?? ""
        let what = kinds.last == "trace-path" ? "its path on the machine" : "its timeline"
        figures.append(
          Figure(src: file, alt: "\(name) trace \(test) \(kinds.last ?? "")", caption: "Trace \(test): \(what)"))
      } else if kinds.count == 2, kinds.last == "trace", ext == "html" {
        // A trace viewer page (`diagram trace`, `diagram explore`): labelled with its test,
        // whatever the test's name starts with.
        links.append(Link(label: "trace \(kinds[0])", href: file))
      } else if let kind = kinds.first(where: { kind in linkedKinds.contains { kind.hasPrefix($0) } }),
        ext == "html"
          || (kinds == ["atlas"] && ["svg", "png", "pdf"].contains(ext) && !files.contains(prefix + "atlas.html"))
      {
        let detail = kinds.filter { $0 != kind }
        let label =
          ([kind.hasPrefix("trace") ? "trace" : kind] + detail).joined(separator: " ")
          + (ext == "html" ? "" : " (\(ext))")
        links.append(Link(label: label, href: file))
      }
    }
    return (figures, links)
  }

  /// The kinds of pages linked from a system's section.
  package static let linkedKinds = ["atlas", "coverage", "trace"]
}
