/* The trace viewer: one recorded run, step by step. Reads the steps from #tv-data (see
   TraceViewerData.swift for the row layout), highlights the figure, renders only the visible
   rows of the step list, and moves between steps; the detail pane and the timeline are
   trace-viewer-detail.js and trace-viewer-timeline.js. Every name is put into the page as
   text (textContent), never as markup. No network, no library. */
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
  var svg = document.getElementById("tv-svg");
  var figureBox = document.getElementById("tv-figure");
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
    // An explorer's trace has no effect ids (time and effects are abstract there).
    var id = effectOf(row);
    var who = (feedback || "an unnamed feedback") + (id === "?" ? "'s effect" : " effect #" + id);
    var from = text(row, "from"), to = text(row, "to");
    switch (k) {
      case "initial": return to || text(row, "after") || "?";
      case "event": return event + (feedback ? " from " + feedback : "") + ": " + (from || "?") + " → " + (to || "?");
      case "undeclaredTransition": return event + ": " + (from || "?") + " → " + (to || "?");
      case "ignoredEvent": return event + (from ? " in " + from : "");
      case "effectEmitted": return who + ": " + event;
      case "effectFinished": return id === "?" && event === "an event" ? who + " ends without an event" : who;
      case "effectStarted": case "effectCancelled": return who;
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

  /* ---------- The effects running: found by binary search ---------- */
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

  /* The detail pane and the timeline (trace-viewer-detail.js, trace-viewer-timeline.js). */
  var view = {
    data: data, steps: steps, S: S, F: F, count: count, xs: xs, field: field, text: text, kind: kind,
    number: number, summary: summary, kindLabels: kindLabels, el: el, effectOf: effectOf, effectsAt: effectsAt,
    barsOverlapping: barsOverlapping, go: go, current: function () { return current; }
  };
  var detailPane = TraceViewerDetail(view), timelinePane = TraceViewerTimeline(view);

  /* ---------- Moving ---------- */
  function go(offset) {
    if (count === 0) return;
    offset = Math.max(0, Math.min(count - 1, Math.floor(offset)));
    current = offset;
    scrollListTo(offset);
    renderRows();
    highlight(offset);
    detailPane.render(offset);
    timelinePane.draw();
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
  window.addEventListener("resize", function () { renderRows(); if (current >= 0) timelinePane.draw(); });

  var opening = fromHash();
  if (opening === null) opening = data.failing >= 0 ? data.failing : 0;
  if (count > 0) go(opening); else document.getElementById("tv-detail-body").textContent = "This trace has no steps.";
  body.setAttribute("data-steps", count);
  body.setAttribute("data-load-ms", performance.now().toFixed(1));
  body.setAttribute("data-ready", "true");
})();
