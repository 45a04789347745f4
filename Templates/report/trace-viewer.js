/* The trace viewer: builds the model from #tv-data and the panes around one cursor, and
   owns the page's controls (keys, the #step=N URL) and its report on itself (data-* of
   <body>, read by the browser tests and the live inspector). */
class Controls {
  constructor(model, cursor, list) {
    this.model = model;
    this.cursor = cursor;
    this.byIndex = null;
    const body = document.body;
    cursor.onMove((offset) => {
      body.setAttribute("data-offset", offset);
      body.setAttribute("data-step", model.indices[offset]);
      const hash = "#step=" + model.indices[offset];
      if (location.hash !== hash) { try { history.replaceState(null, "", hash); } catch (error) { /* a file: URL may refuse */ } }
    });
    window.addEventListener("hashchange", () => {
      const offset = this.fromHash();
      if (offset !== null && offset !== cursor.current) cursor.go(offset);
    });
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const current = cursor.current, page = list.pageRows;
      let handled = true;
      switch (event.key) {
        case "ArrowLeft": case "ArrowUp": case "k": cursor.go(current - 1); break;
        case "ArrowRight": case "ArrowDown": case "j": cursor.go(current + 1); break;
        case "PageUp": cursor.go(current - page); break;
        case "PageDown": cursor.go(current + page); break;
        case "Home": cursor.go(0); break;
        case "End": cursor.go(model.count - 1); break;
        case "f": case "F": if (model.failing >= 0) cursor.go(model.failing); break;
        default: handled = false;
      }
      if (handled) event.preventDefault();
    });
  }

  /* The position of the step a #step=N URL names, or null. */
  fromHash() {
    const match = /^#step=(-?\d+)$/.exec(location.hash);
    if (!match) return null;
    if (!this.byIndex) {
      this.byIndex = new Map();
      for (let i = this.model.count - 1; i >= 0; i--) this.byIndex.set(this.model.indices[i], i);
    }
    const index = Number(match[1]);
    return this.byIndex.has(index) ? this.byIndex.get(index) : null;
  }
}

/* Builds the page; data the script cannot read (a column missing) is said in the detail
   pane, and the error still reaches the page's error count. */
function start() {
  const body = document.body;
  const model = new TraceModel(JSON.parse(document.getElementById("tv-data").textContent));
  const cursor = new StepCursor(model.count), words = new StepWords(model);
  const list = new StepList(model, words, cursor);
  new StatesFigure(model, cursor);
  new StepDetail(model, words, cursor);
  const timeline = new Timeline(model, cursor);
  const controls = new Controls(model, cursor, list);
  window.addEventListener("resize", () => { list.render(); if (cursor.current >= 0) timeline.draw(); });
  body.setAttribute("data-columns", Array.from(model.columnsRead).sort().join(" "));
  let opening = controls.fromHash();
  if (opening === null) opening = model.failing >= 0 ? model.failing : 0;
  if (model.count > 0) cursor.go(opening);
  else document.getElementById("tv-detail-body").textContent = "This trace has no steps.";
  body.setAttribute("data-steps", model.count);
  body.setAttribute("data-load-ms", performance.now().toFixed(1));
  body.setAttribute("data-ready", "true");
}
try {
  start();
} catch (error) {
  document.getElementById("tv-detail-body").textContent = "This page cannot show the trace: " + error.message;
  throw error;
}
