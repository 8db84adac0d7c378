/* kg explorer data, served: every view comes from the server's JSON API (GET api/map, api/node,
   api/search, kg/sparql/explore.py), which answers in the shapes views.js gives for an embedded
   graph (kg/export/html.py's docstring). The page embeds only the names, counts and config. */
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("kg-data").textContent);

  function queryString(params) {
    const q = new URLSearchParams();
    Object.keys(params || {}).sort().forEach((key) => {
      const v = params[key];
      if (v === undefined || v === null || v === false) return;
      q.set(key, Array.isArray(v) ? v.join(",") : v === true ? "1" : String(v));
    });
    return q.toString();
  }

  /* A Promise of the view; ``null`` for a node the store does not have (as views.js). */
  function load(kind, params) {
    return fetch("api/" + encodeURIComponent(kind) + "?" + queryString(params), {
      headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store",
    }).then((response) => {
      if (response.status === 404 && kind === "node") return null;
      return response.json().then((body) => {
        if (!response.ok) throw new Error((body && body.error) || response.statusText);
        return body;
      });
    });
  }

  window.kgViews = {
    load: load,
    types: data.types, rels: data.rels, typeCounts: data.typeCounts, relCounts: data.relCounts,
    config: data.config,
    data: null,
  };
})();
