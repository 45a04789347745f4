/* The step list: one row per step (number, time, kind, what it says), of which only the
   visible rows exist; a click moves the cursor there. */
class StepList {
  static get ROW() { return 22; }

  constructor(model, words, cursor) {
    this.model = model;
    this.words = words;
    this.cursor = cursor;
    this.time = model.column("time");
    this.list = document.getElementById("tv-list");
    this.pool = [];
    document.getElementById("tv-sizer").style.height = model.count * StepList.ROW + "px";
    this.list.addEventListener("scroll", () => this.render());
    this.list.addEventListener("click", (event) => {
      const row = event.target.closest ? event.target.closest(".row") : null;
      if (row) cursor.go(Number(row.getAttribute("data-offset")));
    });
    cursor.onMove((offset) => { this.scrollTo(offset); this.render(); });
  }

  /* How many rows a page (PageUp, PageDown) moves. */
  get pageRows() { return Math.max(1, Math.floor(this.list.clientHeight / StepList.ROW) - 1); }

  render() {
    const ROW = StepList.ROW, list = this.list, model = this.model, count = model.count, current = this.cursor.current;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
    const last = Math.min(count, Math.ceil((list.scrollTop + list.clientHeight) / ROW) + 5);
    while (this.pool.length < last - first) {
      const row = element("div", "row");
      row.setAttribute("role", "option");
      row.appendChild(element("span", "n"));
      row.appendChild(element("span", "t"));
      row.appendChild(element("span", "k"));
      row.appendChild(element("span", "s"));
      list.appendChild(row);
      this.pool.push(row);
    }
    for (let i = 0; i < this.pool.length; i++) {
      const node = this.pool[i], offset = first + i;
      if (offset >= last) { node.style.display = "none"; continue; }
      node.style.display = "";
      node.style.top = offset * ROW + "px";
      node.setAttribute("data-offset", offset);
      const k = model.kindAt(offset);
      node.className = "row" + (k.indexOf("effect") === 0 ? " effect" : "") + (offset === model.failing ? " failing" : "")
        + (offset === current ? " current" : "");
      node.setAttribute("aria-selected", offset === current ? "true" : "false");
      node.childNodes[0].textContent = model.number(offset);
      node.childNodes[1].textContent = model.text(this.time, offset);
      node.childNodes[2].textContent = this.words.label(offset);
      node.childNodes[3].textContent = this.words.summary(offset);
    }
    document.body.setAttribute("data-list-rows", this.pool.length);
  }

  scrollTo(offset) {
    const ROW = StepList.ROW, list = this.list, top = offset * ROW, height = list.clientHeight;
    if (top < list.scrollTop || top + ROW > list.scrollTop + height) list.scrollTop = Math.max(0, top - height / 2);
  }
}
