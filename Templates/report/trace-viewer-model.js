/* The trace viewer's model: the run as the page's data holds it (#tv-data, written by
   TraceViewerData.swift), read column by column by the names TraceViewerColumns.swift gives
   them, and the cursor the panes share (the current step). Each pane is a class of its own
   file that owns its part of the page and listens to the cursor; trace-viewer.js builds
   them. No network, no library; every name goes into the page as text. */

/* The run: its steps' columns (expanded from runs of nones), the step numbers and timeline
   positions, and what the panes say about a step. */
class TraceModel {
  constructor(data) {
    this.data = data;
    this.strings = data.strings;
    this.count = data.count;
    this.failing = data.failing;
    this.columnsRead = new Set();
    this.expanded = new Map();
    // Step indices (as the trace numbers them) and timeline positions, stored as differences.
    this.indices = new Float64Array(this.count);
    this.xs = new Float64Array(this.count);
    let index = -1, x = 0;
    for (let i = 0; i < this.count; i++) {
      index = data.absoluteIndices ? data.index[i] : index + 1 + data.index[i];
      this.indices[i] = index;
      x += data.x[i];
      this.xs[i] = x / 100;
    }
    this.kind = this.column("kind");
    this.barStart = this.column("start", "bars");
    this.barEnd = this.column("end", "bars");
    // Bars are in the order their effects started; reachEnd[i] is the furthest end of bars
    // 0...i (a running effect reaches past the last step), so a search stops as soon as no
    // earlier bar can reach the range.
    this.reachEnd = new Float64Array(this.barStart.length);
    for (let i = 0; i < this.barStart.length; i++) {
      const end = this.barEnd[i] < 0 ? Infinity : this.barEnd[i];
      this.reachEnd[i] = i > 0 ? Math.max(this.reachEnd[i - 1], end) : end;
    }
  }

  /* A column of `table` by its name: for the steps, one value per step, a position plus one
     (0: none), -n for n more of the previous value, trailing nones left out; other tables as
     written. A name the data does not hold is an error that names it (the page's data and
     script disagree). */
  column(name, table = "steps") {
    const key = table === "steps" ? name : table + "." + name;
    if (this.expanded.has(key)) return this.expanded.get(key);
    const columns = this.data[table];
    if (!columns || !Array.isArray(columns[name])) {
      throw new Error("the trace viewer's data has no column “" + key + "”");
    }
    let values = columns[name];
    if (table === "steps") {
      const out = new Int32Array(this.count);
      let at = 0, previous = 0;
      for (const value of values) {
        if (value < 0) out.fill(previous, at, at -= value);
        else out[at++] = previous = value;
      }
      values = out;
    }
    this.columnsRead.add(key);
    this.expanded.set(key, values);
    return values;
  }

  /* The text a step's text column names at `offset`, or null. */
  text(column, offset) { const ref = column[offset]; return ref > 0 ? this.strings[ref - 1] : null; }
  /* The position a step's position column holds at `offset`, or -1. */
  position(column, offset) { return column[offset] - 1; }
  /* A string of a table other than the steps (a plain position in `strings`). */
  string(position) { return this.strings[position]; }

  kindAt(offset) { return this.text(this.kind, offset); }
  number(offset) { return "#" + this.indices[offset]; }

  /* The positions of the bars of effects running somewhere in from...to, found by binary search. */
  barsOverlapping(from, to) {
    let lo = 0, hi = this.barStart.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (this.barStart[mid] <= to) lo = mid + 1; else hi = mid; }
    const found = [];
    for (let i = lo - 1; i >= 0 && this.reachEnd[i] >= from; i--) {
      if (this.barEnd[i] < 0 || this.barEnd[i] >= from) found.push(i);
    }
    return found.reverse();
  }
  effectsAt(offset) { return this.barsOverlapping(offset, offset); }
}

/* What a step says, in a line and in a word: shared by the step list and the detail pane. */
class StepWords {
  constructor(model) {
    this.model = model;
    this.event = model.column("event");
    this.feedback = model.column("feedback");
    this.bar = model.column("bar");
    this.from = model.column("from");
    this.to = model.column("to");
    this.after = model.column("after");
    this.effect = model.column("effect", "bars");
  }

  /* The kind in a word (the list's column, the detail's heading). */
  label(offset) { return StepWords.kindLabels[this.model.kindAt(offset)]; }

  /* The effect's id of an effect step ("?" when the trace has none: an explorer's trace). */
  effectOf(offset) { const bar = this.model.position(this.bar, offset); return bar < 0 ? "?" : this.effect[bar]; }

  summary(offset) {
    const m = this.model, k = m.kindAt(offset), event = m.text(this.event, offset) || "an event";
    const feedback = m.text(this.feedback, offset);
    const id = this.effectOf(offset);
    const who = (feedback || "an unnamed feedback") + (id === "?" ? "'s effect" : " effect #" + id);
    const from = m.text(this.from, offset), to = m.text(this.to, offset);
    switch (k) {
      case "initial": return to || m.text(this.after, offset) || "?";
      case "event": return event + (feedback ? " from " + feedback : "") + ": " + (from || "?") + " → " + (to || "?");
      case "undeclaredTransition": return event + ": " + (from || "?") + " → " + (to || "?");
      case "ignoredEvent": return event + (from ? " in " + from : "");
      case "effectEmitted": return who + ": " + event;
      case "effectFinished": return id === "?" && event === "an event" ? who + " ends without an event" : who;
      case "effectStarted": case "effectCancelled": return who;
      default: return "";
    }
  }
}

StepWords.kindLabels = {
  initial: "initial", event: "event", ignoredEvent: "ignored", undeclaredTransition: "undeclared",
  effectStarted: "started", effectEmitted: "emitted", effectFinished: "finished", effectCancelled: "cancelled",
  stopped: "stopped",
};

/* The step the panes show, and who follows it. */
class StepCursor {
  constructor(count) {
    this.count = count;
    this.current = -1;
    this.listeners = [];
  }
  onMove(listener) { this.listeners.push(listener); }
  go(offset) {
    if (this.count === 0) return;
    this.current = Math.max(0, Math.min(this.count - 1, Math.floor(offset)));
    for (const listener of this.listeners) listener(this.current);
  }
}

/* An element with a class and text (never markup). */
function element(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined && content !== null) node.textContent = content;
  return node;
}
