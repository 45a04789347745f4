/* The trace viewer's detail pane: the step, its failure, the event and who sent it, the
   transition, the state before and after as a diff, and the effects running. Every name is
   put in as text. Called by trace-viewer.js with what it shares (`v`). */
var TraceViewerDetail = function (v) {
  "use strict";
  var data = v.data, steps = v.steps, S = v.S, F = v.F, field = v.field, text = v.text, kind = v.kind;
  var number = v.number, summary = v.summary, kindLabels = v.kindLabels, el = v.el, effectOf = v.effectOf;
  var effectsAt = v.effectsAt, go = v.go;
  var detail = document.getElementById("tv-detail-body");
  /* Field-by-field differences of two JSON values, as [path, before, after, status] rows.
     An enum case that changed (a one-key object whose key changed, as Swift encodes enums)
     is one "case" row, and its payloads are compared as if the case had stayed. */
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }
  var missing = {};  // a field one side does not have
  function compare(a, b, path, rows) {
    function join(key, array) { return array ? path + "[" + key + "]" : (path ? path + "." : "") + key; }
    if (isObject(a) && isObject(b)) {
      var ak = Object.keys(a), bk = Object.keys(b);
      if (ak.length === 0 && bk.length === 0) { rows.push([path || "(value)", "{}", "{}", "same"]); return rows; }
      if (ak.length === 1 && bk.length === 1 && ak[0] !== bk[0]) {
        rows.push([path ? path + " (case)" : "(case)", ak[0], bk[0], "changed"]);
        return compare(a[ak[0]], b[bk[0]], path, rows);
      }
      bk.forEach(function (key) { compare(key in a ? a[key] : missing, b[key], join(key, false), rows); });
      ak.forEach(function (key) { if (!(key in b)) compare(a[key], missing, join(key, false), rows); });
    } else if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length === 0 && b.length === 0) rows.push([path || "(value)", "[]", "[]", "same"]);
      for (var i = 0; i < Math.max(a.length, b.length); i++) {
        compare(i < a.length ? a[i] : missing, i < b.length ? b[i] : missing, join(i, true), rows);
      }
    } else if (a === missing || b === missing) {
      var present = a === missing ? b : a, leaves = [];
      compare(present, present, path, leaves);
      leaves.forEach(function (leaf) {
        rows.push(a === missing ? [leaf[0], undefined, leaf[2], "added"] : [leaf[0], leaf[1], undefined, "removed"]);
      });
    } else {
      var x = JSON.stringify(a), y = JSON.stringify(b);
      rows.push([path || "(value)", x, y, x === y ? "same" : "changed"]);
    }
    return rows;
  }
  function parse(json) {
    if (json === null) return undefined;
    try { return JSON.parse(json); } catch (error) { return undefined; }
  }
  /* The state before and after: field by field from the encoded JSON when the trace has it,
     else the two descriptions with the part that changed marked. */
  function stateDiff(row) {
    var box = el("div", "state");
    box.setAttribute("id", "tv-diff");
    var beforeJSON = parse(text(row, "beforeJSON")), afterJSON = parse(text(row, "afterJSON"));
    var before = text(row, "before"), after = text(row, "after");
    if (kind(row) === "initial") {  // no state before: the state the run starts in
      box.setAttribute("data-changes", 0);
      box.appendChild(el("p", "none", "The initial state:"));
      box.appendChild(el("div", "line diff", after || "(not recorded)"));
      if (afterJSON !== undefined) box.appendChild(el("pre", null, text(row, "afterJSON")));
      return box;
    }
    if (afterJSON !== undefined && (beforeJSON !== undefined || field(row, "beforeJSON") < 0 && before === null)) {
      var rows = compare(beforeJSON === undefined ? {} : beforeJSON, afterJSON, "", []);
      var changed = rows.filter(function (row) { return row[3] !== "same"; });
      var same = rows.filter(function (row) { return row[3] === "same"; });
      function table(list) {
        var t = el("table", "diff");
        var head = el("tr");
        ["field", "before", "after"].forEach(function (name) { head.appendChild(el("td", "path", name)); });
        t.appendChild(head);
        list.forEach(function (row) {
          var tr = el("tr", row[3]);
          tr.appendChild(el("td", "path", row[0]));
          tr.appendChild(el("td", "before", row[1] === undefined ? "—" : row[1]));
          tr.appendChild(el("td", "after", row[2] === undefined ? "—" : row[2]));
          t.appendChild(tr);
        });
        return t;
      }
      box.setAttribute("data-kind", "json");
      box.setAttribute("data-changes", changed.length);
      box.appendChild(el("p", "none", changed.length === 0 ? "No field changed: " + (after || "")
        : changed.length + (changed.length === 1 ? " change." : " changes.")));
      if (changed.length > 0) box.appendChild(table(changed));
      if (same.length > 0) {
        var more = el("details");
        more.appendChild(el("summary", "none", same.length + (same.length === 1 ? " field" : " fields") + " unchanged"));
        more.appendChild(table(same));
        box.appendChild(more);
      }
      return box;
    }
    if (before === after || before === null || after === null) {
      box.appendChild(el("p", "none", "Unchanged:"));
      box.appendChild(el("div", "line diff", after || before || "(not recorded)"));
      box.setAttribute("data-changes", 0);
      return box;
    }
    var start = 0, end = 0;
    while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
    while (end < before.length - start && end < after.length - start
      && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
    [["removed", "− ", before], ["added", "+ ", after]].forEach(function (line) {
      var div = el("div", "line diff " + line[0], line[1] + line[2].slice(0, start));
      div.appendChild(el("mark", null, line[2].slice(start, line[2].length - end)));
      div.appendChild(document.createTextNode(line[2].slice(line[2].length - end)));
      box.appendChild(div);
    });
    box.setAttribute("data-changes", 1);
    return box;
  }
  function jump(offset, label) {
    var button = el("button", "link", label);
    button.type = "button";
    button.addEventListener("click", function () { go(offset); });
    return button;
  }

  function renderDetail(offset) {
    var row = steps[offset], k = kind(row);
    detail.textContent = "";
    var title = el("h3", null, "Step " + number(offset) + " · " + S[row[F.time]] + " · " + kindLabels[k]);
    detail.appendChild(title);
    var said = summary(offset);
    if (said) detail.appendChild(el("p", null, said));
    if (offset === data.failing) {
      var failure = el("div", "failure");
      failure.setAttribute("id", "tv-failure");
      failure.appendChild(el("strong", null, "The test failed at this step"));
      if (data.message) failure.appendChild(el("pre", null, data.message));
      detail.appendChild(failure);
    }
    var event = text(row, "event"), link = field(row, "link"), feedback = text(row, "feedback");
    if (event !== null) {
      detail.appendChild(el("h4", null, "Event"));
      var p = el("p");
      p.appendChild(el("code", null, event));
      if (k === "effectEmitted") {
        p.appendChild(document.createTextNode(" emitted by " + (feedback || "a feedback") + " effect #" + effectOf(row)));
        if (link >= 0) { p.appendChild(document.createTextNode(", reduced at ")); p.appendChild(jump(link, number(link))); }
        else p.appendChild(document.createTextNode(", not reduced in this trace"));
      } else if (feedback === null) {
        p.appendChild(document.createTextNode(" sent from outside (send)"));
      } else {
        p.appendChild(document.createTextNode(" from feedback " + feedback));
        if (link >= 0) {
          var emitter = steps[link];
          p.appendChild(document.createTextNode(" (effect #" + effectOf(emitter) + ", emitted at "));
          p.appendChild(jump(link, number(link)));
          p.appendChild(document.createTextNode(")"));
        }
      }
      p.setAttribute("id", "tv-event");
      detail.appendChild(p);
      var eventJSON = text(row, "eventJSON");
      if (eventJSON !== null) detail.appendChild(el("pre", null, eventJSON));
    }
    var transition = text(row, "transition");
    if (k === "event" || k === "undeclaredTransition" || k === "ignoredEvent") {
      detail.appendChild(el("h4", null, "Transition"));
      detail.appendChild(el("p", null, k === "ignoredEvent" ? "none: ignored in " + (text(row, "from") || "this state")
        : transition || "no declared transition (a fallback reducer)"));
    }
    detail.appendChild(el("h4", null, "State before → after"));
    detail.appendChild(stateDiff(row));
    detail.appendChild(el("h4", null, "Effects running"));
    var running = effectsAt(offset);
    if (running.length === 0) detail.appendChild(el("p", "none", "None."));
    var ul = el("ul", "effects");
    ul.setAttribute("id", "tv-effects");
    running.slice(0, 50).forEach(function (bar) {
      var li = el("li", null, S[data.lanes[bar[2]][0]] + " effect #" + bar[5] + " ");
      li.setAttribute("data-effect", bar[5]);
      var state = bar[0] === offset ? "started here" : bar[1] === offset ? (bar[4] === 0 ? "finished here" : "cancelled here")
        : "running since";
      li.appendChild(el("span", "tag", state));
      if (state === "running since") { li.appendChild(document.createTextNode(" ")); li.appendChild(jump(bar[0], number(bar[0]))); }
      ul.appendChild(li);
    });
    if (running.length > 50) ul.appendChild(el("li", "none", "and " + (running.length - 50) + " more"));
    detail.appendChild(ul);
  }
  return { render: renderDetail };
};
