/* The states figure: the state the run is in, the state it left and the edge it took are
   highlighted (the figure's own ids: `state_<n>`, `edge_…`); Fit scales it to the pane. */
class StatesFigure {
  constructor(model, cursor) {
    this.model = model;
    this.node = model.column("node");
    this.fromNode = model.column("fromNode");
    this.edge = model.column("edge");
    this.svg = document.getElementById("tv-svg");
    this.highlighted = [];
    const box = document.getElementById("tv-figure");
    document.getElementById("tv-fit").addEventListener("click", (event) => {
      const on = box.classList.toggle("fit");
      event.target.setAttribute("aria-pressed", on ? "true" : "false");
    });
    cursor.onMove((offset) => this.highlight(offset));
  }

  highlight(offset) {
    for (const [node, className] of this.highlighted) node.classList.remove(className);
    this.highlighted = [];
    const model = this.model, failing = offset === model.failing;
    const mark = (id, className) => {
      const node = id && this.svg ? document.getElementById(id) : null;
      if (!node || !this.svg.contains(node)) return null;
      node.classList.add(className);
      this.highlighted.push([node, className]);
      if (failing) { node.classList.add("tv-failing"); this.highlighted.push([node, "tv-failing"]); }
      return id;
    };
    const node = model.position(this.node, offset), fromNode = model.position(this.fromNode, offset);
    const stateId = node >= 0 ? mark("state_" + node, "tv-current") : null;
    if (fromNode >= 0 && fromNode !== node && model.kindAt(offset) !== "ignoredEvent") mark("state_" + fromNode, "tv-before");
    const edgeId = mark(model.text(this.edge, offset), "tv-taken");
    document.body.setAttribute("data-state-node", stateId || "");
    document.body.setAttribute("data-edge", edgeId || "");
  }
}
