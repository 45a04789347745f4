import CasePaths
import FeedbackLoop
