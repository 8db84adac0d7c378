/* kg explorer: every string from the graph reaches the DOM through textContent only. */
(function (start) {
  "use strict"; // the data: embedded in the page, or from kg serve's API (source_api.js)
  if (window.kgSource) {
    window.kgSource.map().then(start, (err) => {
      document.getElementById("kg-status").textContent = "Could not load the graph: " + err.message;
      console.error(err);
    });
  } else {
    start(JSON.parse(document.getElementById("kg-data").textContent));
  }
})(function (data) {
  "use strict";
  const TYPE_STYLE = {
    Paper: ["#6e7781", "square"], Method: ["#0072b2", "dot"], Task: ["#e69f00", "diamond"],
    Dataset: ["#009e73", "triangle"], Metric: ["#cc79a7", "triangleDown"],
    Material: ["#b8860b", "star"], Concept: ["#56b4e9", "hexagon"],
  };
  const REL_STYLE = { // colour, width, dashes, arrow
    mentions: ["#c9ced6", 0.6, false, true], proposes: ["#3d444d", 2, false, true],
    uses: ["#0072b2", 1.5, false, true], addresses: ["#e69f00", 1.5, false, true],
    evaluatedOn: ["#009e73", 1.5, false, true], measuredBy: ["#cc79a7", 1.5, false, true],
    improvesOn: ["#d55e00", 2, false, true], comparedWith: ["#8c959f", 1.5, [6, 4], false],
    isA: ["#1f2328", 1.5, [2, 3], true], partOf: ["#8b5a2b", 1.5, [2, 3], true],
    featureOf: ["#6f42c1", 1.2, [2, 3], true], conjoinedWith: ["#adb5bd", 1.2, [4, 4], false],
  };
  const FADED = "rgba(190,196,204,0.25)";
  const $ = (id) => document.getElementById(id);
  const source = window.kgSource || null;
  const N = data.nodes, E = data.edges, TYPES = data.types, RELS = data.rels, CFG = data.config;
  const typeOf = (i) => TYPES[N[i].t];
  const isPaper = (i) => typeOf(i) === "Paper";
  const tstyle = (t) => TYPE_STYLE[t] || ["#999999", "dot"];
  const rstyle = (r) => REL_STYLE[r] || ["#aaaaaa", 1, false, true];

  const adj = N.map(() => []);
  const pairCount = new Map();
  const edgeBend = E.map((e) => { // parallel edges between two nodes get distinct curves
    const key = Math.min(e[0], e[1]) + "," + Math.max(e[0], e[1]), k = pairCount.get(key) || 0;
    pairCount.set(key, k + 1);
    return k;
  });
  E.forEach((e, j) => { adj[e[0]].push(j); if (e[1] !== e[0]) adj[e[1]].push(j); });

  const state = {
    types: new Set(TYPES.map((_, t) => t)), minPapers: 1, limit: CFG.initial,
    selected: null, hiddenByLimit: 0,
  };

  // ---- vis objects -------------------------------------------------------------------------
  const shortLabel = (s) => (s.length > 42 ? s.slice(0, 40) + "…" : s);
  function visNode(i, faded) {
    const n = N[i], [color, shape] = tstyle(typeOf(i));
    const size = isPaper(i) ? 7 : Math.min(44, 8 + 4 * Math.sqrt(n.n || 1));
    const c = faded ? FADED : color;
    return {
      id: i, label: shortLabel(n.l), x: n.x, y: n.y, shape: shape, size: size,
      color: { background: c, border: c, highlight: { background: color, border: "#1f2328" },
               hover: { background: color, border: "#1f2328" } },
      font: { color: faded ? "rgba(31,35,40,0.18)" : "#1f2328",
              size: isPaper(i) ? 11 : 14, strokeWidth: faded ? 0 : 3, strokeColor: "#ffffff" },
    };
  }
  function visEdge(j, faded) {
    const e = E[j], [color, width, dashes, arrow] = rstyle(RELS[e[2]]), bend = edgeBend[j];
    return {
      id: j, from: e[0], to: e[1], dashes: dashes,
      width: width + Math.min(3, Math.log2(e[3] || 1)),
      color: { color: faded ? FADED : color, highlight: color, hover: color, inherit: false },
      arrows: { to: { enabled: arrow, scaleFactor: 0.5 } },
      smooth: bend ? { enabled: true, type: bend % 2 ? "curvedCW" : "curvedCCW",
                       roundness: 0.15 * Math.ceil(bend / 2) } : { enabled: false },
    };
  }

  // ---- visible set ---------------------------------------------------------------------------
  const passes = (i) => state.types.has(N[i].t) && (isPaper(i) || (N[i].n || 0) >= state.minPapers);
  function wanted() {
    const want = new Set();
    let more = 0;
    for (let i = 0; i < N.length; i++) {
      if (!passes(i)) continue;
      if (want.size < state.limit) want.add(i); else more++;
    }
    if (state.selected !== null) want.add(state.selected);
    state.hiddenByLimit = more;
    return want;
  }
  const nodes = new vis.DataSet();
  const edges = new vis.DataSet();
  function refresh() {
    const want = wanted();
    const have = new Set(nodes.getIds());
    nodes.remove([...have].filter((i) => !want.has(i)));
    nodes.add([...want].filter((i) => !have.has(i)).map((i) => visNode(i, false)));
    const wantE = new Set();
    E.forEach((e, j) => { if (want.has(e[0]) && want.has(e[1])) wantE.add(j); });
    const haveE = new Set(edges.getIds());
    edges.remove([...haveE].filter((j) => !wantE.has(j)));
    edges.add([...wantE].filter((j) => !haveE.has(j)).map((j) => visEdge(j, false)));
    highlight(state.selected);
    $("kg-status").textContent = "Showing " + nodes.length.toLocaleString("en") + " of " +
      N.length.toLocaleString("en") + " nodes" +
      (state.hiddenByLimit ? " (" + state.hiddenByLimit.toLocaleString("en") + " more match)" : "");
    $("kg-more").hidden = state.hiddenByLimit === 0;
  }
  function neighbours(i) {
    const out = new Set([i]);
    adj[i].forEach((j) => { out.add(E[j][0]); out.add(E[j][1]); });
    return out;
  }
  let faded = false;
  function highlight(i) {
    if (i === null && !faded) return;
    const near = i === null ? null : neighbours(i);
    nodes.update(nodes.getIds().map((k) => visNode(k, near !== null && !near.has(k))));
    edges.update(edges.getIds().map((j) =>
      visEdge(j, near !== null && E[j][0] !== i && E[j][1] !== i)));
    faded = near !== null;
  }

  // ---- network -------------------------------------------------------------------------------
  const physics = N.length > 1 && N.length <= CFG.physicsMax;
  refresh();
  const network = new vis.Network($("kg-network"), { nodes: nodes, edges: edges }, {
    layout: { improvedLayout: false, randomSeed: 1 },
    physics: physics ? { enabled: true, solver: "barnesHut", stabilization: { enabled: false },
                         barnesHut: { springLength: 120, avoidOverlap: 0.2 } }
                     : { enabled: false },
    interaction: { hover: true, tooltipDelay: 150, hideEdgesOnDrag: !physics,
                   hideEdgesOnZoom: N.length > 2000, multiselect: false },
    nodes: { borderWidth: 1 },
    edges: { selectionWidth: 1.5 },
  });

  function ready() {
    if (window.kgReady) return;
    network.fit();
    network.once("afterDrawing", () => requestAnimationFrame(() => { window.kgReady = true; }));
    network.redraw();
  }
  if (physics) {
    network.once("stabilizationIterationsDone", () => {
      network.setOptions({ physics: { enabled: false } });
      ready();
    });
    network.stabilize(150);
    setTimeout(() => { network.setOptions({ physics: { enabled: false } }); ready(); }, 4000);
  } else {
    ready();
  }

  // ---- DOM helpers (textContent only) --------------------------------------------------------
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
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
  function chip(i, extra) {
    const b = el("button", N[i].l + (extra ? " · " + extra : ""), "kg-chip");
    b.type = "button";
    b.title = typeOf(i);
    b.addEventListener("click", () => select(i, true));
    return b;
  }
  function swatch(type) {
    const ns = "http://www.w3.org/2000/svg", [color, shape] = tstyle(type);
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", "14"); svg.setAttribute("height", "14");
    const pts = { diamond: "7,1 13,7 7,13 1,7", triangle: "7,1 13,13 1,13",
                  triangleDown: "1,1 13,1 7,13", hexagon: "4,1 10,1 13,7 10,13 4,13 1,7" };
    let s;
    if (shape === "square") { s = document.createElementNS(ns, "rect"); s.setAttribute("x", "2"); s.setAttribute("y", "2"); s.setAttribute("width", "10"); s.setAttribute("height", "10"); }
    else if (pts[shape]) { s = document.createElementNS(ns, "polygon"); s.setAttribute("points", pts[shape]); }
    else { s = document.createElementNS(ns, "circle"); s.setAttribute("cx", "7"); s.setAttribute("cy", "7"); s.setAttribute("r", "6"); }
    s.setAttribute("fill", color);
    svg.appendChild(s);
    return svg;
  }
  function section(panel, title, items, limit) {
    if (!items.length) return;
    panel.appendChild(el("h2", title + " (" + items.length + ")"));
    const ul = el("ul");
    items.slice(0, limit).forEach((item) => { const li = el("li"); li.appendChild(item); ul.appendChild(li); });
    if (items.length > limit) ul.appendChild(el("li", "… and " + (items.length - limit) + " more", "kg-muted"));
    panel.appendChild(ul);
  }
  function paperItem(p) {
    const n = N[p], box = el("span");
    box.appendChild(link(n.u || "", n.ti || n.l));
    (n.c || []).forEach((c, k) => { box.append(" "); box.appendChild(link(c, k ? "[code " + (k + 1) + "]" : "[code]")); });
    const meta = [n.ve, n.yr].filter(Boolean).join(" ");
    if (meta) box.appendChild(el("span", " " + meta, "kg-muted"));
    box.append(" ");
    const b = el("button", "show", "kg-chip"); b.type = "button";
    b.addEventListener("click", () => select(p, true));
    box.appendChild(b);
    return box;
  }

  // ---- side panel ----------------------------------------------------------------------------
  function showPanel(i) {
    const panel = $("kg-panel"), n = N[i], type = typeOf(i);
    panel.replaceChildren();
    panel.appendChild(el("h3", isPaper(i) ? n.ti || n.l : n.l, "kg-label"));
    const badge = el("span", type, "kg-badge");
    badge.style.background = tstyle(type)[0];
    panel.appendChild(badge);
    if (!isPaper(i)) panel.appendChild(el("span", "  " + (n.n || 0) + " paper(s)", "kg-muted"));
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
    if (isPaper(i)) {
      if (n.au) panel.appendChild(el("p", n.au.join(", "), "kg-muted"));
      const p = el("p");
      p.appendChild(link(n.u || "", n.u ? "paper" : ""));
      (n.c || []).forEach((c, k) => { p.append(" "); p.appendChild(link(c, k ? "code " + (k + 1) : "code")); });
      const meta = [n.ve, n.yr].filter(Boolean).join(" ");
      if (meta) p.appendChild(el("span", " " + meta, "kg-muted"));
      panel.appendChild(p);
      if (n.ab) { panel.appendChild(el("h2", "Abstract")); panel.appendChild(el("p", n.ab, "kg-abstract")); }
    } else {
      section(panel, "Proposed by", (n.pb || []).map(paperItem), 20);
      section(panel, "Papers", (n.p || []).map(paperItem), 30);
    }
    const ev = adj[i].filter((j) => E[j].length > 4).slice(0, 5).map((j) => {
      const e = E[j], box = el("span");
      box.appendChild(el("span", N[e[0]].l + " —" + RELS[e[2]] + "→ " + N[e[1]].l, "kg-muted"));
      box.appendChild(el("blockquote", e[4], "kg-evidence"));
      return box;
    });
    section(panel, "Evidence", ev, 5);
    const links = adj[i].map((j) => {
      const e = E[j], other = e[0] === i ? e[1] : e[0];
      return chip(other, (e[0] === i ? "" : "← ") + RELS[e[2]]);
    });
    section(panel, "Connections", links, 40);
  }

  // ---- selection, search, filters ------------------------------------------------------------
  function select(i, focus) {
    state.selected = i;
    refresh();
    network.selectNodes([i]);
    showPanel(i);
    if (focus) network.focus(i, { scale: Math.max(network.getScale(), 0.9), animation: { duration: 300 } });
    if (source) expand(i);
  }
  function clearSelection() {
    state.selected = null;
    highlight(null);
    network.unselectAll();
    $("kg-panel").replaceChildren(el("p", "Click a node (or search) to see its details.", "kg-hint"));
  }
  network.on("click", (params) => {
    if (params.nodes.length) select(params.nodes[0], false); else clearSelection();
  });
  const tip = $("kg-tooltip");
  function showTip(text, ev) {
    tip.replaceChildren();
    text.forEach((t, k) => tip.appendChild(el(k ? "div" : "strong", t, k ? "kg-muted" : "")));
    const p = ev.pointer.DOM, box = $("kg-network").getBoundingClientRect();
    tip.style.left = Math.min(box.left + p.x + 14, window.innerWidth - 370) + "px";
    tip.style.top = box.top + p.y + 14 + "px";
    tip.hidden = false;
  }
  network.on("hoverNode", (ev) => {
    const n = N[ev.node];
    showTip([n.l, typeOf(ev.node) + (isPaper(ev.node) ? "" : " · " + (n.n || 0) + " paper(s)"),
             ...(n.a && n.a.length ? ["aka " + n.a.join(", ")] : [])], ev);
  });
  network.on("hoverEdge", (ev) => {
    const e = E[ev.edge];
    showTip([N[e[0]].l + " —" + RELS[e[2]] + "→ " + N[e[1]].l,
             "weight " + e[3], ...(e.length > 4 ? [e[4]] : [])], ev);
  });
  const hideTip = () => { tip.hidden = true; };
  ["blurNode", "blurEdge", "dragStart", "zoom", "click"].forEach((name) => network.on(name, hideTip));
  $("kg-network").addEventListener("mouseleave", hideTip);

  const index = N.map((n) => [n.l, ...(n.a || []), ...(n.ti ? [n.ti] : [])].map((s) => s.toLowerCase()));
  function search(query) {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const hits = [];
    index.forEach((keys, i) => {
      let best = 9;
      keys.forEach((k, pos) => {
        const s = k === q ? (pos ? 1 : 0) : k.startsWith(q) ? 2 : k.includes(q) ? 3 : 9;
        best = Math.min(best, s);
      });
      if (best < 9) hits.push([best, i]);
    });
    hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return hits.slice(0, 15).map((h) => h[1]);
  }
  const input = $("kg-search"), results = $("kg-results");
  let asked = 0;
  function showResults() {
    const mine = ++asked;
    find(input.value).then((hits) => {
      if (mine !== asked) return; // a later keystroke's answer is on its way
      results.replaceChildren(...hits.map((i) => {
        const li = el("li");
        li.appendChild(chip(i, typeOf(i)));
        return li;
      }));
    }, fail);
  }
  input.addEventListener("input", showResults);
  input.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    find(input.value).then((hits) => { if (hits.length) select(hits[0], true); }, fail);
  });

  const typeCount = TYPES.map(() => 0);
  N.forEach((n) => { typeCount[n.t]++; });
  TYPES.forEach((type, t) => {
    if (!typeCount[t] && !TYPE_STYLE[type]) return;
    const row = el("label", null, "kg-row");
    const box = el("input");
    box.type = "checkbox"; box.checked = true; box.id = "kg-type-" + type; box.dataset.type = type;
    box.addEventListener("change", () => {
      if (box.checked) state.types.add(t); else state.types.delete(t);
      if (state.selected !== null && !box.checked && N[state.selected].t === t) clearSelection();
      refresh();
    });
    row.append(box, swatch(type), el("span", type === "Paper" ? "Paper (show/hide)" : type),
               el("span", typeCount[t].toLocaleString("en"), "kg-count"));
    $("kg-types").appendChild(row);
  });
  const relCount = RELS.map(() => 0);
  E.forEach((e) => { relCount[e[2]]++; });
  RELS.forEach((rel, r) => {
    if (!relCount[r]) return;
    const [color, , dashes, arrow] = rstyle(rel), row = el("div", null, "kg-row");
    const line = el("span", null, "kg-line");
    line.style.borderTopStyle = dashes ? (dashes[0] < 4 ? "dotted" : "dashed") : "solid";
    line.style.borderTopColor = color;
    row.append(line, el("span", rel + (arrow ? " →" : "")), el("span", relCount[r].toLocaleString("en"), "kg-count"));
    $("kg-rels").appendChild(row);
  });
  const minInput = $("kg-min-papers");
  minInput.max = String(N.reduce((m, n) => Math.max(m, n.n || 0), 1));
  minInput.addEventListener("input", () => {
    state.minPapers = Math.max(0, parseInt(minInput.value, 10) || 0);
    refresh();
  });
  $("kg-more").addEventListener("click", () => { state.limit += CFG.step; refresh(); });
  $("kg-stats").textContent = N.length.toLocaleString("en") + " nodes · " +
    E.length.toLocaleString("en") + " edges · " + typeCount[TYPES.indexOf("Paper")].toLocaleString("en") + " papers";

  // ---- data from kg serve's API (window.kgSource), when the page has none of its own --------
  function find(query) { // a promise of the matching nodes' indices, best first
    if (!source) return Promise.resolve(search(query));
    return query.trim() ? source.search(query.trim(), 15).then((part) => merge(part, null)) : Promise.resolve([]);
  }
  function fail(err) {
    $("kg-status").textContent = String(err.message || err);
    console.error(err);
  }
  function merge(part, anchor) { // an API answer into the data shown; its nodes' indices here
    const added = source.merge(data, part, anchor);
    while (adj.length < N.length) {
      const n = N[adj.length];
      adj.push([]);
      index.push([n.l, ...(n.a || []), ...(n.ti ? [n.ti] : [])].map((s) => s.toLowerCase()));
    }
    added.edges.forEach((j) => {
      const e = E[j], pair = Math.min(e[0], e[1]) + "," + Math.max(e[0], e[1]), k = pairCount.get(pair) || 0;
      pairCount.set(pair, k + 1);
      edgeBend[j] = k;
      adj[e[0]].push(j);
      if (e[1] !== e[0]) adj[e[1]].push(j);
    });
    return added.nodes;
  }
  const expanded = new Set();
  function expand(i) { // load a node's neighbourhood once, then show it
    if (expanded.has(i)) return;
    expanded.add(i);
    if (nodes.get(i)) { // where it is drawn, which physics may have moved
      const at = network.getPosition(i);
      N[i].x = Math.round(at.x); N[i].y = Math.round(at.y);
    }
    source.node(N[i].i, 1).then((part) => {
      merge(part, i);
      refresh();
      if (state.selected === i) showPanel(i);
    }, (err) => { expanded.delete(i); fail(err); });
  }
  if (source) {
    $("kg-stats").textContent = N.length.toLocaleString("en") + " of " + (data.total || 0).toLocaleString("en") +
      " entities (those in most papers) · search or click to load more";
  }

  window.kgExplorer = {
    network: network, nodes: nodes, edges: edges, data: data, search: search,
    select: (id) => { const i = N.findIndex((n) => n.i === id); if (i >= 0) select(i, true); return i; },
    selectedId: () => (state.selected === null ? null : N[state.selected].i),
    visibleIds: () => nodes.getIds().map((i) => N[i].i),
  };
});
