"""Turtle text for kg's plain triples, laid out byte for byte as Oxigraph's serializer lays it out.

Handing triples to Oxigraph means making a Python object for every term and every triple, which
took most of the Turtle export's time; formatting the plain strings here is about three times
faster. The output is what Oxigraph writes: its own ``@prefix`` header, a subject's triples
joined by ``;`` and a predicate's objects by ``,``, the same prefixed names and escapes (tests
compare the two on single characters and on random graphs).

The IRIs are written as they are: kg mints them from a safe alphabet (:mod:`kg.rdf.iri`) or takes
them from its vocabularies and from URLs that :func:`kg.export.rdf._link` checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import pyoxigraph as ox

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
XSD = "http://www.w3.org/2001/XMLSchema#"

# Turtle's grammar: PN_CHARS_BASE, PN_CHARS_U, PN_CHARS and the characters PN_LOCAL_ESC escapes.
_BASE = (
    "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_CHARS_U = _BASE + "_"
_CHARS = _CHARS_U + "\\-0-9\u00b7\u0300-\u036f\u203f-\u2040"
_LOCAL_ESC = "_~.\\-!$&'()*+,;=/?#@%"
_FIRST = re.compile(f"[{_CHARS_U}:0-9]")
_PLAIN = re.compile(f"[{_CHARS_U}:0-9](?:[{_CHARS}:.]*[{_CHARS}:])?")
_NOT_LOCAL = re.compile(f"[^{_CHARS}:{_LOCAL_ESC}]")
_ESCAPED = str.maketrans({c: "\\" + c for c in "~!$&'()*+,;=/?#@%"})  # escapable, not in PN_CHARS, but "."

_STRING_ESCAPES = {
    **{c: f"\\u{c:04X}" for c in [*range(0x20), 0x7F, 0xFFFE, 0xFFFF]},
    0x08: "\\b",
    0x09: "\\t",
    0x0A: "\\n",
    0x0C: "\\f",
    0x0D: "\\r",
    0x22: '\\"',
    0x5C: "\\\\",
}
_NEEDS_ESCAPE = re.compile('[\x00-\x1f"\\\\\x7f\ufffe\uffff]')
_INLINE = {
    XSD + "integer": re.compile(r"[+-]?[0-9]+"),
    XSD + "decimal": re.compile(r"[+-]?[0-9]*\.[0-9]+"),
    XSD + "double": re.compile(r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+"),
    XSD + "boolean": re.compile(r"true|false"),
}


def quoted(value: str) -> str:
    """A string literal: ``"..."`` with Oxigraph's escapes."""
    if _NEEDS_ESCAPE.search(value):
        value = value.translate(_STRING_ESCAPES)
    return f'"{value}"'


def local_name(value: str) -> str | None:
    """``value`` as the local part of a prefixed name (escaped), or None if it cannot be one."""
    if _PLAIN.fullmatch(value):
        return value
    first, rest = value[:1], value[1:]
    if not first or _NOT_LOCAL.search(rest):
        return None
    if not _FIRST.match(first):
        if first not in _LOCAL_ESC:
            return None
        first = "\\" + first
    rest = rest.translate(_ESCAPED)
    if rest.endswith("."):  # a name cannot end on a bare "."
        rest = rest[:-1] + "\\."
    return first + rest


class TurtleWriter:
    """Formats triples of plain strings; ``(value, datatype or None)`` tuples are literals."""

    def __init__(self, prefixes: dict[str, str]) -> None:
        self.header = _header(tuple(prefixes.items()))
        # Oxigraph tries the prefixes longest first.
        self._prefixes = sorted(prefixes.items(), key=lambda kv: -len(kv[1]))
        self._iris: dict[str, str] = {}

    def iri(self, iri: str) -> str:
        written = self._iris.get(iri)
        if written is None:
            written = self._iris[iri] = self._prefixed(iri)
        return written

    def _prefixed(self, iri: str) -> str:
        for name, namespace in self._prefixes:
            if iri.startswith(namespace):
                local = local_name(iri[len(namespace) :]) if len(iri) > len(namespace) else ""
                if local is not None:
                    return f"{name}:{local}"
        return f"<{iri}>"

    def literal(self, value: str, datatype: str | None) -> str:
        if datatype is None:
            return quoted(value)
        inline = _INLINE.get(datatype)
        if inline is not None and inline.fullmatch(value):
            return value
        return f"{quoted(value)}^^{self.iri(datatype)}"

    def write(self, triples: Iterable[tuple[str, str, str | tuple[str, str | None]]]) -> str:
        """The document; objects are IRIs (str) or literals (``(value, datatype)``)."""
        known = self._iris.get  # the hot loop: terms looked up before calling anything
        iri, literal = self.iri, self.literal
        out = [self.header]
        add = out.append
        subject = predicate = None
        for s, p, o in triples:
            obj = (known(o) or iri(o)) if type(o) is str else literal(*o)
            if s == subject and p == predicate:
                add(f" , {obj}")
                continue
            verb = "a" if p == RDF_TYPE else known(p) or iri(p)
            if s == subject:
                add(f" ;\n\t{verb} {obj}")
            else:
                if subject is not None:
                    add(" .\n")
                add(f"{known(s) or iri(s)} {verb} {obj}")
            subject, predicate = s, p
        if subject is None:
            return ""  # as Oxigraph: no triples, no prefixes
        add(" .\n")
        return "".join(out)


@lru_cache(maxsize=8)
def _header(prefixes: tuple[tuple[str, str], ...]) -> str:
    """Oxigraph's ``@prefix`` lines for these prefixes, in its order."""
    probe = ox.Triple(ox.NamedNode("urn:kg:s"), ox.NamedNode("urn:kg:p"), ox.NamedNode("urn:kg:o"))
    text = (ox.serialize([probe], format=ox.RdfFormat.TURTLE, prefixes=dict(prefixes)) or b"").decode("utf-8")
    return "".join(line + "\n" for line in text.splitlines() if line.startswith("@prefix "))
