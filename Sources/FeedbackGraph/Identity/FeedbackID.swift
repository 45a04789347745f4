/// Identifies a feedback within its system: feedbacks are numbered from 0 in declaration
/// order.
///
/// Two feedbacks may share a name (both default to `"feedback"`); their ids differ. The
/// name is looked up where it is shown (``SystemGraph/feedbacks``).
public typealias FeedbackID = TaggedIndex<FeedbackTag>

/// The tag of ``FeedbackID``.
public enum FeedbackTag: IndexTag {
  /// `feedback`.
  public static var noun: String { "feedback" }
}
