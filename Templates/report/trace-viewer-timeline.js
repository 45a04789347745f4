/* The timeline: a canvas drawn around the cursor (states, events sent from outside, each
   feedback's effects, the failing step) and an overview of the whole run; a click on
   either moves the cursor there. */
class Timeline {
  constructor(model, cursor) {
    this.model = model;
    this.cursor = cursor;
    this.time = model.column("time");
    this.feedback = model.column("feedback");
    this.event = model.column("event");
    this.bar = model.column("bar");
    this.bars = { start: model.column("start", "bars"), end: model.column("end", "bars"),
      lane: model.column("lane", "bars"), row: model.column("row", "bars"), ending: model.column("ending", "bars") };
    this.laneName = model.column("name", "lanes");
    this.spanOffset = model.column("offset", "spans");
    this.spanName = model.column("name", "spans");
    this.breakX = model.column("x", "breaks");
    this.breakLabel = model.column("label", "breaks");
    this.canvas = document.getElementById("tv-timeline");
    this.overview = document.getElementById("tv-overview");
    this.palette = {};
    this.overviewBands = null;
    this.viewStart = 0;
    this.zoom = 1;
    this.laneTop = [];
    let y = Timeline.AXIS + 2 * Timeline.LANE;
    for (const rows of model.column("rows", "lanes")) { this.laneTop.push(y); y += Math.max(1, rows) * Timeline.LANE; }
    this.height = y + 6;
    if (window.matchMedia) {
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
        this.palette = {}; this.overviewBands = null; if (cursor.current >= 0) this.draw();
      });
    }
    this.canvas.addEventListener("click", (event) => {
      const box = this.canvas.getBoundingClientRect(), x = event.clientX - box.left;
      if (x < Timeline.LABEL) return;
      cursor.go(this.offsetAt((x - Timeline.LABEL + this.viewStart) / this.zoom));
    });
    this.overview.addEventListener("click", (event) => {
      const box = this.overview.getBoundingClientRect(), x = event.clientX - box.left - Timeline.LABEL;
      if (x < 0) return;
      cursor.go(this.offsetAt((x / Math.max(1, box.width - Timeline.LABEL)) * model.data.width));
    });
    cursor.onMove(() => this.draw());
  }

  static get LABEL() { return 96; }
  static get LANE() { return 20; }
  static get AXIS() { return 22; }

  color(name) {
    if (!(name in this.palette)) {
      this.palette[name] = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
    }
    return this.palette[name];
  }
  xOf(offset) { return this.model.xs[offset] || 0; }
  /* The step nearest to timeline position x (the first of an instant's steps before it). */
  offsetAt(x) {
    let lo = 0, hi = this.model.count - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (this.xOf(mid) < x) lo = mid + 1; else hi = mid; }
    if (lo > 0 && Math.abs(this.xOf(lo - 1) - x) <= Math.abs(this.xOf(lo) - x)) lo -= 1;
    while (lo > 0 && this.xOf(lo - 1) === this.xOf(lo) && x < this.xOf(lo)) lo -= 1;
    return lo;
  }
  static setUp(canvas, height) {
    const ratio = window.devicePixelRatio || 1, width = canvas.clientWidth || 600;
    const pixelsWide = Math.round(width * ratio), pixelsHigh = Math.round(height * ratio);
    if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {  // resizing clears and reallocates
      canvas.style.height = height + "px";
      canvas.width = pixelsWide;
      canvas.height = pixelsHigh;
    }
    const context = canvas.getContext("2d");
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { context: context, width: width, height: height };
  }
  static fitLabel(context, label, room) {
    if (room < 14) return "";
    if (context.measureText(label).width <= room) return label;
    let cut = label;
    while (cut.length > 1 && context.measureText(cut + "…").width > room) cut = cut.slice(0, Math.max(1, Math.floor(cut.length * 0.7)));
    return cut + "…";
  }
  static vertical(c, x, stroke, lineWidth, height) {
    c.strokeStyle = stroke; c.lineWidth = lineWidth;
    c.beginPath(); c.moveTo(x, 0); c.lineTo(x, height); c.stroke();
    c.lineWidth = 1;
  }

  draw() {
    const { LABEL, LANE, AXIS } = Timeline, model = this.model, data = model.data, count = model.count;
    const timeline = this.canvas, time = this.time, bars = this.bars, laneTop = this.laneTop, current = this.cursor.current;
    const color = (name) => this.color(name), xOf = (offset) => this.xOf(offset), fitLabel = Timeline.fitLabel;
    const canvas = Timeline.setUp(timeline, this.height), c = canvas.context, width = canvas.width - LABEL;
    const zoom = this.zoom = data.width > 0 && data.width < width ? Math.min(3, width / data.width) : 1;
    const cursor = xOf(current) * zoom;
    if (cursor < this.viewStart + 40 || cursor > this.viewStart + width - 40) this.viewStart = Math.max(0, cursor - width / 2);
    const viewStart = this.viewStart;
    const sx = (x) => LABEL + x * zoom - viewStart;
    const lo = this.offsetAt(viewStart / zoom - 50), hi = Math.min(count - 1, this.offsetAt((viewStart + width) / zoom + 50) + 1);
    c.clearRect(0, 0, canvas.width, canvas.height);
    c.font = "11px system-ui, sans-serif";
    c.textBaseline = "middle";
    // Lane labels.
    c.fillStyle = color("--muted");
    c.fillText("state", 6, AXIS + LANE / 2);
    c.fillText("events", 6, AXIS + LANE * 1.5);
    this.laneName.forEach((name, index) => { c.fillText(fitLabel(c, model.string(name), LABEL - 10), 6, laneTop[index] + LANE / 2); });
    c.save();
    c.beginPath(); c.rect(LABEL, 0, width, canvas.height); c.clip();
    // Axis: an instant's tick where the time changes (every 5th step for an untimed trace).
    // An instant holding several steps is one mark, a bracket over the steps spread out
    // along it (no time passes along it): an effect started at its third step starts at it.
    c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(LABEL, AXIS - 4); c.lineTo(LABEL + width, AXIS - 4); c.stroke();
    // Breaks (time left out) first: an instant's label never covers a break's.
    const breakLabels = [];
    this.breakX.forEach((x, index) => {
      const bx = sx(x / 100);
      if (bx < LABEL - 40 || bx > LABEL + width + 40) return;
      const text = "+" + model.string(this.breakLabel[index]);
      c.strokeStyle = color("--muted"); c.beginPath(); c.moveTo(bx - 4, AXIS); c.lineTo(bx, AXIS - 8); c.lineTo(bx + 4, AXIS); c.stroke();
      c.fillStyle = color("--muted"); c.fillText(text, bx + 6, AXIS - 12);
      breakLabels.push([bx + 6, bx + 6 + c.measureText(text).width]);
    });
    const coversBreak = (from, to) => breakLabels.some(([a, b]) => from < b + 6 && to + 6 > a);
    let lastLabelEnd = -Infinity;
    const instants = [];
    for (let i = lo; i <= hi; i++) {
      const isTick = data.untimed ? i % 5 === 0 : i === 0 || time[i] !== time[i - 1];
      if (!isTick) continue;
      const tx = sx(xOf(i)), label = data.untimed ? model.number(i) : model.text(time, i);
      c.strokeStyle = color("--border"); c.beginPath(); c.moveTo(tx, AXIS - 8); c.lineTo(tx, AXIS - 4); c.stroke();
      if (!data.untimed) {
        let last = i;
        while (last + 1 < count && time[last + 1] === time[i]) last++;
        if (last > i) {
          const ex1 = sx(xOf(last));
          c.strokeStyle = color("--muted"); c.lineWidth = 1.5;
          c.beginPath(); c.moveTo(tx, AXIS - 8); c.lineTo(tx, AXIS - 6); c.lineTo(ex1, AXIS - 6); c.lineTo(ex1, AXIS - 8); c.stroke();
          c.lineWidth = 1;
          instants.push(Math.round(tx) + "-" + Math.round(ex1));
        }
      }
      const labelEnd = tx + 2 + c.measureText(label).width;
      if (tx > lastLabelEnd + 6 && !coversBreak(tx + 2, labelEnd)) {
        c.fillStyle = color("--muted"); c.fillText(label, tx + 2, 8); lastLabelEnd = labelEnd;
      }
    }
    timeline.setAttribute("data-instants", instants.join(" "));
    // States: spans from the step that entered each state to the step that left it.
    const spans = this.spanOffset;
    let first = 0, past = spans.length;
    while (first < past) { const middle = (first + past) >> 1; if (spans[middle] <= lo) first = middle + 1; else past = middle; }
    for (let s = Math.max(0, first - 1); s < spans.length && spans[s] <= hi; s++) {
      const start = xOf(spans[s]), end = s + 1 < spans.length ? xOf(spans[s + 1]) : data.width;
      if (end * zoom < viewStart - 10 || start * zoom > viewStart + width + 10) continue;
      const x0 = sx(start), x1 = Math.max(x0 + 2, sx(end));
      c.fillStyle = s % 2 === 0 ? color("--state-a") : color("--state-b");
      c.fillRect(x0, AXIS + 2, x1 - x0 - 1, LANE - 4);
      c.fillStyle = color("--text");
      c.fillText(fitLabel(c, model.string(this.spanName[s]), x1 - x0 - 6), Math.max(x0, LABEL) + 3, AXIS + LANE / 2);
    }
    // External events, each label cut to the room before the next one.
    const marks = [];
    for (let e = lo; e <= hi; e++) {
      const k = model.kindAt(e);
      if ((k === "event" || k === "ignoredEvent" || k === "undeclaredTransition") && model.position(this.feedback, e) < 0) marks.push(e);
    }
    marks.forEach((offset, index) => {
      const ex = sx(xOf(offset));
      const room = index + 1 < marks.length ? sx(xOf(marks[index + 1])) - ex - 10 : 120;
      c.fillStyle = model.kindAt(offset) === "ignoredEvent" ? color("--muted") : color("--accent");
      c.beginPath(); c.moveTo(ex, AXIS + LANE + 4); c.lineTo(ex + 5, AXIS + LANE * 1.5); c.lineTo(ex, AXIS + LANE * 2 - 4); c.fill();
      c.fillStyle = color("--text");
      c.fillText(fitLabel(c, model.text(this.event, offset) || "", Math.min(120, room)), ex + 7, AXIS + LANE * 1.5);
    });
    // Effects: a bar for one that lasted, a thin mark for one that began and ended at one instant.
    const effects = [];
    for (const b of model.barsOverlapping(lo, hi)) {
      const barStart = bars.start[b], barEnd = bars.end[b];
      const bStart = xOf(barStart), bEnd = barEnd < 0 ? data.width : xOf(barEnd);
      const top = laneTop[bars.lane[b]] + bars.row[b] * LANE + LANE / 2, bx0 = sx(bStart), bx1 = Math.max(bx0 + 3, sx(bEnd));
      const instant = !data.untimed && barEnd >= 0 && time[barStart] === time[barEnd];
      c.strokeStyle = color("--effect"); c.lineWidth = instant ? 1.5 : 4; c.lineCap = instant ? "butt" : "round";
      c.beginPath(); c.moveTo(bx0, top); c.lineTo(bx1, top); c.stroke();
      if (instant) { c.beginPath(); c.moveTo(bx0, top - 4); c.lineTo(bx0, top + 4); c.stroke(); }
      c.lineCap = "butt";
      effects.push(Math.round(bx0) + "-" + Math.round(bx1) + "@" + Math.round(top) + (instant ? ":instant" : ":bar"));
      c.lineWidth = 1.5;
      const ending = bars.ending[b];
      if (ending === 0) { c.fillStyle = color("--effect"); c.beginPath(); c.arc(bx1, top, 4, 0, 7); c.fill(); }
      else if (ending === 1) { c.strokeStyle = color("--fail"); c.beginPath(); c.moveTo(bx1 - 4, top - 4); c.lineTo(bx1 + 4, top + 4); c.moveTo(bx1 + 4, top - 4); c.lineTo(bx1 - 4, top + 4); c.stroke(); }
      else { c.fillStyle = color("--muted"); c.fillText("…", bx1 + 3, top); }
      c.lineWidth = 1;
    }
    timeline.setAttribute("data-effects", effects.join(" "));
    for (let m = lo; m <= hi; m++) {
      const owner = model.position(this.bar, m);
      if (model.kindAt(m) !== "effectEmitted" || owner < 0) continue;
      const my = laneTop[bars.lane[owner]] + bars.row[owner] * LANE + LANE / 2, mx = sx(xOf(m));
      c.fillStyle = color("--accent");
      c.beginPath(); c.moveTo(mx, my - 5); c.lineTo(mx + 5, my); c.lineTo(mx, my + 5); c.lineTo(mx - 5, my); c.fill();
    }
    // The failing step and the cursor.
    if (model.failing >= 0) { Timeline.vertical(c, sx(xOf(model.failing)), color("--fail"), 1.5, canvas.height); }
    Timeline.vertical(c, sx(xOf(current)), color("--accent"), 2.5, canvas.height);
    c.restore();
    timeline.setAttribute("data-cursor-x", Math.round(sx(xOf(current))));
    this.drawOverview();
  }

  /* The overview: the whole run's states as bands, drawn once into an offscreen canvas;
     each move only copies it and draws the window and the cursor. */
  drawOverview() {
    const LABEL = Timeline.LABEL, model = this.model, overview = this.overview, color = (name) => this.color(name);
    const canvas = Timeline.setUp(overview, 16), c = canvas.context, width = canvas.width - LABEL, total = model.data.width || 1;
    const ox = (x) => LABEL + (x / total) * width;
    if (!this.overviewBands || this.overviewBands.width !== overview.width) {
      const bands = this.overviewBands = document.createElement("canvas");
      bands.width = overview.width;
      bands.height = overview.height;
      const b = bands.getContext("2d"), ratio = overview.width / Math.max(1, canvas.width);
      b.setTransform(ratio, 0, 0, ratio, 0, 0);
      b.fillStyle = color("--muted"); b.font = "10px system-ui, sans-serif"; b.textBaseline = "middle";
      b.fillText("whole run", 6, 8);
      const spans = this.spanOffset;
      let lastX = -1;
      for (let s = 0; s < spans.length; s++) {
        const x0 = ox(this.xOf(spans[s]));
        if (x0 - lastX < 1 && s + 1 < spans.length) continue;  // at most one band per pixel
        const x1 = s + 1 < spans.length ? ox(this.xOf(spans[s + 1])) : LABEL + width;
        b.fillStyle = s % 2 === 0 ? color("--state-a") : color("--state-b");
        b.fillRect(x0, 3, Math.max(1, x1 - x0), 10);
        lastX = x0;
      }
    }
    c.clearRect(0, 0, canvas.width, canvas.height);
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.drawImage(this.overviewBands, 0, 0);
    c.setTransform(overview.width / Math.max(1, canvas.width), 0, 0, overview.width / Math.max(1, canvas.width), 0, 0);
    const visible = (this.canvas.clientWidth - LABEL) / this.zoom;
    c.strokeStyle = color("--text"); c.strokeRect(ox(this.viewStart / this.zoom), 1, Math.max(2, (visible / total) * width), 14);
    if (model.failing >= 0) Timeline.vertical(c, ox(this.xOf(model.failing)), color("--fail"), 1.5, 16);
    Timeline.vertical(c, ox(this.xOf(this.cursor.current)), color("--accent"), 2, 16);
  }
}
