/* kg explorer data: every view the page draws comes from kgViews.load(kind, params), a Promise
   of an object shaped as kg/export/html.py's docstring says. Here it slices the JSON embedded in
   the page; a server can answer the same kinds from JSON endpoints with the same shapes. */
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("kg-data").textContent);
  const N = data.nodes, E = data.edges, TYPES = data.types, RELS = data.rels;
  const PAPER = TYPES.indexOf("Paper");
  const isPaper = (i) => N[i].t === PAPER;
  const byId = new Map(N.map((n, i) => [n.i, i]));
  let adj = null; // edge indices by node, built on first use
  function adjacency() {
    if (adj) return adj;
    adj = N.map(() => []);
    E.forEach((e, j) => { adj[e[0]].push(j); if (e[1] !== e[0]) adj[e[1]].push(j); });
    return adj;
  }

  /* The nodes at ``indices`` (in that order) and the edges between them whose relation passes
     ``relOk``; node indices in edges, "p" and "pb" renumbered to positions in the answer. */
  const clusterLabel = new Map(data.clusters.map((c) => [c.id, c.label]));
  function slice(indices, relOk) {
    const local = new Map(indices.map((g, k) => [g, k]));
    const nodes = indices.map((g) => {
      const n = Object.assign({}, N[g]);
      if (n.cluster !== undefined && n.cluster_label === undefined && clusterLabel.has(n.cluster)) {
        n.cluster_label = clusterLabel.get(n.cluster);
      }
      ["p", "pb"].forEach((key) => {
        if (!n[key]) return;
        const kept = n[key].filter((q) => local.has(q)).map((q) => local.get(q)).sort((a, b) => a - b);
        if (kept.length) n[key] = kept; else delete n[key];
      });
      return n;
    });
    const picked = [];
    const links = adjacency();
    indices.forEach((g) => links[g].forEach((j) => {
      const e = E[j], other = e[0] === g ? e[1] : e[0];
      if (e[0] === g && local.has(other) && (!relOk || relOk(e[2]))) picked.push(j);
    }));
    picked.sort((a, b) => a - b);
    const edges = picked.map((j) => {
      const e = E[j].slice();
      e[0] = local.get(e[0]); e[1] = local.get(e[1]);
      return e;
    });
    return { types: TYPES, rels: RELS, nodes: nodes, edges: edges };
  }

  function mapView(params) {
    const n = Math.max(0, Math.min(data.map.length, params.n === undefined ? data.config.mapDefault : params.n));
    const chosen = data.map.slice(0, n);
    if (params.papers) {
      const seen = new Set();
      chosen.forEach((i) => (N[i].p || []).forEach((q) => seen.add(q)));
      chosen.push(...[...seen].sort((a, b) => a - b));
    }
    return Object.assign(slice(chosen), {
      clusters: data.clusters, years: data.years, emerging: data.emerging,
    });
  }

  function allView() {
    return Object.assign(slice(N.map((_, i) => i)), {
      clusters: data.clusters, years: data.years, emerging: data.emerging,
    });
  }

  /* The node, then hop by hop its neighbours over the allowed relations, strongest first
     (sum of link weights, then papers, then id), ``limit`` nodes in all: hop h of H fills the
     view up to limit * h / H, so that a hub's first hop leaves room for the second. */
  function nodeView(params) {
    const c = byId.get(params.id);
    if (c === undefined) return null;
    const hops = params.hops === 2 ? 2 : 1, limit = Math.max(1, params.limit || data.config.focusMax);
    const allowed = new Set(params.rel ? params.rel.map((r) => RELS.indexOf(r)) : RELS.map((_, r) => r));
    const links = adjacency();
    const chosen = [c], seen = new Set([c]);
    let frontier = [c], total = 0;
    for (let h = 0; h < hops; h++) {
      const score = new Map();
      frontier.forEach((u) => links[u].forEach((j) => {
        const e = E[j], v = e[0] === u ? e[1] : e[0];
        if (!allowed.has(e[2]) || seen.has(v) || (isPaper(v) && !params.papers)) return;
        score.set(v, (score.get(v) || 0) + e[3]);
      }));
      const found = [...score.keys()].sort((a, b) => score.get(b) - score.get(a) ||
        (N[b].n || 0) - (N[a].n || 0) || (N[a].i < N[b].i ? -1 : N[a].i > N[b].i ? 1 : 0));
      total += found.length;
      frontier = found.slice(0, Math.max(0, Math.round((limit * (h + 1)) / hops) - chosen.length));
      frontier.forEach((v) => { seen.add(v); chosen.push(v); });
    }
    const draw = chosen.length;
    const own = [...new Set([...(N[c].p || []), ...(N[c].pb || [])])].filter((q) => !seen.has(q));
    chosen.push(...own.sort((a, b) => a - b));
    return Object.assign(slice(chosen, (r) => allowed.has(r)), { centre: 0, draw: draw, total: total });
  }

  const keys = N.map((n) => [n.l, ...(n.a || []), ...(n.h || []), ...(n.ti ? [n.ti] : [])].map((s) => s.toLowerCase()));
  function searchView(params) {
    const q = String(params.q || "").trim().toLowerCase();
    const hits = [];
    if (q) {
      keys.forEach((ks, i) => {
        let best = 9;
        ks.forEach((k, pos) => {
          best = Math.min(best, k === q ? (pos ? 1 : 0) : k.startsWith(q) ? 2 : k.includes(q) ? 3 : 9);
        });
        if (best < 9) hits.push([best, i]);
      });
      hits.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    }
    const found = slice(hits.slice(0, 15).map((h) => h[1]));
    found.edges = [];
    return found;
  }

  const KINDS = { map: mapView, all: allView, node: nodeView, search: searchView };
  function load(kind, params) {
    return new Promise((resolve, reject) => {
      const view = KINDS[kind];
      if (!view) { reject(new Error("unknown view " + kind)); return; }
      resolve(view(params || {}));
    });
  }

  const typeCounts = TYPES.map(() => 0), relCounts = RELS.map(() => 0);
  N.forEach((n) => { typeCounts[n.t] += 1; });
  E.forEach((e) => { relCounts[e[2]] += 1; });
  /* What the page needs before its first view: the names, their counts in the whole graph, and
     the config. A server's page embeds the same (kg.export.html.render_served_html). */
  window.kgViews = {
    load: load,
    types: TYPES, rels: RELS, typeCounts: typeCounts, relCounts: relCounts,
    config: Object.assign({ nodes: N.length, edges: E.length, mapSize: data.map.length,
      paperCount: typeCounts[PAPER] || 0 }, data.config),
    data: data,
  };
})();
