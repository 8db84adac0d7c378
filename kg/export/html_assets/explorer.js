/* kg explorer: every string from the graph reaches the DOM through textContent only, and every
   view's data through kgViews.load (views.js). */
(function () {
  "use strict";
  const TYPE_STYLE = {
    Paper: ["#6e7781", "square"], Method: ["#0072b2", "dot"], Task: ["#e69f00", "diamond"],
    Dataset: ["#009e73", "triangle"], Metric: ["#cc79a7", "triangleDown"],
    Material: ["#b8860b", "star"], Concept: ["#56b4e9", "hexagon"],
  };
  const REL_STYLE = { // colour, width, dashes, arrow
    mentions: ["#c9ced6", 0.6, false, true], proposes: ["#3d444d", 2, false, true],
    about: ["#c9ced6", 0.6, [2, 3], true],
    uses: ["#0072b2", 1.5, false, true], addresses: ["#e69f00", 1.5, false, true],
    evaluatedOn: ["#009e73", 1.5, false, true], measuredBy: ["#cc79a7", 1.5, false, true],
    improvesOn: ["#d55e00", 2, false, true], comparedWith: ["#8c959f", 1.5, [6, 4], false],
    isA: ["#1f2328", 1.5, [2, 3], true], partOf: ["#8b5a2b", 1.5, [2, 3], true],
    featureOf: ["#6f42c1", 1.2, [2, 3], true], conjoinedWith: ["#adb5bd", 1.2, [4, 4], false],
  };
  // clusters by decreasing size; past the palette they share one grey
  const CLUSTER_COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
    "#e377c2", "#17becf", "#bcbd22", "#393b79", "#ad494a", "#637939", "#7b4173", "#e7969c"];
  const OTHER = "#a5abb3", NO_DATA = "#d0d4d9";
  const VIRIDIS = ["#440154", "#3b528b", "#21918c", "#5ec962", "#b5de2b"]; // older -> newer
  const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
  const TOP_LABELS = 8; // on the map, the biggest entities are labelled before the areas are named
  const AREA_FONT = 15;
  const AREA_MIN_NODES = 4, AREA_MAX_SPREAD = 0.33; // areas named on the map: compact ones with a few entities in view
  const MAP_FONT = [11, 9]; // a map entity's label, in screen pixels when the map fits: a + b * sqrt(papers / most)

  const $ = (id) => document.getElementById(id);
  const views = window.kgViews, CFG = views.config;
  const HOME = CFG.view; // "map" or "all"
  const LIMITS = [...new Set([25, 50, 100, 200, 400, CFG.focusMax])].sort((a, b) => a - b);
  let info = { clusters: [], years: null, emerging: [] }; // from the first map/all answer
  const state = { view: null, shown: null, resp: null, colorBy: null, types: null };
  const tstyle = (t) => TYPE_STYLE[t] || ["#999999", "dot"];
  const rstyle = (r) => REL_STYLE[r] || ["#aaaaaa", 1, false, true];
  const typeOf = (resp, k) => resp.types[resp.nodes[k].t];

  // ---- colours -------------------------------------------------------------------------------
  function clusterColor(c) {
    return c === undefined || c === null || c < 0 ? NO_DATA : c < CLUSTER_COLORS.length ? CLUSTER_COLORS[c] : OTHER;
  }
  function mix(a, b, t) {
    const pa = [1, 3, 5].map((k) => parseInt(a.slice(k, k + 2), 16));
    const pb = [1, 3, 5].map((k) => parseInt(b.slice(k, k + 2), 16));
    return "#" + pa.map((v, k) => Math.round(v + (pb[k] - v) * t).toString(16).padStart(2, "0")).join("");
  }
  function yearColor(y, range) { // range: [oldest, newest] of the scale
    if (!range || y === undefined || y === null) return NO_DATA;
    const span = range[1] - range[0];
    const t = Math.max(0, Math.min(1, span ? (y - range[0]) / span : 1)) * (VIRIDIS.length - 1);
    const k = Math.min(VIRIDIS.length - 2, Math.floor(t));
    return mix(VIRIDIS[k], VIRIDIS[k + 1], t - k);
  }
  function nodeColor(n, type) {
    if (type === "Paper") return tstyle(type)[0];
    if (state.colorBy === "cluster") return clusterColor(n.cluster);
    if (state.colorBy === "year") return yearColor(n.mean_year, state.years);
    return tstyle(type)[0];
  }

  // ---- vis -----------------------------------------------------------------------------------
  const nodes = new vis.DataSet(), edges = new vis.DataSet();
  const network = new vis.Network($("kg-network"), { nodes: nodes, edges: edges }, {
    layout: { improvedLayout: false, randomSeed: 1 },
    physics: { enabled: false, solver: "barnesHut",
               barnesHut: { gravitationalConstant: -4000, springLength: 130, avoidOverlap: 0.3 },
               stabilization: { enabled: false } },
    interaction: { hover: true, tooltipDelay: 150, multiselect: false },
    nodes: { borderWidth: 1, scaling: { label: { drawThreshold: 1 } } },
    edges: { selectionWidth: 1.5 },
  });
  const shortLabel = (s, max) => (s.length > max ? s.slice(0, max - 2) + "…" : s);

  function visNode(resp, k, extra) {
    const n = resp.nodes[k], type = typeOf(resp, k), color = nodeColor(n, type);
    const paper = type === "Paper";
    const label = shortLabel(paper ? n.ti || n.l : n.l, paper ? 36 : 42);
    return Object.assign({
      id: n.i, label: label, full: label, rank: paper ? 0 : n.n || 1,
      shape: tstyle(type)[1], size: paper ? 7 : Math.min(26, 7 + 2.5 * Math.sqrt(n.n || 1)),
      color: { background: color, border: mix(color, "#000000", 0.35),
               highlight: { background: color, border: "#1f2328" }, hover: { background: color, border: "#1f2328" } },
      font: { color: "#1f2328", size: paper ? 11 : 14, strokeWidth: 3, strokeColor: "#ffffff" },
    }, extra || {});
  }
  function visEdge(resp, j, bend, faint) {
    const e = resp.edges[j], [color, width, dashes, arrow] = rstyle(resp.rels[e[2]]);
    return {
      id: j, from: resp.nodes[e[0]].i, to: resp.nodes[e[1]].i, rel: resp.rels[e[2]], dashes: faint ? false : dashes,
      width: faint ? 0.5 + Math.min(2, Math.log2(e[3] || 1) / 2) : width + Math.min(3, Math.log2(e[3] || 1)),
      color: { color: faint ? "rgba(110,119,129,0.22)" : color, highlight: color, hover: color, inherit: false },
      arrows: { to: { enabled: arrow && !faint, scaleFactor: 0.5 } },
      smooth: bend ? { enabled: true, type: bend % 2 ? "curvedCW" : "curvedCCW",
                       roundness: 0.15 * Math.ceil(bend / 2) } : { enabled: false },
    };
  }
  function bends(resp) { // parallel edges between two nodes get distinct curves
    const seen = new Map();
    return resp.edges.map((e) => {
      const key = Math.min(e[0], e[1]) + "," + Math.max(e[0], e[1]), k = seen.get(key) || 0;
      seen.set(key, k + 1);
      return k;
    });
  }
  const typeShown = (resp, k) => (typeOf(resp, k) === "Paper" ? state.view.papers : state.types.has(typeOf(resp, k)));
  function fill(visNodes, visEdges) {
    nodes.clear(); edges.clear();
    nodes.add(visNodes); edges.add(visEdges);
  }

  // ---- the map -------------------------------------------------------------------------------
  let mapLabels = []; // [label, colour, x, y] of the clusters on the map, biggest first
  function drawMap(resp) {
    const ents = [], papers = [];
    resp.nodes.forEach((n, k) => { if (typeShown(resp, k)) (typeOf(resp, k) === "Paper" ? papers : ents).push(k); });
    const most = ents.reduce((m, k) => Math.max(m, resp.nodes[k].n || 1), 1);
    const weight = (k) => Math.sqrt((resp.nodes[k].n || 1) / most);
    const vn = ents.map((k) => {
      const w = weight(k);
      return visNode(resp, k, { x: resp.nodes[k].x, y: resp.nodes[k].y, shape: "dot", size: CFG.mapNodeSize[0] + CFG.mapNodeSize[1] * w,
        weight: w, font: { color: "#1f2328", size: 14, strokeWidth: 3, strokeColor: "#ffffff" } });
    });
    const near = new Map(); // paper -> positions of the entities it mentions
    resp.edges.forEach((e) => {
      const [p, x] = typeOf(resp, e[0]) === "Paper" ? [e[0], e[1]] : [e[1], e[0]];
      if (typeOf(resp, p) !== "Paper" || resp.nodes[x].x === undefined) return;
      if (!near.has(p)) near.set(p, []);
      near.get(p).push(resp.nodes[x]);
    });
    papers.forEach((k) => {
      const at = near.get(k);
      if (!at) return;
      const h = hash(resp.nodes[k].i), a = (h % 360) * Math.PI / 180, r = 25 + (h % 50);
      vn.push(visNode(resp, k, { x: at.reduce((s, n) => s + n.x, 0) / at.length + r * Math.cos(a),
        y: at.reduce((s, n) => s + n.y, 0) / at.length + r * Math.sin(a), size: 4, label: "" })); // titles when zoomed in
    });
    const drawn = new Set(ents);
    const ve = [];
    resp.edges.forEach((e, j) => { if (drawn.has(e[0]) && drawn.has(e[1]) && e[0] !== e[1]) ve.push(visEdge(resp, j, 0, true)); });
    network.setOptions({ physics: { enabled: false }, interaction: { hideEdgesOnDrag: true } });
    fill(vn, ve);
    mapLabels = clusterLabels(resp, ents, weight);
    network.fit({ animation: false });
    const fit = network.getScale(); // labels readable at this zoom; zooming in makes room for more
    nodes.update(vn.filter((v) => v.shape === "dot").map((v) => ({ id: v.id,
      font: Object.assign({}, v.font, { size: Math.round((MAP_FONT[0] + MAP_FONT[1] * v.weight) / fit), strokeWidth: 3 / fit }) })));
  }
  function hash(s) { let h = 7; for (let k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) >>> 0; return h; }

  /* Labels that would overlap a bigger node's label (or an area's name) are hidden at this zoom;
     zooming in makes room for more. */
  const measure = document.createElement("canvas").getContext("2d");
  let areaBoxes = []; // [label, colour, screen box] of the area names drawn on the map
  function declutter() {
    const scale = network.getScale(), placed = [], updates = [];
    const order = nodes.get().filter((v) => v.full !== undefined).sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1));
    const label = (v) => { // its label if it fits where it goes, below the node
      const size = Math.min(30, v.font.size * scale);
      let show = size >= 8 || v.rank === Infinity;
      if (show) {
        const p = network.canvasToDOM(network.getPosition(v.id));
        measure.font = size + "px " + FONT;
        const w = measure.measureText(v.full).width + 4, box = [p.x - w / 2, p.y + v.size * scale + 2, w, size + 2];
        show = v.rank === Infinity || !placed.some((b) => overlap(b, box));
        if (show) placed.push(box);
      }
      const text = show ? v.full : "";
      if (v.label !== text) updates.push({ id: v.id, label: text });
    };
    const first = state.view && state.view.kind === "map" ? TOP_LABELS : 0;
    order.slice(0, first).forEach(label); // the biggest entities, then the areas' names, then the rest
    areaBoxes = [];
    if (state.view && state.view.kind === "map" && state.colorBy === "cluster") {
      measure.font = "700 " + AREA_FONT + "px " + FONT;
      const width = $("kg-network").clientWidth;
      mapLabels.forEach(([text, color, x, y]) => {
        const short = areaName(text), p = network.canvasToDOM({ x: x, y: y });
        const w = measure.measureText(short).width + 6, h = AREA_FONT + 4;
        let box = [Math.max(2, Math.min(width - w - 2, p.x - w / 2)), p.y - h / 2, w, h];
        for (let k = 0; k < 6 && placed.some((b) => overlap(b, box)); k++) box = [box[0], box[1] + (k % 2 ? -1 : 1) * (k + 1) * h, w, h];
        if (placed.some((b) => overlap(b, box))) return;
        placed.push(box);
        areaBoxes.push([short, color, box, text]);
      });
    }
    order.slice(first).forEach(label);
    if (updates.length) nodes.update(updates);
  }
  function areaName(label) { // on the map, a cluster's first two terms if short enough, else its first
    const terms = label.split(/\s*[,·]\s*/).filter(Boolean);
    const two = terms.slice(0, 2).join(", ");
    return shortLabel(two.length <= 30 ? two : terms[0] || label, 32);
  }
  let declutterTimer = null;
  network.on("zoom", () => { clearTimeout(declutterTimer); declutterTimer = setTimeout(declutter, 120); });
  network.on("dragEnd", (ev) => { if (ev.nodes.length) declutter(); });
  function clusterLabels(resp, ents, weight) { // at the centroid of compact clusters only
    if (!info.clusters.length || !ents.length) return [];
    const sums = new Map(), all = [0, 0, 0];
    ents.forEach((k) => {
      const n = resp.nodes[k], c = n.cluster, w = weight(k);
      all[0] += w * n.x; all[1] += w * n.y; all[2] += w;
      if (c === undefined || c === null) return;
      const s = sums.get(c) || { x: 0, y: 0, w: 0, count: 0, members: [] };
      s.x += w * n.x; s.y += w * n.y; s.w += w; s.count += 1; s.members.push([n.x, n.y, w]);
      sums.set(c, s);
    });
    const cx = all[0] / all[2], cy = all[1] / all[2];
    const radius = Math.max(1, ...ents.map((k) => Math.hypot(resp.nodes[k].x - cx, resp.nodes[k].y - cy)));
    const out = [];
    info.clusters.forEach((c) => {
      const s = sums.get(c.id);
      if (!s || s.count < AREA_MIN_NODES) return;
      const x = s.x / s.w, y = s.y / s.w;
      const spread = Math.sqrt(s.members.reduce((t, m) => t + m[2] * ((m[0] - x) ** 2 + (m[1] - y) ** 2), 0) / s.w);
      if (spread <= AREA_MAX_SPREAD * radius) out.push([c.label, clusterColor(c.id), x, y]);
    });
    return out;
  }
  network.on("afterDrawing", (ctx) => { // the areas' names, where declutter() put them
    if (!state.view || state.view.kind !== "map" || state.colorBy !== "cluster") return;
    const scale = network.getScale();
    ctx.save();
    ctx.font = "700 " + AREA_FONT / scale + "px " + FONT;
    ctx.textAlign = "center"; ctx.textBaseline = "middle"; ctx.lineJoin = "round";
    areaBoxes.forEach(([label, color, box]) => {
      const c = network.DOMtoCanvas({ x: box[0] + box[2] / 2, y: box[1] + box[3] / 2 });
      ctx.lineWidth = 4 / scale; ctx.strokeStyle = "rgba(255,255,255,0.92)";
      ctx.strokeText(label, c.x, c.y);
      ctx.fillStyle = mix(color, "#000000", 0.35);
      ctx.fillText(label, c.x, c.y);
    });
    ctx.restore();
  });
  network.on("beforeDrawing", (ctx) => { // soft halos: where a cluster's entities are dense
    if (!state.view || state.view.kind !== "map" || state.colorBy === "type") return;
    ctx.save();
    nodes.forEach((v) => {
      if (v.shape === "square") return;
      const p = network.getPosition(v.id);
      ctx.fillStyle = v.color.background + "1c";
      ctx.beginPath(); ctx.arc(p.x, p.y, 18 + 1.6 * v.size, 0, 2 * Math.PI); ctx.fill();
    });
    ctx.restore();
  });
  const overlap = (a, b) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
  }

  // ---- a neighbourhood, and the whole of a small graph --------------------------------------
  function drawGraph(resp, count, centre) {
    const keep = [];
    for (let k = 0; k < count; k++) if (k === centre || typeShown(resp, k)) keep.push(k);
    const kept = new Set(keep), bend = bends(resp);
    const ring = new Map(); // first ring: linked to the centre; the rest around them
    if (centre !== undefined) {
      resp.edges.forEach((e) => { if (e[0] === centre) ring.set(e[1], 1); if (e[1] === centre) ring.set(e[0], 1); });
    }
    const around = keep.filter((k) => k !== centre);
    const vn = keep.map((k) => {
      const n = resp.nodes[k];
      if (centre === undefined) return visNode(resp, k, { x: n.x, y: n.y });
      if (k === centre) {
        return visNode(resp, k, { x: 0, y: 0, borderWidth: 3, rank: Infinity, size: 30,
                                  font: { size: 20, strokeWidth: 4, strokeColor: "#ffffff", color: "#1f2328" } });
      }
      const pos = around.indexOf(k), r = ring.get(k) ? 260 : 520, a = (2 * Math.PI * pos) / Math.max(1, around.length);
      return visNode(resp, k, { x: r * Math.cos(a), y: r * Math.sin(a) });
    });
    const ve = [];
    resp.edges.forEach((e, j) => {
      if (!kept.has(e[0]) || !kept.has(e[1])) return;
      const side = centre !== undefined && e[0] !== centre && e[1] !== centre; // between two neighbours
      ve.push(Object.assign(visEdge(resp, j, bend[j], false), side ? { width: 0.8, dashes: false,
        color: { color: "rgba(110,119,129,0.3)", highlight: rstyle(resp.rels[e[2]])[0], hover: rstyle(resp.rels[e[2]])[0], inherit: false } } : {}));
    });
    const physics = centre !== undefined || vn.length <= CFG.physicsMax;
    network.setOptions({ interaction: { hideEdgesOnDrag: false },
                         physics: { enabled: physics && vn.length > 1 } });
    fill(vn, ve);
    return physics && vn.length > 1;
  }
  function settle(physics, done) {
    let finished = false;
    const end = () => {
      if (finished) return;
      finished = true;
      network.setOptions({ physics: { enabled: false } });
      network.fit({ animation: false });
      declutter();
      done();
    };
    if (!physics) { network.fit({ animation: false }); declutter(); done(); return; }
    network.once("stabilizationIterationsDone", end);
    network.stabilize(250);
    setTimeout(end, 4000);
  }

  // ---- views and history ---------------------------------------------------------------------
  function viewFromHash() {
    const q = new URLSearchParams(location.hash.replace(/^#/, ""));
    const color = q.get("color"), papers = q.has("papers") ? q.get("papers") === "1" : CFG.papers;
    const view = { kind: HOME, papers: papers, color: ["cluster", "year", "type"].includes(color) ? color : null };
    if (q.has("node") && q.get("node")) {
      view.kind = "node"; view.id = q.get("node"); view.hops = q.get("hops") === "2" ? 2 : 1;
      view.rel = q.has("rel") ? q.get("rel").split(",").filter((r) => views.rels.includes(r)) : null;
      const limit = parseInt(q.get("limit"), 10);
      view.limit = LIMITS.includes(limit) ? limit : CFG.focusMax;
    } else if (HOME === "map") {
      const n = parseInt(q.get("n"), 10);
      view.n = Math.max(1, Math.min(CFG.mapSize, Number.isFinite(n) ? n : CFG.mapDefault));
    }
    return view;
  }
  function hashOf(view) {
    const parts = [];
    if (view.kind === "node") {
      parts.push("node=" + encodeURIComponent(view.id), "hops=" + view.hops);
      if (view.rel) parts.push("rel=" + view.rel.map(encodeURIComponent).join(","));
      if (view.limit !== CFG.focusMax) parts.push("limit=" + view.limit);
    } else {
      parts.push(view.kind);
      if (view.kind === "map") parts.push("n=" + view.n);
    }
    if (view.papers !== CFG.papers) parts.push("papers=" + (view.papers ? 1 : 0));
    if (view.color) parts.push("color=" + view.color);
    return "#" + parts.join("&");
  }
  let step = 0, lastStep = 0;
  function go(view, push) {
    const url = hashOf(view);
    if (push && url === location.hash) push = false;
    if (push) { step += 1; lastStep = step; history.pushState({ kg: step }, "", url); }
    else history.replaceState({ kg: step }, "", url);
    show(view);
  }
  const home = () => go(Object.assign({}, state.view, { kind: HOME, n: state.view.n || CFG.mapDefault }), true);
  function onHistory() {
    if (history.state && typeof history.state.kg === "number") step = history.state.kg;
    show(viewFromHash());
  }
  window.addEventListener("popstate", onHistory);
  window.addEventListener("hashchange", onHistory);

  let token = 0;
  function show(view) {
    const key = hashOf(view);
    if (key === state.shown) return Promise.resolve();
    state.shown = key; state.view = view;
    state.colorBy = view.color || defaultColor();
    const mine = ++token;
    window.kgBusy = true;
    syncControls();
    const kind = view.kind, params = kind === "node"
      ? { id: view.id, hops: view.hops, rel: view.rel, papers: view.papers, limit: view.limit }
      : { n: view.n, papers: view.papers };
    return views.load(kind, params).then((resp) => {
      if (mine !== token) return;
      if (!resp) { notFound(view); return; }
      state.resp = resp;
      state.colorBy = view.color || defaultColor();
      syncControls();
      draw(() => { if (mine === token) ready(key); });
    });
  }
  function defaultColor() { return info.clusters.length ? "cluster" : "type"; }
  /* The year scale spans the mean years of the entities in view (5th to 95th percentile): most
     entities of a growing field have recent means, and the corpus's first year would waste
     most of the scale. */
  function yearScale(resp) {
    const years = resp.nodes.map((n) => n.mean_year).filter((y) => typeof y === "number").sort((a, b) => a - b);
    if (!years.length || !info.years) return info.years ? [info.years.first, info.years.last] : null;
    let lo = years[Math.floor(0.05 * (years.length - 1))], hi = years[Math.ceil(0.95 * (years.length - 1))];
    if (hi - lo < 0.5) { lo = (lo + hi) / 2 - 0.25; hi = lo + 0.5; }
    $("kg-year-from").textContent = lo.toFixed(1);
    $("kg-year-to").textContent = hi.toFixed(1);
    return [lo, hi];
  }
  function draw(done) {
    const resp = state.resp, view = state.view;
    state.years = yearScale(resp);
    if (view.kind === "map") {
      drawMap(resp); declutter(); showMapPanel(resp); status(resp); done();
    } else if (view.kind === "node") {
      const physics = drawGraph(resp, resp.draw, 0);
      network.selectNodes([resp.nodes[0].i]);
      showPanel(resp); status(resp);
      settle(physics, done);
    } else {
      const physics = drawGraph(resp, resp.nodes.length);
      showMapPanel(resp); status(resp);
      settle(physics, done);
    }
  }
  function ready(key) {
    network.once("afterDrawing", () => requestAnimationFrame(() => {
      window.kgView = key; window.kgBusy = false; window.kgReady = true;
    }));
    network.redraw();
  }
  function notFound(view) {
    const panel = $("kg-panel");
    panel.replaceChildren(el("p", "No node " + view.id + " in this graph.", "kg-hint"));
    state.shown = null;
    go(Object.assign({}, view, { kind: HOME, n: CFG.mapDefault }), false);
  }
  function status(resp) {
    const view = state.view, fmt = (x) => x.toLocaleString("en");
    let text;
    if (view.kind === "map") {
      const ents = resp.nodes.filter((n) => resp.types[n.t] !== "Paper").length;
      text = "The " + fmt(ents) + " entities in most papers (of " + fmt(CFG.mapSize) + " on the map)" +
        (view.papers ? ", with the papers that mention them" : "; papers hidden") + ".";
    } else if (view.kind === "node") {
      text = "Showing " + fmt(nodes.length) + " node(s): " + resp.nodes[0].l + " and " +
        (resp.total > resp.draw - 1 ? "its " + fmt(resp.draw - 1) + " strongest of " + fmt(resp.total) : fmt(resp.draw - 1)) +
        " neighbour(s) within " + view.hops + " hop(s)" + (view.papers ? "" : ", papers hidden") + ".";
    } else {
      text = "Showing " + fmt(nodes.length) + " of " + fmt(CFG.nodes) + " nodes.";
    }
    $("kg-status").textContent = text;
    $("kg-where").textContent = view.kind === "node" ? "Neighbourhood of " + resp.nodes[0].l
      : view.kind === "map" ? "Concept map" : "All nodes";
  }

  // ---- DOM helpers (textContent only) --------------------------------------------------------
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach((k) => e.setAttribute(k, String(attrs[k])));
    return e;
  }
  function link(href, text) {
    let ok = false;
    try { ok = /^https?:$/.test(new URL(href).protocol); } catch (err) { ok = false; }
    if (!ok) return el("span", text);
    const a = el("a", text);
    a.href = href; a.target = "_blank"; a.rel = "noopener noreferrer";
    return a;
  }
  function open(id) {
    const v = state.view;
    const was = v.kind === "node";
    go({ kind: "node", id: id, hops: was ? v.hops : 1, rel: was ? v.rel : null, limit: was ? v.limit : CFG.focusMax,
         papers: v.papers, color: v.color, n: v.n }, true);
  }
  function chip(n, extra, title) {
    const b = el("button", n.l + (extra ? " · " + extra : ""), "kg-chip");
    b.type = "button";
    if (title) b.title = title;
    b.addEventListener("click", () => open(n.i));
    return b;
  }
  function swatch(type, color) {
    const [fill, shape] = color ? [color, "dot"] : tstyle(type);
    const box = svg("svg", { width: 14, height: 14 });
    const pts = { diamond: "7,1 13,7 7,13 1,7", triangle: "7,1 13,13 1,13",
                  triangleDown: "1,1 13,1 7,13", hexagon: "4,1 10,1 13,7 10,13 4,13 1,7" };
    const s = shape === "square" ? svg("rect", { x: 2, y: 2, width: 10, height: 10 })
      : pts[shape] ? svg("polygon", { points: pts[shape] }) : svg("circle", { cx: 7, cy: 7, r: 6 });
    s.setAttribute("fill", fill);
    box.appendChild(s);
    return box;
  }
  /* ``total``: how many there are when ``items`` is a part of them (a server lists a hub's first papers). */
  function section(panel, title, items, limit, total) {
    if (!items.length) return;
    const all = Math.max(items.length, total || 0), shown = Math.min(items.length, limit);
    panel.appendChild(el("h2", title + " (" + all + ")"));
    const ul = el("ul");
    items.slice(0, limit).forEach((item) => { const li = el("li"); li.appendChild(item); ul.appendChild(li); });
    if (all > shown) ul.appendChild(el("li", "… and " + (all - shown) + " more", "kg-muted"));
    panel.appendChild(ul);
  }
  function paperItem(n) {
    const box = el("span");
    box.appendChild(link(n.u || "", n.ti || n.l));
    (n.c || []).forEach((c, k) => { box.append(" "); box.appendChild(link(c, k ? "[code " + (k + 1) + "]" : "[code]")); });
    const meta = [n.ve, n.yr].filter(Boolean).join(" ");
    if (meta) box.appendChild(el("span", " " + meta, "kg-muted"));
    box.append(" ");
    const b = el("button", "show", "kg-chip"); b.type = "button";
    b.addEventListener("click", () => open(n.i));
    box.appendChild(b);
    return box;
  }

  // ---- papers per year: a small SVG bar chart ------------------------------------------------
  function yearChart(n) {
    const counts = n.years || {};
    const all = Object.keys(counts).map(Number);
    if (!all.length) return null;
    const first = info.years ? Math.min(info.years.first, ...all) : Math.min(...all);
    const last = info.years ? Math.max(info.years.last, ...all) : Math.max(...all);
    const years = [];
    for (let y = first; y <= last && years.length < 40; y++) years.push(y);
    const top = Math.max(...years.map((y) => counts[y] || 0), 1);
    const W = 300, H = 96, base = 78, bw = Math.min(36, (W - 10) / years.length);
    const chart = svg("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img", class: "kg-chart" });
    chart.appendChild(svg("title", {})).textContent = "Papers per year mentioning " + n.l;
    chart.appendChild(svg("line", { x1: 0, y1: base + 0.5, x2: W, y2: base + 0.5, stroke: "#8c959f" }));
    years.forEach((y, k) => {
      const c = counts[y] || 0, h = Math.round((c / top) * (base - 14)), x = 5 + k * bw;
      const bar = svg("rect", { x: x + 2, y: base - h, width: Math.max(2, bw - 4), height: h, fill: yearColor(y, [first, last]), class: "kg-bar" });
      bar.appendChild(svg("title", {})).textContent = y + ": " + c + " paper(s)";
      chart.appendChild(bar);
      if (c) chart.appendChild(svg("text", { x: x + bw / 2, y: base - h - 3, "text-anchor": "middle", class: "kg-bar-count" })).textContent = String(c);
      if (years.length <= 10 || k % 2 === 0) chart.appendChild(svg("text", { x: x + bw / 2, y: H - 4, "text-anchor": "middle", class: "kg-bar-year" })).textContent = String(y);
    });
    return chart;
  }

  // ---- side panel ----------------------------------------------------------------------------
  function showPanel(resp) {
    const panel = $("kg-panel"), n = resp.nodes[0], type = typeOf(resp, 0), paper = type === "Paper";
    panel.replaceChildren();
    panel.appendChild(el("h3", paper ? n.ti || n.l : n.l, "kg-label"));
    const badge = el("span", type, "kg-badge");
    badge.style.background = tstyle(type)[0];
    panel.appendChild(badge);
    if (!paper) panel.appendChild(el("span", "  " + (n.n || 0) + " paper(s)", "kg-muted"));
    if (n.cluster_label) {
      const p = el("p", null, "kg-row kg-cluster");
      p.append(swatch(null, clusterColor(n.cluster)), el("span", "Area: " + n.cluster_label));
      panel.appendChild(p);
    }
    if (n.a && n.a.length) {
      panel.appendChild(el("h2", "Also known as"));
      panel.appendChild(el("p", n.a.join(", "), "kg-alt"));
    }
    if (n.v && n.v.length) {
      panel.appendChild(el("h2", "Vocabulary term"));
      const p = el("p");
      n.v.forEach(([text, href], k) => { if (k) p.append(", "); p.appendChild(link(href, text)); });
      panel.appendChild(p);
    }
    const chart = paper || !(info.years || Object.keys(n.years || {}).length > 1) ? null : yearChart(n);
    if (chart) {
      panel.appendChild(el("h2", "Papers per year" + (n.mean_year ? " (mean " + n.mean_year.toFixed(1) + ")" : "")));
      panel.appendChild(chart);
    }
    if (paper) {
      if (n.au) panel.appendChild(el("p", n.au.join(", "), "kg-muted"));
      const p = el("p");
      p.appendChild(link(n.u || "", n.u ? "paper" : ""));
      (n.c || []).forEach((c, k) => { p.append(" "); p.appendChild(link(c, k ? "code " + (k + 1) : "code")); });
      const meta = [n.ve, n.yr].filter(Boolean).join(" ");
      if (meta) p.appendChild(el("span", " " + meta, "kg-muted"));
      panel.appendChild(p);
      if (n.ab) { panel.appendChild(el("h2", "Abstract")); panel.appendChild(el("p", n.ab, "kg-abstract")); }
    } else {
      section(panel, "Proposed by", (n.pb || []).map((k) => paperItem(resp.nodes[k])), 20);
      section(panel, "Papers", (n.p || []).map((k) => paperItem(resp.nodes[k])), 30, n.n);
    }
    const mine = resp.edges.filter((e) => e[0] === 0 || e[1] === 0);
    const ev = mine.filter((e) => e[4]).slice(0, 5).map((e) => {
      const box = el("span");
      box.appendChild(el("span", resp.nodes[e[0]].l + " —" + resp.rels[e[2]] + "→ " + resp.nodes[e[1]].l +
                             (e.length > 5 ? " (confidence " + e[5] + ")" : ""), "kg-muted"));
      box.appendChild(el("blockquote", e[4], "kg-evidence"));
      return box;
    });
    section(panel, "Evidence", ev, 5);
    const links = mine.filter((e) => e[0] !== e[1]).map((e) => {
      const other = e[0] === 0 ? e[1] : e[0];
      return chip(resp.nodes[other], (e[0] === 0 ? "" : "← ") + resp.rels[e[2]], resp.types[resp.nodes[other].t]);
    });
    section(panel, "Connections", links, 40);
  }
  function showMapPanel(resp) {
    const panel = $("kg-panel");
    panel.replaceChildren();
    if (state.colorBy === "year") emergingList(panel);
    const counts = new Map();
    resp.nodes.forEach((n) => { if (n.cluster !== undefined) counts.set(n.cluster, (counts.get(n.cluster) || 0) + 1); });
    if (info.clusters.length) {
      panel.appendChild(el("h2", "Areas of the field"));
      const ul = el("ul", null, "kg-areas");
      info.clusters.filter((c) => counts.get(c.id)).forEach((c) => {
        const li = el("li"), head = el("button", null, "kg-area");
        head.type = "button"; head.title = "Zoom to this area";
        head.append(swatch(null, clusterColor(c.id)), el("strong", c.label), el("span", c.size.toLocaleString("en"), "kg-count"));
        head.addEventListener("click", () => {
          const ids = resp.nodes.filter((n) => n.cluster === c.id && n.x !== undefined).map((n) => n.i);
          network.fit({ nodes: ids, animation: { duration: 400 } });
        });
        li.appendChild(head);
        const terms = el("div", null, "kg-terms");
        c.terms.slice(0, 6).forEach((t) => terms.appendChild(termChip(t)));
        li.appendChild(terms);
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    } else {
      panel.appendChild(el("p", "Click a node (or search) to see its neighbourhood and details.", "kg-hint"));
    }
    if (state.colorBy !== "year") emergingList(panel);
  }
  function emergingList(panel) {
    if (info.emerging.length && info.years) {
      panel.appendChild(el("h2", "Emerging " + info.years.first + " → " + info.years.last + " (share of papers)"));
      const ul = el("ul", null, "kg-emerging");
      info.emerging.forEach((row) => {
        const li = el("li");
        li.appendChild(chip({ i: row.i, l: row.l }, null, "share of papers " + pct(row.first) + " → " + pct(row.last)));
        li.appendChild(el("span", " +" + (100 * row.rise).toFixed(1) + " pts (" + pct(row.first) + " → " + pct(row.last) + ")", "kg-muted"));
        ul.appendChild(li);
      });
      panel.appendChild(ul);
    }
  }
  const pct = (x) => (100 * x).toFixed(1) + "%";
  function termChip(term) {
    const b = el("button", term, "kg-chip");
    b.type = "button";
    b.addEventListener("click", () => views.load("search", { q: term }).then((r) => { if (r.nodes.length) open(r.nodes[0].i); }));
    return b;
  }

  // ---- controls ------------------------------------------------------------------------------
  function buildColorControls() {
    const box = $("kg-color");
    box.replaceChildren();
    const modes = [["cluster", "Cluster", info.clusters.length], ["year", "Mean year", info.years], ["type", "Type", true]];
    modes.filter((m) => m[2]).forEach(([mode, text]) => {
      const row = el("label", null, "kg-row"), input = el("input");
      input.type = "radio"; input.name = "kg-color"; input.id = "kg-color-" + mode; input.value = mode;
      input.addEventListener("change", () => go(Object.assign({}, state.view, { color: mode === defaultColor() ? null : mode }), false));
      row.append(input, el("span", text));
      box.appendChild(row);
    });
    const legend = $("kg-year-legend");
    legend.replaceChildren();
    if (info.years) {
      const bar = el("div", null, "kg-gradient");
      bar.style.background = "linear-gradient(to right, " + VIRIDIS.join(", ") + ")";
      const ends = el("div", null, "kg-gradient-ends");
      const from = el("span", String(info.years.first)), to = el("span", String(info.years.last));
      from.id = "kg-year-from"; to.id = "kg-year-to";
      ends.append(from, to);
      legend.append(bar, ends, el("p", "Mean year of each entity's papers (" + info.years.first + "–" + info.years.last +
        " corpus; the scale spans the entities in view). Grey: no year.", "kg-muted"));
    }
    syncControls();
  }
  function syncControls() {
    const view = state.view;
    if (!view) return;
    const node = view.kind === "node";
    $("kg-map-controls").hidden = view.kind !== "map";
    $("kg-focus-controls").hidden = !node;
    $("kg-hops-1").checked = !node || view.hops !== 2;
    $("kg-hops-2").checked = node && view.hops === 2;
    if (node) $("kg-limit").value = String(view.limit);
    if (view.kind === "map") { $("kg-map-n").value = String(view.n); $("kg-map-n-value").textContent = String(view.n); }
    const color = $("kg-color-" + state.colorBy);
    if (color) color.checked = true;
    $("kg-year-legend").hidden = state.colorBy !== "year";
    document.querySelectorAll("#kg-rels input").forEach((box) => {
      box.checked = !node || !view.rel || view.rel.includes(box.dataset.rel);
      box.disabled = !node;
    });
    const paperBox = $("kg-type-Paper");
    if (paperBox) paperBox.checked = view.papers;
    $("kg-back").disabled = step <= 0;
    $("kg-forward").disabled = step >= lastStep;
  }

  const typeCount = new Map(views.types.map((t, k) => [t, views.typeCounts[k]]));
  state.types = new Set(views.types);
  views.types.forEach((type) => {
    if (!typeCount.get(type) && !TYPE_STYLE[type]) return;
    const row = el("label", null, "kg-row"), box = el("input");
    box.type = "checkbox"; box.checked = true; box.id = "kg-type-" + type; box.dataset.type = type;
    box.addEventListener("change", () => {
      if (type === "Paper") { go(Object.assign({}, state.view, { papers: box.checked }), false); return; }
      if (box.checked) state.types.add(type); else state.types.delete(type);
      if (state.resp) draw(() => ready(state.shown));
    });
    row.append(box, swatch(type), el("span", type === "Paper" ? "Papers (show/hide)" : type),
               el("span", (typeCount.get(type) || 0).toLocaleString("en"), "kg-count"));
    $("kg-types").appendChild(row);
  });
  const relCount = new Map(views.rels.map((_, r) => [r, views.relCounts[r]]));
  views.rels.forEach((rel, r) => {
    if (!relCount.get(r)) return;
    const [color, , dashes, arrow] = rstyle(rel), row = el("label", null, "kg-row"), box = el("input");
    box.type = "checkbox"; box.checked = true; box.id = "kg-rel-" + rel; box.dataset.rel = rel;
    box.title = "Follow " + rel + " links in a neighbourhood";
    box.addEventListener("change", () => {
      const on = [...document.querySelectorAll("#kg-rels input")].filter((b) => b.checked).map((b) => b.dataset.rel);
      const all = on.length === document.querySelectorAll("#kg-rels input").length;
      go(Object.assign({}, state.view, { rel: all ? null : on }), false);
    });
    const line = el("span", null, "kg-line");
    line.style.borderTopStyle = dashes ? (dashes[0] < 4 ? "dotted" : "dashed") : "solid";
    line.style.borderTopColor = color;
    row.append(box, line, el("span", rel + (arrow ? " →" : "")), el("span", relCount.get(r).toLocaleString("en"), "kg-count"));
    $("kg-rels").appendChild(row);
  });
  const mapN = $("kg-map-n");
  mapN.max = String(Math.max(10, CFG.mapSize));
  mapN.addEventListener("input", () => { $("kg-map-n-value").textContent = mapN.value; });
  mapN.addEventListener("change", () => go(Object.assign({}, state.view, { n: parseInt(mapN.value, 10) }), false));
  LIMITS.forEach((k) => { const o = el("option", String(k)); o.value = String(k); $("kg-limit").appendChild(o); });
  $("kg-limit").addEventListener("change", () => {
    if (state.view.kind === "node") go(Object.assign({}, state.view, { limit: parseInt($("kg-limit").value, 10) }), false);
  });
  ["1", "2"].forEach((h) => $("kg-hops-" + h).addEventListener("change", () => {
    if (state.view.kind === "node") go(Object.assign({}, state.view, { hops: Number(h) }), false);
  }));
  $("kg-home").textContent = HOME === "map" ? "Map" : "Overview";
  $("kg-home").addEventListener("click", home);
  $("kg-back").addEventListener("click", () => history.back());
  $("kg-forward").addEventListener("click", () => history.forward());
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && state.view && state.view.kind !== HOME) { ev.preventDefault(); home(); }
  });

  // ---- graph events --------------------------------------------------------------------------
  network.on("click", (params) => { if (params.nodes.length) open(params.nodes[0]); });
  const tip = $("kg-tooltip");
  function showTip(text, ev) {
    tip.replaceChildren();
    text.forEach((t, k) => tip.appendChild(el(k ? "div" : "strong", t, k ? "kg-muted" : "")));
    const p = ev.pointer.DOM, box = $("kg-network").getBoundingClientRect();
    tip.style.left = Math.min(box.left + p.x + 14, window.innerWidth - 370) + "px";
    tip.style.top = box.top + p.y + 14 + "px";
    tip.hidden = false;
  }
  const nodeIndex = (id) => state.resp.nodes.findIndex((n) => n.i === id);
  network.on("hoverNode", (ev) => {
    const k = nodeIndex(ev.node);
    if (k < 0) return;
    const n = state.resp.nodes[k], type = typeOf(state.resp, k);
    showTip([type === "Paper" ? n.ti || n.l : n.l,
             type + (type === "Paper" ? (n.yr ? " · " + n.yr : "") : " · " + (n.n || 0) + " paper(s)"),
             ...(n.cluster_label ? ["area: " + n.cluster_label] : []),
             ...(n.mean_year ? ["mean year " + n.mean_year.toFixed(1)] : []),
             ...(n.a && n.a.length ? ["aka " + n.a.join(", ")] : [])], ev);
  });
  network.on("hoverEdge", (ev) => {
    const e = state.resp.edges[ev.edge];
    if (!e) return;
    showTip([state.resp.nodes[e[0]].l + " —" + state.resp.rels[e[2]] + "→ " + state.resp.nodes[e[1]].l,
             "weight " + e[3] + (e.length > 5 ? " · confidence " + e[5] : ""), ...(e[4] ? [e[4]] : [])], ev);
  });
  const hideTip = () => { tip.hidden = true; };
  ["blurNode", "blurEdge", "dragStart", "zoom", "click"].forEach((name) => network.on(name, hideTip));
  $("kg-network").addEventListener("mouseleave", hideTip);

  // ---- search --------------------------------------------------------------------------------
  const input = $("kg-search"), results = $("kg-results");
  let searching = 0;
  function showResults() {
    const mine = ++searching;
    return views.load("search", { q: input.value }).then((resp) => {
      if (mine !== searching) return resp;
      results.replaceChildren(...resp.nodes.map((n, k) => {
        const li = el("li");
        li.appendChild(chip(n, typeOf(resp, k)));
        return li;
      }));
      return resp;
    });
  }
  input.addEventListener("input", showResults);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && input.value) { ev.stopPropagation(); input.value = ""; results.replaceChildren(); return; }
    if (ev.key !== "Enter") return;
    showResults().then((resp) => {
      if (!resp.nodes.length) return;
      results.replaceChildren();
      input.blur(); // Escape now goes back to the map
      open(resp.nodes[0].i);
    });
  });

  $("kg-stats").textContent = CFG.nodes.toLocaleString("en") + " nodes · " + CFG.edges.toLocaleString("en") +
    " edges · " + CFG.paperCount.toLocaleString("en") + " papers";
  // the areas, years and emerging entities come with every map answer: an empty one gives them
  // before the first view, whichever it is
  views.load("map", { n: 0 }).then((resp) => {
    info = { clusters: resp.clusters || [], years: resp.years || null, emerging: resp.emerging || [] };
    buildColorControls();
    history.replaceState({ kg: 0 }, "", location.hash ? location.href : hashOf(viewFromHash()));
    show(viewFromHash());
  });

  window.kgExplorer = {
    network: network, nodes: nodes, edges: edges, data: views.data, views: views,
    select: (id) => { open(id); return id; },
    selectedId: () => (state.view && state.view.kind === "node" ? state.view.id : null),
    visibleIds: () => nodes.getIds(),
    view: () => window.kgView,
    areas: () => areaBoxes.map((a) => a[3]),
    colorOf: (id) => { const v = nodes.get(id); return v ? v.color.background : null; },
  };
})();
