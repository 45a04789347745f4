/// The tables a trace viewer page embeds, each as named columns: a JSON object of arrays
/// keyed by the column's name (`{"time":[…],"kind":[…],…}`), one value per row.
///
/// The names here are the page's contract: its script reads every column by these names
/// (`steps.time`, `bars.start`; `trace-viewer-model.js`), fails with a message naming a
/// column the data does not hold, and reports the columns it read (`data-columns` on
/// `<body>`), so a test compares the two lists. No script holds a column's position.
enum TraceViewerColumns {
  /// The steps' table (`steps`): one value per step, each a position plus one, `0` for
  /// none. A text column's position is in `strings` (`time`, `kind` and the names); `node`
  /// and `fromNode` are states' positions in the graph (the figure's `state_<n>` ids); `bar`
  /// is the effect's position in `bars`; `link` is a step's position (for an event an effect
  /// emitted, the step that emitted it; for an emission, the step that reduced it).
  ///
  /// A step that repeats the previous step's value is written as a run: `-n` is the previous
  /// value n more times (where that is shorter), and trailing nones are left out. Most
  /// columns are mostly runs: a state is carried across the effect steps around it, the
  /// steps of one instant share its time, an effect step names no transition.
  enum Step: String, CaseIterable {
    /// The step's time as people read it (`+30 s`), a text.
    case time
    /// The step's kind (`StepKind`'s raw value), a text.
    case kind
    /// The state before the step (the state the previous step left), and its JSON when the
    /// trace encodes states.
    case before, beforeJSON
    /// The state after the step (equal to `before` for a step that changes no state), and
    /// its JSON.
    case after, afterJSON
    /// The state the run is in after the step, as a position in the graph.
    case node
    /// The feedback that sent the event or ran the effect, by name.
    case feedback
    /// The effect's position in `bars`, for an effect step.
    case bar
    /// The event, as described and as JSON when the trace encodes events.
    case event, eventJSON
    /// The step at the other end of an emission (see the type's summary).
    case link
    /// The states the step went from and to, by id.
    case from, to
    /// The state the step went from, as a position in the graph.
    case fromNode
    /// The figure's id of the edge the step took.
    case edge
    /// The transition taken, as people read it (`red —tick→ green`).
    case transition
  }

  /// The effects' table (`bars`), in the order the effects started: the step positions of
  /// its `start` and `end` (`-1`: still running when the trace ends), its `lane` (one per
  /// feedback, in `lanes`) and `row` in the lane, how it is `ending` (0 finished, 1
  /// cancelled, 2 still running) and its `effect` id.
  enum Bar: String, CaseIterable {
    case start, end, lane, row, ending, effect
  }

  /// The timeline's lanes (`lanes`), one per feedback: its `name` (a position in `strings`)
  /// and how many `rows` its overlapping effects take.
  enum Lane: String, CaseIterable {
    case name, rows
  }

  /// The states the run was in (`spans`): the step position `offset` that entered each and
  /// the state's `name` (a position in `strings`).
  enum Span: String, CaseIterable {
    case offset, name
  }

  /// The timeline's breaks where a long quiet time is cut short (`breaks`): the position
  /// `x` (in hundredths of a point) and the time left out, as `label` (a position in
  /// `strings`).
  enum Break: String, CaseIterable {
    case x, label
  }

  /// Every table the page reads and its columns' names, in the order written.
  static let tables: [(name: String, columns: [String])] = [
    ("steps", Step.allCases.map(\.rawValue)), ("bars", Bar.allCases.map(\.rawValue)),
    ("lanes", Lane.allCases.map(\.rawValue)), ("spans", Span.allCases.map(\.rawValue)),
    ("breaks", Break.allCases.map(\.rawValue)),
  ]
}

/// One table being filled, a column of integers at a time, then written as named columns.
struct ColumnTable<Column: CaseIterable & RawRepresentable & Hashable> where Column.RawValue == String {
  private var values: [[Int]] = Array(repeating: [], count: Column.allCases.count)
  private let position: [Column: Int] = Dictionary(
    uniqueKeysWithValues: Column.allCases.enumerated().map { ($1, $0) })

  /// Appends one row: `row[column]`, `0` for a column it leaves out.
  mutating func append(_ row: KeyValuePairs<Column, Int>) {
    for index in values.indices { values[index].append(0) }
    for (column, value) in row { values[position[column]!][values[0].count - 1] = value }
  }

  /// Writes `{"name":[…],…}`; with `runs` (for tables whose values are never negative), n
  /// more of the previous value (`0` before the first) are `-n` where that is shorter, and
  /// trailing zeros are left out.
  func write(into out: inout ScriptJSON, runs: Bool = false) {
    out.raw("{")
    for (offset, column) in Column.allCases.enumerated() {
      if offset > 0 { out.raw(",") }
      out.raw("\(ScriptJSON.quoted(column.rawValue)):[")
      let column = values[offset]
      var first = true, index = 0, previous = 0
      let end = runs ? (column.lastIndex { $0 != 0 } ?? -1) + 1 : column.count
      while index < end {
        if !first { out.raw(",") }
        first = false
        var run = 0
        if runs { while index + run < end && column[index + run] == previous { run += 1 } }
        if run >= 2 || run == 1 && previous >= 10 {
          out.int(-run)
          index += run
        } else {
          previous = column[index]
          out.int(previous)
          index += 1
        }
      }
      out.raw("]")
    }
    out.raw("}")
  }
}
