/* kg explorer's data from kg serve's JSON API (kg/sparql/explore.py documents the answers).
 * window.kgSource = {map(n, type), search(q, limit), node(id, hops, rels)}: each returns a promise
 * of an object shaped as kg.export.html.graph_data's (types, rels, nodes, edges, config), which
 * rejects with an Error on a failed request. Requests go to the page's own origin only.
 * kgSource.merge(data, answer, anchor) adds an answer's new nodes and edges to the data a page
 * shows (the first answer, grown by merges): see merge below. */
(function () {
  "use strict";
  const config = JSON.parse(document.getElementById("kg-api").textContent);
  const base = new URL(String(config.apiBase).replace(/\/?$/, "/"), document.baseURI);
  const cache = new Map(); // url -> promise: the store a server reads does not change under it
  const MAX_CACHED = 300;

  function get(name, params) {
    const url = new URL(name, base);
    Object.keys(params).forEach((k) => {
      const v = params[k];
      if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
    });
    if (url.origin !== window.location.origin) {
      return Promise.reject(new Error("kg: the API must be on the page's own server"));
    }
    const key = url.href;
    if (cache.has(key)) return cache.get(key);
    if (cache.size >= MAX_CACHED) cache.clear();
    const answer = fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((r) => r.json().catch(() => ({ error: r.status + " " + r.statusText }))
        .then((body) => {
          if (!r.ok || body === null || typeof body !== "object" || body.error) {
            throw new Error("kg " + name + ": " + ((body && body.error) || r.status));
          }
          return body;
        }));
    answer.catch(() => cache.delete(key)); // a failure is asked again next time
    cache.set(key, answer);
    return answer;
  }

  // Node ids and edges already in a page's data, by the data object.
  const known = new WeakMap();
  /* Add the nodes (by id "i") and edges (by source, target, relation) of `part` that `data` lacks,
   * with type and relation indices, paper lists (p, pb) and positions translated: a new node keeps
   * its place relative to part.focus, put at the node `anchor` (an index in data; null: as given).
   * Returns {nodes: the index in data of each of part's nodes, edges: the indices of the new edges}. */
  function merge(data, part, anchor) {
    if (!known.has(data)) {
      known.set(data, {
        ids: new Map(data.nodes.map((n, k) => [n.i, k])),
        edges: new Set(data.edges.map((e) => e[0] + " " + e[1] + " " + e[2])),
      });
    }
    const seen = known.get(data), N = data.nodes, E = data.edges;
    const code = (names, list) => names.map((name) => {
      if (!list.includes(name)) list.push(name);
      return list.indexOf(name);
    });
    const types = code(part.types, data.types), rels = code(part.rels, data.rels);
    const centre = anchor !== null && anchor !== undefined && part.focus !== undefined ? part.nodes[part.focus] : null;
    const dx = centre ? N[anchor].x - centre.x : 0, dy = centre ? N[anchor].y - centre.y : 0;
    const local = part.nodes.map((n) => {
      if (!seen.ids.has(n.i)) {
        N.push(Object.assign({}, n, { t: types[n.t], x: n.x + dx, y: n.y + dy, p: [], pb: [] }));
        seen.ids.set(n.i, N.length - 1);
      }
      return seen.ids.get(n.i);
    });
    part.nodes.forEach((n, j) => {
      const mine = N[local[j]];
      ["p", "pb"].forEach((key) => {
        const have = new Set(mine[key] || []);
        (n[key] || []).forEach((p) => have.add(local[p]));
        if (have.size) mine[key] = [...have].sort((a, b) => a - b); else delete mine[key];
      });
    });
    const added = [];
    part.edges.forEach((e) => {
      const edge = [local[e[0]], local[e[1]], rels[e[2]], ...e.slice(3)], key = edge.slice(0, 3).join(" ");
      if (seen.edges.has(key)) return;
      seen.edges.add(key);
      E.push(edge);
      added.push(E.length - 1);
    });
    return { nodes: local, edges: added };
  }

  window.kgSource = Object.freeze({
    merge: merge,
    config: Object.freeze(config),
    map: (n, type) => get("map", { n: n || config.mapSize, type: type }),
    search: (q, limit) => get("search", { q: q, limit: limit }),
    node: (id, hops, rels) => get("node", { id: id, hops: hops || 1, rel: rels && rels.length ? rels.join(",") : "" }),
  });
})();
