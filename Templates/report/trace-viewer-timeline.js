/* The trace viewer's timeline: a canvas drawn around the cursor (states, events sent from
   outside, each feedback's effects, the failing step) and an overview of the whole run.
   Called by trace-viewer.js with what it shares (`v`). */
var TraceViewerTimeline = function (v) {
  "use strict";
  var data = v.data, steps = v.steps, S = v.S, F = v.F, count = v.count, xs = v.xs, field = v.field;
  var text = v.text, kind = v.kind, number = v.number, barsOverlapping = v.barsOverlapping, go = v.go;
  var timeline = document.getElementById("tv-timeline"), overview = document.getElementById("tv-overview");
  var palette = {};
  function color(name) {
    if (!(name in palette)) palette[name] = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
    return palette[name];
  }
  if (window.matchMedia) {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
      palette = {}; overviewBands = null; if (v.current() >= 0) drawTimeline();
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
    var cursor = xOf(v.current()) * zoom;
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
    // An instant holding several steps is one mark, a bracket over the steps spread out
    // along it (no time passes along it): an effect started at its third step starts at it.
    c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(LABEL, AXIS - 4); c.lineTo(LABEL + width, AXIS - 4); c.stroke();
    var lastLabelEnd = -Infinity, instants = [];
    for (var i = lo; i <= hi; i++) {
      var isTick = data.untimed ? i % 5 === 0 : i === 0 || steps[i][F.time] !== steps[i - 1][F.time];
      if (!isTick) continue;
      var tx = sx(xOf(i)), label = data.untimed ? number(i) : S[steps[i][F.time]];
      c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(tx, AXIS - 8); c.lineTo(tx, AXIS - 4); c.stroke();
      if (!data.untimed) {
        var last = i;
        while (last + 1 < count && steps[last + 1][F.time] === steps[i][F.time]) last++;
        if (last > i) {
          var ex1 = sx(xOf(last));
          c.strokeStyle = color("--muted"); c.lineWidth = 1.5;
          c.beginPath(); c.moveTo(tx, AXIS - 8); c.lineTo(tx, AXIS - 6); c.lineTo(ex1, AXIS - 6); c.lineTo(ex1, AXIS - 8); c.stroke();
          c.lineWidth = 1;
          instants.push(Math.round(tx) + "-" + Math.round(ex1));
        }
      }
      if (tx > lastLabelEnd + 6) { c.fillStyle = color("--muted"); c.fillText(label, tx + 2, 8); lastLabelEnd = tx + 2 + c.measureText(label).width; }
    }
    timeline.setAttribute("data-instants", instants.join(" "));
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
    // Effects: a bar for one that lasted, a thin mark for one that began and ended at one instant.
    var drawn = barsOverlapping(lo, hi), effects = [];
    for (var b = 0; b < drawn.length; b++) {
      var bar = drawn[b], bStart = xOf(bar[0]), bEnd = bar[1] < 0 ? data.width : xOf(bar[1]);
      var top = laneTop[bar[2]] + bar[3] * LANE + LANE / 2, bx0 = sx(bStart), bx1 = Math.max(bx0 + 3, sx(bEnd));
      var instant = !data.untimed && bar[1] >= 0 && steps[bar[0]][F.time] === steps[bar[1]][F.time];
      c.strokeStyle = color("--effect"); c.lineWidth = instant ? 1.5 : 4; c.lineCap = instant ? "butt" : "round";
      c.beginPath(); c.moveTo(bx0, top); c.lineTo(bx1, top); c.stroke();
      if (instant) { c.beginPath(); c.moveTo(bx0, top - 4); c.lineTo(bx0, top + 4); c.stroke(); }
      c.lineCap = "butt";
      effects.push(Math.round(bx0) + "-" + Math.round(bx1) + "@" + Math.round(top) + (instant ? ":instant" : ":bar"));
      c.lineWidth = 1.5;
      if (bar[4] === 0) { c.fillStyle = color("--effect"); c.beginPath(); c.arc(bx1, top, 4, 0, 7); c.fill(); }
      else if (bar[4] === 1) { c.strokeStyle = color("--fail"); c.beginPath(); c.moveTo(bx1 - 4, top - 4); c.lineTo(bx1 + 4, top + 4); c.moveTo(bx1 + 4, top - 4); c.lineTo(bx1 - 4, top + 4); c.stroke(); }
      else { c.fillStyle = color("--muted"); c.fillText("…", bx1 + 3, top); }
      c.lineWidth = 1;
    }
    timeline.setAttribute("data-effects", effects.join(" "));
    for (var m = lo; m <= hi; m++) {
      if (kind(steps[m]) !== "effectEmitted" || field(steps[m], "bar") < 0) continue;
      var owner = data.bars[field(steps[m], "bar")], my = laneTop[owner[2]] + owner[3] * LANE + LANE / 2, mx = sx(xOf(m));
      c.fillStyle = color("--accent");
      c.beginPath(); c.moveTo(mx, my - 5); c.lineTo(mx + 5, my); c.lineTo(mx, my + 5); c.lineTo(mx - 5, my); c.fill();
    }
    // The failing step and the cursor.
    if (data.failing >= 0) { vertical(c, sx(xOf(data.failing)), color("--fail"), 1.5, canvas.height); }
    vertical(c, sx(xOf(v.current())), color("--accent"), 2.5, canvas.height);
    c.restore();
    timeline.setAttribute("data-cursor-x", Math.round(sx(xOf(v.current()))));
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
    vertical(c, ox(xOf(v.current())), color("--accent"), 2, 16);
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
  return { draw: drawTimeline };
};
