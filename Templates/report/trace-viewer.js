/* The trace viewer: one recorded run, step by step. Reads the steps from #tv-data (see
   TraceViewerData.swift for the row layout), highlights the figure, renders only the visible
   rows of the step list, and draws the timeline on a canvas around the cursor. Every name is
   put into the page as text (textContent), never as markup. No network, no library. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("tv-data").textContent);
  var S = data.strings, steps = data.steps, kinds = data.kinds, count = steps.length;
  var ROW = 22;
  // Row fields (TraceViewerData): time and kind as they are, every other field stored plus
  // one (0: none), trailing zeros left out.
  var F = { time: 0, kind: 1, before: 2, beforeJSON: 3, after: 4, afterJSON: 5, node: 6, feedback: 7, bar: 8,
    event: 9, eventJSON: 10, link: 11, from: 12, to: 13, fromNode: 14, edge: 15, transition: 16 };
  function field(row, name) { var value = row[F[name]]; return value === undefined || value === 0 ? -1 : value - 1; }
  function text(row, name) { var value = field(row, name); return value < 0 ? null : S[value]; }
  function effectOf(row) { var bar = field(row, "bar"); return bar < 0 ? "?" : data.bars[bar][5]; }
  // Step indices (as the trace numbers them) and timeline positions, stored as differences.
  var indices = new Float64Array(count), xs = new Float64Array(count);
  (function () {
    var index = -1, x = 0;
    for (var i = 0; i < count; i++) {
      index = data.absoluteIndices ? data.index[i] : index + 1 + data.index[i];
      indices[i] = index;
      x += data.x[i];
      xs[i] = x / 100;
    }
  })();
  function kind(row) { return kinds[row[F.kind]]; }

  var body = document.body;
  var list = document.getElementById("tv-list"), sizer = document.getElementById("tv-sizer");
  var detail = document.getElementById("tv-detail-body");
  var svg = document.getElementById("tv-svg");
  var figureBox = document.getElementById("tv-figure");
  var timeline = document.getElementById("tv-timeline"), overview = document.getElementById("tv-overview");
  var current = -1, highlighted = [], byIndex = null;

  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined && content !== null) node.textContent = content;
    return node;
  }
  function number(offset) { return "#" + indices[offset]; }

  /* ---------- What a step says, in a line ---------- */
  function summary(offset) {
    var row = steps[offset], k = kind(row), event = text(row, "event") || "an event";
    var feedback = text(row, "feedback");
    var who = (feedback || "an unnamed feedback") + " effect #" + effectOf(row);
    var from = text(row, "from"), to = text(row, "to");
    switch (k) {
      case "initial": return to || text(row, "after") || "?";
      case "event": return event + (feedback ? " from " + feedback : "") + ": " + (from || "?") + " → " + (to || "?");
      case "undeclaredTransition": return event + ": " + (from || "?") + " → " + (to || "?");
      case "ignoredEvent": return event + (from ? " in " + from : "");
      case "effectEmitted": return who + ": " + event;
      case "effectStarted": case "effectFinished": case "effectCancelled": return who;
      default: return "";
    }
  }
  var kindLabels = { initial: "initial", event: "event", ignoredEvent: "ignored", undeclaredTransition: "undeclared",
    effectStarted: "started", effectEmitted: "emitted", effectFinished: "finished", effectCancelled: "cancelled",
    stopped: "stopped" };

  /* ---------- The step list: only the visible rows exist ---------- */
  var pool = [];
  sizer.style.height = count * ROW + "px";
  function renderRows() {
    var first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
    var last = Math.min(count, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
    var needed = last - first;
    while (pool.length < needed) {
      var row = el("div", "row");
      row.setAttribute("role", "option");
      row.appendChild(el("span", "n"));
      row.appendChild(el("span", "t"));
      row.appendChild(el("span", "k"));
      row.appendChild(el("span", "s"));
      list.appendChild(row);
      pool.push(row);
    }
    for (var i = 0; i < pool.length; i++) {
      var node = pool[i], offset = first + i;
      if (offset >= last) { node.style.display = "none"; continue; }
      node.style.display = "";
      node.style.top = offset * ROW + "px";
      node.setAttribute("data-offset", offset);
      var k = kind(steps[offset]);
      node.className = "row" + (k.indexOf("effect") === 0 ? " effect" : "") + (offset === data.failing ? " failing" : "")
        + (offset === current ? " current" : "");
      node.setAttribute("aria-selected", offset === current ? "true" : "false");
      node.childNodes[0].textContent = number(offset);
      node.childNodes[1].textContent = S[steps[offset][F.time]];
      node.childNodes[2].textContent = kindLabels[k];
      node.childNodes[3].textContent = summary(offset);
    }
    body.setAttribute("data-list-rows", pool.length);
  }
  list.addEventListener("scroll", renderRows);
  list.addEventListener("click", function (event) {
    var row = event.target.closest ? event.target.closest(".row") : null;
    if (row) go(Number(row.getAttribute("data-offset")));
  });
  function scrollListTo(offset) {
    var top = offset * ROW, height = list.clientHeight;
    if (top < list.scrollTop || top + ROW > list.scrollTop + height) list.scrollTop = Math.max(0, top - height / 2);
  }

  /* ---------- The figure ---------- */
  function highlight(offset) {
    highlighted.forEach(function (pair) { pair[0].classList.remove(pair[1]); });
    highlighted = [];
    var row = steps[offset], failing = offset === data.failing;
    function mark(id, className) {
      var node = id && svg ? document.getElementById(id) : null;
      if (!node || !svg.contains(node)) return null;
      node.classList.add(className);
      highlighted.push([node, className]);
      if (failing) { node.classList.add("tv-failing"); highlighted.push([node, "tv-failing"]); }
      return id;
    }
    var node = field(row, "node"), fromNode = field(row, "fromNode");
    var stateId = node >= 0 ? mark("state_" + node, "tv-current") : null;
    if (fromNode >= 0 && fromNode !== node && kind(row) !== "ignoredEvent") mark("state_" + fromNode, "tv-before");
    var edgeId = mark(text(row, "edge"), "tv-taken");
    body.setAttribute("data-state-node", stateId || "");
    body.setAttribute("data-edge", edgeId || "");
  }
  document.getElementById("tv-fit").addEventListener("click", function (event) {
    var on = figureBox.classList.toggle("fit");
    event.target.setAttribute("aria-pressed", on ? "true" : "false");
  });

  /* ---------- The detail pane ---------- */
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
  /* Bars are in the order their effects started; reachEnd[i] is the furthest end of bars
     0...i (a running effect reaches past the last step), so a search stops as soon as no
     earlier bar can reach the range. */
  var reachEnd = new Float64Array(data.bars.length);
  data.bars.forEach(function (bar, i) {
    var end = bar[1] < 0 ? Infinity : bar[1];
    reachEnd[i] = i > 0 ? Math.max(reachEnd[i - 1], end) : end;
  });
  function barsOverlapping(from, to) {
    var lo = 0, hi = data.bars.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (data.bars[mid][0] <= to) lo = mid + 1; else hi = mid; }
    var found = [];
    for (var i = lo - 1; i >= 0 && reachEnd[i] >= from; i--) {
      var bar = data.bars[i];
      if (bar[1] < 0 || bar[1] >= from) found.push(bar);
    }
    return found.reverse();
  }
  function effectsAt(offset) { return barsOverlapping(offset, offset); }
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

  /* ---------- The timeline: a canvas around the cursor, and an overview ---------- */
  var palette = {};
  function color(name) {
    if (!(name in palette)) palette[name] = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
    return palette[name];
  }
  if (window.matchMedia) {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
      palette = {}; overviewBands = null; if (current >= 0) drawTimeline();
    });
  }
  var LABEL = 96, LANE = 20, AXIS = 22, viewStart = 0, zoom = 1;
  var rowsPerLane = data.lanes.map(function (lane) { return Math.max(1, lane[1]); });
  var laneTop = [], y = AXIS + 2 * LANE;
  rowsPerLane.forEach(function (rows) { laneTop.push(y); y += rows * LANE; });
  var timelineHeight = y + 6;
  function xOf(offset) { return xs[offset] || 0; }
  function offsetAt(x) {
    var lo = 0, hi = count - 1;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (xOf(mid) < x) lo = mid + 1; else hi = mid; }
    if (lo > 0 && Math.abs(xOf(lo - 1) - x) <= Math.abs(xOf(lo) - x)) lo -= 1;
    while (lo > 0 && xOf(lo - 1) === xOf(lo) && x < xOf(lo)) lo -= 1;
    return lo;
  }
  function setUpCanvas(canvas, height) {
    var ratio = window.devicePixelRatio || 1, width = canvas.clientWidth || 600;
    var pixelsWide = Math.round(width * ratio), pixelsHigh = Math.round(height * ratio);
    if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {  // resizing clears and reallocates
      canvas.style.height = height + "px";
      canvas.width = pixelsWide;
      canvas.height = pixelsHigh;
    }
    var context = canvas.getContext("2d");
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { context: context, width: width, height: height };
  }
  function fitLabel(context, label, room) {
    if (room < 14) return "";
    if (context.measureText(label).width <= room) return label;
    var cut = label;
    while (cut.length > 1 && context.measureText(cut + "…").width > room) cut = cut.slice(0, Math.max(1, Math.floor(cut.length * 0.7)));
    return cut + "…";
  }
  function drawTimeline() {
    var canvas = setUpCanvas(timeline, timelineHeight), c = canvas.context, width = canvas.width - LABEL;
    zoom = data.width > 0 && data.width < width ? Math.min(3, width / data.width) : 1;
    var cursor = xOf(current) * zoom;
    if (cursor < viewStart + 40 || cursor > viewStart + width - 40) viewStart = Math.max(0, cursor - width / 2);
    function sx(x) { return LABEL + x * zoom - viewStart; }
    var lo = offsetAt(viewStart / zoom - 50), hi = Math.min(count - 1, offsetAt((viewStart + width) / zoom + 50) + 1);
    c.clearRect(0, 0, canvas.width, canvas.height);
    c.font = "11px system-ui, sans-serif";
    c.textBaseline = "middle";
    // Lane labels.
    c.fillStyle = color("--muted");
    c.fillText("state", 6, AXIS + LANE / 2);
    c.fillText("events", 6, AXIS + LANE * 1.5);
    data.lanes.forEach(function (lane, index) { c.fillText(fitLabel(c, S[lane[0]], LABEL - 10), 6, laneTop[index] + LANE / 2); });
    c.save();
    c.beginPath(); c.rect(LABEL, 0, width, canvas.height); c.clip();
    // Axis: an instant's tick where the time changes (every 5th step for an untimed trace).
    c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(LABEL, AXIS - 4); c.lineTo(LABEL + width, AXIS - 4); c.stroke();
    var lastLabelEnd = -Infinity;
    for (var i = lo; i <= hi; i++) {
      var isTick = data.untimed ? i % 5 === 0 : i === 0 || steps[i][F.time] !== steps[i - 1][F.time];
      if (!isTick) continue;
      var tx = sx(xOf(i)), label = data.untimed ? number(i) : S[steps[i][F.time]];
      c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(tx, AXIS - 8); c.lineTo(tx, AXIS - 4); c.stroke();
      if (tx > lastLabelEnd + 6) { c.fillStyle = color("--muted"); c.fillText(label, tx + 2, 8); lastLabelEnd = tx + 2 + c.measureText(label).width; }
    }
    data.breaks.forEach(function (mark) {
      var bx = sx(mark[0]);
      if (bx < LABEL - 40 || bx > LABEL + width + 40) return;
      c.strokeStyle = color("--muted"); c.beginPath(); c.moveTo(bx - 4, AXIS); c.lineTo(bx, AXIS - 8); c.lineTo(bx + 4, AXIS); c.stroke();
      c.fillStyle = color("--muted"); c.fillText("+" + S[mark[1]], bx + 6, AXIS - 12);
    });
    // States: spans from the step that entered each state to the step that left it.
    var spans = data.spans, first = 0, past = spans.length;
    while (first < past) { var middle = (first + past) >> 1; if (spans[middle][0] <= lo) first = middle + 1; else past = middle; }
    for (var s = Math.max(0, first - 1); s < spans.length && spans[s][0] <= hi; s++) {
      var start = xOf(spans[s][0]), end = s + 1 < spans.length ? xOf(spans[s + 1][0]) : data.width;
      if (end * zoom < viewStart - 10 || start * zoom > viewStart + width + 10) continue;
      var x0 = sx(start), x1 = Math.max(x0 + 2, sx(end));
      c.fillStyle = s % 2 === 0 ? color("--state-a") : color("--state-b");
      c.fillRect(x0, AXIS + 2, x1 - x0 - 1, LANE - 4);
      c.fillStyle = color("--text");
      c.fillText(fitLabel(c, S[spans[s][1]], x1 - x0 - 6), Math.max(x0, LABEL) + 3, AXIS + LANE / 2);
    }
    // External events, each label cut to the room before the next one.
    var marks = [];
    for (var e = lo; e <= hi; e++) {
      var row = steps[e], k = kind(row);
      if ((k === "event" || k === "ignoredEvent" || k === "undeclaredTransition") && field(row, "feedback") < 0) marks.push(e);
    }
    marks.forEach(function (offset, index) {
      var row = steps[offset], ex = sx(xOf(offset));
      var room = index + 1 < marks.length ? sx(xOf(marks[index + 1])) - ex - 10 : 120;
      c.fillStyle = kind(row) === "ignoredEvent" ? color("--muted") : color("--accent");
      c.beginPath(); c.moveTo(ex, AXIS + LANE + 4); c.lineTo(ex + 5, AXIS + LANE * 1.5); c.lineTo(ex, AXIS + LANE * 2 - 4); c.fill();
      c.fillStyle = color("--text");
      c.fillText(fitLabel(c, text(row, "event") || "", Math.min(120, room)), ex + 7, AXIS + LANE * 1.5);
    });
    var drawn = barsOverlapping(lo, hi);
    for (var b = 0; b < drawn.length; b++) {
      var bar = drawn[b], bStart = xOf(bar[0]), bEnd = bar[1] < 0 ? data.width : xOf(bar[1]);
      var top = laneTop[bar[2]] + bar[3] * LANE + LANE / 2, bx0 = sx(bStart), bx1 = Math.max(bx0 + 3, sx(bEnd));
      c.strokeStyle = color("--effect"); c.lineWidth = 4; c.lineCap = "round";
      c.beginPath(); c.moveTo(bx0, top); c.lineTo(bx1, top); c.stroke();
      c.lineWidth = 1.5;
      if (bar[4] === 0) { c.fillStyle = color("--effect"); c.beginPath(); c.arc(bx1, top, 4, 0, 7); c.fill(); }
      else if (bar[4] === 1) { c.strokeStyle = color("--fail"); c.beginPath(); c.moveTo(bx1 - 4, top - 4); c.lineTo(bx1 + 4, top + 4); c.moveTo(bx1 + 4, top - 4); c.lineTo(bx1 - 4, top + 4); c.stroke(); }
      else { c.fillStyle = color("--muted"); c.fillText("…", bx1 + 3, top); }
      c.lineWidth = 1;
    }
    for (var m = lo; m <= hi; m++) {
      if (kind(steps[m]) !== "effectEmitted" || field(steps[m], "bar") < 0) continue;
      var owner = data.bars[field(steps[m], "bar")], my = laneTop[owner[2]] + owner[3] * LANE + LANE / 2, mx = sx(xOf(m));
      c.fillStyle = color("--accent");
      c.beginPath(); c.moveTo(mx, my - 5); c.lineTo(mx + 5, my); c.lineTo(mx, my + 5); c.lineTo(mx - 5, my); c.fill();
    }
    // The failing step and the cursor.
    if (data.failing >= 0) { vertical(c, sx(xOf(data.failing)), color("--fail"), 1.5, canvas.height); }
    vertical(c, sx(xOf(current)), color("--accent"), 2.5, canvas.height);
    c.restore();
    timeline.setAttribute("data-cursor-x", Math.round(sx(xOf(current))));
    drawOverview();
  }
  function vertical(c, x, stroke, lineWidth, height) {
    c.strokeStyle = stroke; c.lineWidth = lineWidth;
    c.beginPath(); c.moveTo(x, 0); c.lineTo(x, height); c.stroke();
    c.lineWidth = 1;
  }
  /* The overview: the whole run's states as bands, drawn once into an offscreen canvas;
     each move only copies it and draws the window and the cursor. */
  var overviewBands = null;
  function drawOverview() {
    var canvas = setUpCanvas(overview, 16), c = canvas.context, width = canvas.width - LABEL, total = data.width || 1;
    function ox(x) { return LABEL + (x / total) * width; }
    if (!overviewBands || overviewBands.width !== overview.width) {
      overviewBands = document.createElement("canvas");
      overviewBands.width = overview.width;
      overviewBands.height = overview.height;
      var b = overviewBands.getContext("2d"), ratio = overview.width / Math.max(1, canvas.width);
      b.setTransform(ratio, 0, 0, ratio, 0, 0);
      b.fillStyle = color("--muted"); b.font = "10px system-ui, sans-serif"; b.textBaseline = "middle";
      b.fillText("whole run", 6, 8);
      var spans = data.spans, lastX = -1;
      for (var s = 0; s < spans.length; s++) {
        var x0 = ox(xOf(spans[s][0]));
        if (x0 - lastX < 1 && s + 1 < spans.length) continue;  // at most one band per pixel
        var x1 = s + 1 < spans.length ? ox(xOf(spans[s + 1][0])) : LABEL + width;
        b.fillStyle = s % 2 === 0 ? color("--state-a") : color("--state-b");
        b.fillRect(x0, 3, Math.max(1, x1 - x0), 10);
        lastX = x0;
      }
    }
    c.clearRect(0, 0, canvas.width, canvas.height);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.drawImage(overviewBands, 0, 0);
    c.setTransform(overview.width / Math.max(1, canvas.width), 0, 0, overview.width / Math.max(1, canvas.width), 0, 0);
    var visible = (timeline.clientWidth - LABEL) / zoom;
    c.strokeStyle = color("--text"); c.strokeRect(ox(viewStart / zoom), 1, Math.max(2, (visible / total) * width), 14);
    if (data.failing >= 0) vertical(c, ox(xOf(data.failing)), color("--fail"), 1.5, 16);
    vertical(c, ox(xOf(current)), color("--accent"), 2, 16);
  }
  timeline.addEventListener("click", function (event) {
    var box = timeline.getBoundingClientRect(), x = event.clientX - box.left;
    if (x < LABEL) return;
    go(offsetAt((x - LABEL + viewStart) / zoom));
  });
  overview.addEventListener("click", function (event) {
    var box = overview.getBoundingClientRect(), x = event.clientX - box.left - LABEL;
    if (x < 0) return;
    go(offsetAt((x / Math.max(1, box.width - LABEL)) * data.width));
  });

  /* ---------- Moving ---------- */
  function go(offset) {
    if (count === 0) return;
    offset = Math.max(0, Math.min(count - 1, Math.floor(offset)));
    current = offset;
    scrollListTo(offset);
    renderRows();
    highlight(offset);
    renderDetail(offset);
    drawTimeline();
    body.setAttribute("data-offset", offset);
    body.setAttribute("data-step", indices[offset]);
    var hash = "#step=" + indices[offset];
    if (location.hash !== hash) { try { history.replaceState(null, "", hash); } catch (error) { /* a file: URL may refuse */ } }
  }
  function offsetOfIndex(index) {
    if (!byIndex) {
      byIndex = new Map();
      for (var i = count - 1; i >= 0; i--) byIndex.set(indices[i], i);
    }
    return byIndex.has(index) ? byIndex.get(index) : null;
  }
  function fromHash() {
    var match = /^#step=(-?\d+)$/.exec(location.hash);
    return match ? offsetOfIndex(Number(match[1])) : null;
  }
  window.addEventListener("hashchange", function () { var offset = fromHash(); if (offset !== null && offset !== current) go(offset); });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1), handled = true;
    switch (event.key) {
      case "ArrowLeft": case "ArrowUp": case "k": go(current - 1); break;
      case "ArrowRight": case "ArrowDown": case "j": go(current + 1); break;
      case "PageUp": go(current - page); break;
      case "PageDown": go(current + page); break;
      case "Home": go(0); break;
      case "End": go(count - 1); break;
      case "f": case "F": if (data.failing >= 0) go(data.failing); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });
  window.addEventListener("resize", function () { renderRows(); if (current >= 0) drawTimeline(); });

  var opening = fromHash();
  if (opening === null) opening = data.failing >= 0 ? data.failing : 0;
  if (count > 0) go(opening); else detail.appendChild(el("p", "none", "This trace has no steps."));
  body.setAttribute("data-steps", count);
  body.setAttribute("data-load-ms", performance.now().toFixed(1));
  body.setAttribute("data-ready", "true");
})();
