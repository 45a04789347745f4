/* The detail pane: the step, its failure, the event and who sent it, the transition, the
   state before and after as a diff, and the effects running. Every name is put in as text. */
class StepDetail {
  constructor(model, words, cursor) {
    this.model = model;
    this.words = words;
    this.cursor = cursor;
    this.time = model.column("time");
    this.before = model.column("before");
    this.beforeJSON = model.column("beforeJSON");
    this.after = model.column("after");
    this.afterJSON = model.column("afterJSON");
    this.event = model.column("event");
    this.eventJSON = model.column("eventJSON");
    this.feedback = model.column("feedback");
    this.link = model.column("link");
    this.from = model.column("from");
    this.transition = model.column("transition");
    this.barStart = model.column("start", "bars");
    this.barEnd = model.column("end", "bars");
    this.barLane = model.column("lane", "bars");
    this.barEnding = model.column("ending", "bars");
    this.barEffect = model.column("effect", "bars");
    this.laneName = model.column("name", "lanes");
    this.box = document.getElementById("tv-detail-body");
    cursor.onMove((offset) => this.render(offset));
  }

  /* Field-by-field differences of two JSON values, as [path, before, after, status] rows.
     An enum case that changed (a one-key object whose key changed, as Swift encodes enums)
     is one "case" row, and its payloads are compared as if the case had stayed. */
  static diff(a, b) {
    function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
    let missing = {};  // a field one side does not have
    function compare(a, b, path, rows) {
      function join(key, array) { return array ? path + "[" + key + "]" : (path ? path + "." : "") + key; }
      if (isObject(a) && isObject(b)) {
        let ak = Object.keys(a), bk = Object.keys(b);
        if (ak.length === 0 && bk.length === 0) { rows.push([path || "(value)", "{}", "{}", "same"]); return rows; }
        if (ak.length === 1 && bk.length === 1 && ak[0] !== bk[0]) {
          rows.push([path ? path + " (case)" : "(case)", ak[0], bk[0], "changed"]);
          return compare(a[ak[0]], b[bk[0]], path, rows);
        }
        bk.forEach(function (key) { compare(key in a ? a[key] : missing, b[key], join(key, false), rows); });
        ak.forEach(function (key) { if (!(key in b)) compare(a[key], missing, join(key, false), rows); });
      } else if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length === 0 && b.length === 0) rows.push([path || "(value)", "[]", "[]", "same"]);
        for (let i = 0; i < Math.max(a.length, b.length); i++) {
          compare(i < a.length ? a[i] : missing, i < b.length ? b[i] : missing, join(i, true), rows);
        }
      } else if (a === missing || b === missing) {
        let present = a === missing ? b : a, leaves = [];
        compare(present, present, path, leaves);
        leaves.forEach(function (leaf) {
          rows.push(a === missing ? [leaf[0], undefined, leaf[2], "added"] : [leaf[0], leaf[1], undefined, "removed"]);
        });
      } else {
        let x = JSON.stringify(a), y = JSON.stringify(b);
        rows.push([path || "(value)", x, y, x === y ? "same" : "changed"]);
      }
      return rows;
    }
    return compare(a, b, "", []);
  }

  /* A JSON text read back, or undefined (none, or not JSON). */
  static parse(json) {
    if (json === null) return undefined;
    try { return JSON.parse(json); } catch (error) { return undefined; }
  }

  /* The state before and after: field by field from the encoded JSON when the trace has it,
     else the two descriptions with the part that changed marked. */
  stateDiff(offset) {
    const m = this.model, box = element("div", "state");
    box.setAttribute("id", "tv-diff");
    const beforeJSON = StepDetail.parse(m.text(this.beforeJSON, offset));
    const afterJSON = StepDetail.parse(m.text(this.afterJSON, offset));
    const before = m.text(this.before, offset), after = m.text(this.after, offset);
    if (m.kindAt(offset) === "initial") {  // no state before: the state the run starts in
      box.setAttribute("data-changes", 0);
      box.appendChild(element("p", "none", "The initial state:"));
      box.appendChild(element("div", "line diff", after || "(not recorded)"));
      if (afterJSON !== undefined) box.appendChild(element("pre", null, m.text(this.afterJSON, offset)));
      return box;
    }
    if (afterJSON !== undefined && (beforeJSON !== undefined || m.position(this.beforeJSON, offset) < 0 && before === null)) {
      const rows = StepDetail.diff(beforeJSON === undefined ? {} : beforeJSON, afterJSON);
      const changed = rows.filter((row) => row[3] !== "same");
      const same = rows.filter((row) => row[3] === "same");
      const table = (list) => {
        const t = element("table", "diff");
        const head = element("tr");
        for (const name of ["field", "before", "after"]) head.appendChild(element("td", "path", name));
        t.appendChild(head);
        for (const row of list) {
          const tr = element("tr", row[3]);
          tr.appendChild(element("td", "path", row[0]));
          tr.appendChild(element("td", "before", row[1] === undefined ? "—" : row[1]));
          tr.appendChild(element("td", "after", row[2] === undefined ? "—" : row[2]));
          t.appendChild(tr);
        }
        return t;
      };
      box.setAttribute("data-kind", "json");
      box.setAttribute("data-changes", changed.length);
      box.appendChild(element("p", "none", changed.length === 0 ? "No field changed: " + (after || "")
        : changed.length + (changed.length === 1 ? " change." : " changes.")));
      if (changed.length > 0) box.appendChild(table(changed));
      if (same.length > 0) {
        const more = element("details");
        more.appendChild(element("summary", "none", same.length + (same.length === 1 ? " field" : " fields") + " unchanged"));
        more.appendChild(table(same));
        box.appendChild(more);
      }
      return box;
    }
    if (before === after || before === null || after === null) {
      box.appendChild(element("p", "none", "Unchanged:"));
      box.appendChild(element("div", "line diff", after || before || "(not recorded)"));
      box.setAttribute("data-changes", 0);
      return box;
    }
    let start = 0, end = 0;
    while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
    while (end < before.length - start && end < after.length - start
      && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
    for (const [className, sign, text] of [["removed", "− ", before], ["added", "+ ", after]]) {
      const div = element("div", "line diff " + className, sign + text.slice(0, start));
      div.appendChild(element("mark", null, text.slice(start, text.length - end)));
      div.appendChild(document.createTextNode(text.slice(text.length - end)));
      box.appendChild(div);
    }
    box.setAttribute("data-changes", 1);
    return box;
  }

  /* A button that moves the cursor to `offset`. */
  jump(offset) {
    const button = element("button", "link", this.model.number(offset));
    button.type = "button";
    button.addEventListener("click", () => this.cursor.go(offset));
    return button;
  }

  render(offset) {
    const m = this.model, words = this.words, detail = this.box, k = m.kindAt(offset);
    const text = (string) => document.createTextNode(string);
    detail.textContent = "";
    detail.appendChild(element("h3", null, "Step " + m.number(offset) + " · " + m.text(this.time, offset) + " · " + words.label(offset)));
    const said = words.summary(offset);
    if (said) detail.appendChild(element("p", null, said));
    if (offset === m.failing) {
      const failure = element("div", "failure");
      failure.setAttribute("id", "tv-failure");
      failure.appendChild(element("strong", null, "The test failed at this step"));
      if (m.data.message) failure.appendChild(element("pre", null, m.data.message));
      detail.appendChild(failure);
    }
    const event = m.text(this.event, offset), link = m.position(this.link, offset), feedback = m.text(this.feedback, offset);
    if (event !== null) {
      detail.appendChild(element("h4", null, "Event"));
      const p = element("p");
      p.appendChild(element("code", null, event));
      if (k === "effectEmitted") {
        p.appendChild(text(" emitted by " + (feedback || "a feedback") + " effect #" + words.effectOf(offset)));
        if (link >= 0) { p.appendChild(text(", reduced at ")); p.appendChild(this.jump(link)); }
        else p.appendChild(text(", not reduced in this trace"));
      } else if (feedback === null) {
        p.appendChild(text(" sent from outside (send)"));
      } else {
        p.appendChild(text(" from feedback " + feedback));
        if (link >= 0) {
          p.appendChild(text(" (effect #" + words.effectOf(link) + ", emitted at "));
          p.appendChild(this.jump(link));
          p.appendChild(text(")"));
        }
      }
      p.setAttribute("id", "tv-event");
      detail.appendChild(p);
      const eventJSON = m.text(this.eventJSON, offset);
      if (eventJSON !== null) detail.appendChild(element("pre", null, eventJSON));
    }
    if (k === "event" || k === "undeclaredTransition" || k === "ignoredEvent") {
      detail.appendChild(element("h4", null, "Transition"));
      detail.appendChild(element("p", null, k === "ignoredEvent" ? "none: ignored in " + (m.text(this.from, offset) || "this state")
        : m.text(this.transition, offset) || "no declared transition (a fallback reducer)"));
    }
    detail.appendChild(element("h4", null, "State before → after"));
    detail.appendChild(this.stateDiff(offset));
    detail.appendChild(element("h4", null, "Effects running"));
    const running = m.effectsAt(offset);
    if (running.length === 0) detail.appendChild(element("p", "none", "None."));
    const ul = element("ul", "effects");
    ul.setAttribute("id", "tv-effects");
    for (const bar of running.slice(0, 50)) {
      const effect = this.barEffect[bar], start = this.barStart[bar];
      const li = element("li", null, m.string(this.laneName[this.barLane[bar]]) + " effect #" + effect + " ");
      li.setAttribute("data-effect", effect);
      const state = start === offset ? "started here"
        : this.barEnd[bar] === offset ? (this.barEnding[bar] === 0 ? "finished here" : "cancelled here") : "running since";
      li.appendChild(element("span", "tag", state));
      if (state === "running since") { li.appendChild(text(" ")); li.appendChild(this.jump(start)); }
      ul.appendChild(li);
    }
    if (running.length > 50) ul.appendChild(element("li", "none", "and " + (running.length - 50) + " more"));
    detail.appendChild(ul);
  }
}
