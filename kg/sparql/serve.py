"""A read-only SPARQL 1.1 Protocol endpoint over a store directory or an RDF file.

Standard library only (``wsgiref`` + a thread per connection). Queries run in a small pool of
worker processes that each open the store read-only: Oxigraph cannot cancel a query, so a query
that overruns ``timeout_s`` gets its worker killed and replaced and the client a 503. Results are
cut at ``max_results`` rows or triples (header ``X-KG-Truncated: true``). SPARQL Update and
federated ``SERVICE`` calls are refused with 403 from the parsed request.
"""

from __future__ import annotations

import html
import pickle
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing.connection import Connection
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import parse_qs
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pyoxigraph as ox

from kg.export.html import render_served_html
from kg.sparql.explore import BadRequest, Explorer, error, parse_request
from kg.sparql.labels import build_index
from kg.sparql.overview import build_overview
from kg.sparql.results import GRAPH_TYPES, SOLUTION_TYPES, boolean, solutions
from kg.sparql.store import QUERY_PREFIXES, open_store, rdf_format, resolve

Reply = tuple[int, str, bytes, dict[str, str]]
StartResponse = Callable[..., Any]

MAX_BODY = 1 << 20
_SERVICE = re.compile(r"\bSERVICE\b", re.IGNORECASE)


def _accepted(accept: str) -> list[str]:
    """Media types of an Accept header, best first."""
    ranked = []
    for i, part in enumerate(accept.split(",")):
        media, *params = (p.strip() for p in part.split(";"))
        q = next((float(p[2:]) for p in params if p.startswith("q=") and p[2:].replace(".", "", 1).isdigit()), 1.0)
        if media and q > 0:
            ranked.append((-q, i, media.lower()))
    return [m for _, _, m in sorted(ranked)]


def _refusal(sparql: str) -> str | None:
    """Why a text that is not a valid query is refused, from rdflib's parse of it (or None)."""
    from rdflib.plugins.sparql.parser import parseUpdate

    try:
        parseUpdate(sparql)
    except Exception:
        return None
    return "SPARQL Update is not allowed: this endpoint is read-only"


def _uses_service(sparql: str) -> bool:
    if not _SERVICE.search(sparql):
        return False
    from rdflib.plugins.sparql import prepareQuery

    try:
        return "ServiceGraphPattern" in repr(prepareQuery(sparql, initNs=QUERY_PREFIXES).algebra)
    except Exception:
        return True


def answer(store: ox.Store, sparql: str, accept: list[str], max_results: int) -> Reply:
    """Run one query and serialize its result for the first acceptable media type."""
    if _uses_service(sparql):
        return 403, "text/plain", b"federated queries (SERVICE) are disabled on this endpoint\n", {}
    try:
        result = store.query(sparql, prefixes=QUERY_PREFIXES)
    except SyntaxError as err:
        refusal = _refusal(sparql)
        if refusal:
            return 403, "text/plain", (refusal + "\n").encode(), {}
        return 400, "text/plain", f"malformed query: {err}\n".encode(), {}
    try:
        headers = {"X-KG-Max-Results": str(max_results)}
        if isinstance(result, ox.QueryTriples):
            media = next((m for m in accept if m in GRAPH_TYPES), "text/turtle")
            triples = [t for t, _ in zip(result, range(max_results + 1), strict=False)]
            if len(triples) > max_results:
                headers["X-KG-Truncated"] = "true"
            prefixes = {p: QUERY_PREFIXES[p] for p in ("kg", "kgr", "skos", "dcterms", "prov", "rdf", "schema")}
            data = ox.serialize(triples[:max_results], format=GRAPH_TYPES[media], prefixes=prefixes) or b""
            return 200, "text/turtle" if media == "application/turtle" else media, data, headers
        media = next((m for m in accept if m in SOLUTION_TYPES), "application/sparql-results+json")
        fmt = SOLUTION_TYPES[media]
        if isinstance(result, ox.QueryBoolean):
            return 200, media, boolean(bool(result), fmt), headers
        names = [v.value for v in result.variables]
        rows = [list(row) for row, _ in zip(result, range(max_results + 1), strict=False)]
        if len(rows) > max_results:
            headers["X-KG-Truncated"] = "true"
        headers["X-KG-Result-Count"] = str(min(len(rows), max_results))
        return 200, media, solutions(names, rows[:max_results], fmt), headers
    except Exception as err:  # evaluation errors surface while iterating
        return 400, "text/plain", f"query failed: {err}\n".encode(), {}


def _worker_main(conn: Connection, store_dir: str, index_file: str = "") -> None:
    store = ox.Store.read_only(store_dir)
    try:  # the label index and overview the server built, in its own temporary folder (fast to load)
        explorer = Explorer(store, *pickle.loads(Path(index_file).read_bytes())) if index_file else Explorer(store)
    except FileNotFoundError:  # the server closed while this worker started
        return
    conn.send("ready")
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        kind, *args = job
        conn.send(explorer.reply(*args) if kind == "api" else answer(store, *args))


_WORKER = (
    "import sys; from multiprocessing.connection import Connection; from kg.sparql.serve import _worker_main; "
    "_worker_main(Connection(int(sys.argv[1])), *sys.argv[2:])"
)


class _Worker:
    """A query process, started afresh (no fork of this threaded server), talking over a socket pair."""

    def __init__(self, store_dir: str, index_file: str) -> None:
        mine, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _WORKER, str(theirs.fileno()), store_dir, index_file], pass_fds=[theirs.fileno()]
            )
        self.conn = Connection(mine.detach())

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(5)
        self.conn.close()


class QueryPool:
    """Worker processes answering queries; a worker that overruns its time is killed and replaced."""

    def __init__(self, store_dir: Path, size: int, index_file: Path | None = None) -> None:
        self._dir, self._index = str(store_dir), str(index_file or "")
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self.closed = False
        starting = [threading.Thread(target=self._replace) for _ in range(size)]  # side by side
        for thread in starting:
            thread.start()
        for thread in starting:
            thread.join()

    def _replace(self) -> None:
        if self.closed:
            return
        worker = _Worker(self._dir, self._index)
        with self._lock:
            self._all.add(worker)
        try:
            ready = worker.conn.poll(60) and worker.conn.recv() == "ready"
        except (EOFError, OSError):  # killed while starting, by close()
            ready = False
        if ready and not self.closed:
            self._idle.put(worker)
        else:
            self._drop(worker)

    def _drop(self, worker: _Worker) -> None:
        worker.kill()
        with self._lock:
            self._all.discard(worker)

    def run(self, job: tuple[Any, ...], timeout_s: float) -> Reply:
        """Run a job (``("sparql", query, accept, max_results)`` or ``("api", request)``) in a worker."""
        deadline = time.monotonic() + timeout_s
        try:
            worker = self._idle.get(timeout=timeout_s)
        except queue.Empty:
            return 503, "text/plain", b"server busy: no query worker became free in time\n", {"Retry-After": "1"}
        try:
            worker.conn.send(job)
            left = deadline - time.monotonic()  # a reply ready only after the deadline is still too late
            if left > 0 and worker.conn.poll(left):
                reply: Reply = worker.conn.recv()
                self._idle.put(worker)
                return reply
            message = f"query stopped: it ran longer than the time limit of {timeout_s:g} s\n"
            reply = 503, "text/plain", message.encode(), {}
        except (EOFError, OSError):
            reply = 500, "text/plain", b"query worker died\n", {}
        self._drop(worker)
        threading.Thread(target=self._replace, daemon=True).start()
        return reply

    def close(self) -> None:
        self.closed = True
        with self._lock:
            workers = list(self._all)
        for worker in workers:
            self._drop(worker)


def _form_page(name: str) -> bytes:
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>kg SPARQL: {html.escape(name)}</title></head>
<body><h1>SPARQL endpoint</h1><p>Graph: {html.escape(name)}</p>
<form action="sparql" method="get"><textarea name="query" rows="12" cols="100">
SELECT ?label (COUNT(?p) AS ?papers) WHERE {{ ?p kg:mentions ?e . ?e skos:prefLabel ?label }}
GROUP BY ?label ORDER BY DESC(?papers) LIMIT 20</textarea><br><button>Run</button></form></body></html>
""".encode()


class SparqlApp:
    """The WSGI application: ``/`` the explorer page, ``/api/...`` the JSON it reads
    (:mod:`kg.sparql.explore`), ``/sparql`` the SPARQL 1.1 Protocol endpoint (a query form without a query).
    """

    def __init__(self, source: Path, *, max_results: int, timeout_s: float, workers: int) -> None:
        source = Path(source)
        self.max_results, self.timeout_s = max_results, timeout_s
        if source.is_dir():
            store_dir = resolve(source)
            open_store(source)  # fail early on a bad directory
        self._tmp = Path(tempfile.mkdtemp(prefix="kg-serve-"))
        if not source.is_dir():
            store_dir = self._tmp / "store"
            store = ox.Store(str(store_dir))
            store.bulk_load(path=str(source), format=rdf_format(source))
            store.flush()
            del store
        # built once here, loaded by each query worker (kg/sparql/labels.py, kg/sparql/overview.py)
        store = ox.Store.read_only(str(store_dir))
        index = build_index(store)
        overview = build_overview(store, index)
        del store
        index_file = self._tmp / "explorer.pickle"
        index_file.write_bytes(pickle.dumps((index, overview), protocol=5))
        self.name = source.name
        self.page = render_served_html(overview.summary, title=source.name).encode()
        csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', self.page.decode())
        self.page_headers = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
        if csp is not None:  # the page's policy (by hashes of its scripts) as a header too, where frame-ancestors works
            self.page_headers["Content-Security-Policy"] = csp.group(1) + "; frame-ancestors 'none'"
        self.pool = QueryPool(store_dir, workers, index_file)

    def api(self, name: str, method: str, query: str) -> Reply:
        """``/api/<name>``: the explorer's JSON API (:mod:`kg.sparql.explore`), run in the query workers."""
        if method not in ("GET", "HEAD"):
            return 405, "text/plain", b"use GET\n", {"Allow": "GET"}
        try:
            request = parse_request(name, query)
        except KeyError:
            return error(404, "no such API: use /api/map, /api/search or /api/node")
        except BadRequest as err:
            return error(400, str(err))
        return self.pool.run(("api", request), self.timeout_s)

    def close(self) -> None:
        self.pool.close()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        status, media, body, headers = self.handle(environ)
        reason = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"}
        reason |= {413: "Payload Too Large", 500: "Internal Server Error", 503: "Service Unavailable"}
        charset = "; charset=utf-8" if media.startswith("text/") or media.endswith(("json", "xml")) else ""
        start_response(
            f"{status} {reason.get(status, 'Error')}",
            [("Content-Type", media + charset), ("Content-Length", str(len(body))), *headers.items()],
        )
        return [body]

    def handle(self, environ: dict[str, Any]) -> Reply:
        path, method = environ.get("PATH_INFO", "/"), environ.get("REQUEST_METHOD", "GET")
        if path in ("/", "/index.html"):
            return 200, "text/html", self.page, dict(self.page_headers)
        if path.startswith("/api/"):
            return self.api(path[len("/api/") :], method, environ.get("QUERY_STRING", ""))
        if path != "/sparql":
            return 404, "text/plain", b"not found; the SPARQL endpoint is /sparql\n", {}
        params = parse_qs(environ.get("QUERY_STRING", ""))
        if method in ("GET", "HEAD") and not params:
            return 200, "text/html", _form_page(self.name), {}
        if method == "POST":
            length = int(environ.get("CONTENT_LENGTH") or 0)
            if length > MAX_BODY:
                return 413, "text/plain", b"request body too large\n", {}
            body = environ["wsgi.input"].read(length).decode("utf-8", "replace")
            ctype = environ.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
            if ctype == "application/sparql-query":
                params["query"] = [body]
            elif ctype == "application/x-www-form-urlencoded":
                params |= parse_qs(body)
            elif ctype == "application/sparql-update":
                params["update"] = [body]
            else:
                return 400, "text/plain", b"POST needs application/sparql-query or a form\n", {}
        elif method not in ("GET", "HEAD"):
            return 405, "text/plain", b"use GET or POST\n", {"Allow": "GET, POST"}
        if "update" in params:
            return 403, "text/plain", b"SPARQL Update is not allowed: this endpoint is read-only\n", {}
        if len(params.get("query", [])) != 1:
            return 400, "text/plain", b"give exactly one 'query' parameter\n", {}
        accept = _accepted(environ.get("HTTP_ACCEPT", ""))
        return self.pool.run(("sparql", params["query"][0], accept, self.max_results), self.timeout_s)


def make_app(source: Path, *, max_results: int = 10000, timeout_s: float = 10.0, workers: int = 2) -> SparqlApp:
    """The endpoint's WSGI app for a store directory or an RDF file; call ``.close()`` when done."""
    return SparqlApp(source, max_results=max_results, timeout_s=timeout_s, workers=workers)


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True
    request_queue_size = 256


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def make_http_server(app: SparqlApp, host: str = "127.0.0.1", port: int = 0, *, quiet: bool = True) -> WSGIServer:
    """A threaded HTTP server for ``app`` (port 0 picks a free one: see ``server.server_port``)."""
    handler = _QuietHandler if quiet else WSGIRequestHandler
    return make_server(host, port, app, server_class=_Server, handler_class=handler)


def serve(
    source: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    max_results: int = 10000,
    timeout_s: float = 10.0,
    workers: int = 2,
    quiet: bool = False,
) -> None:
    """Serve ``source`` at ``http://host:port/sparql`` until interrupted (loopback by default)."""
    app = make_app(source, max_results=max_results, timeout_s=timeout_s, workers=workers)
    server = make_http_server(app, host, port, quiet=quiet)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        app.close()
