"""Mint IRIs from arbitrary labels and keys: a safe alphabet, and injective.

Everything outside ``[A-Za-z0-9.-]`` is percent-encoded as UTF-8, ``%`` and ``_`` included, and so
is a final ``.``, so two different keys never give one IRI and nothing in a key can break a
serialization or a parser.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import unquote

from rdflib import URIRef

from kg.rdf.ontology import RESOURCE_BASE

_ALL_SAFE = re.compile(r"[A-Za-z0-9.-]*")
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-")


def encode(key: str) -> str:
    """Percent-encode ``key`` to the safe alphabet.

    >>> encode("sparse autoencoder"), encode("a_b%c"), encode("ü"), encode("i.i.d.")
    ('sparse%20autoencoder', 'a%5Fb%25c', '%C3%BC', 'i.i.d%2E')
    """
    if _ALL_SAFE.fullmatch(key) and not key.endswith("."):
        return key
    encoded = "".join(c if c in _SAFE else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in key)
    # A final "." would end a Turtle prefixed name as "\." (valid, but rdflib refuses it).
    return encoded[:-1] + "%2E" if encoded.endswith(".") else encoded


def decode(text: str) -> str:
    """Inverse of :func:`encode`.

    >>> decode(encode("<x> \\"y\\" & z"))
    '<x> "y" & z'
    """
    return unquote(text, errors="strict")


@lru_cache(maxsize=1 << 16)
def node_iri(node: str) -> URIRef:
    """IRI of a graph node id such as ``entity/<key>`` or ``paper/<key>``."""
    kind, _, key = node.partition("/")
    return URIRef(f"{RESOURCE_BASE}{kind}/{encode(key)}")


def cluster_iri(members: Iterable[str]) -> URIRef:
    """IRI of the cluster of these entity node ids: a digest of the sorted ids, so the same cluster
    gets the same IRI in every build, and two clusters share one only when they have the same members
    (numbers would clash in a store that holds several builds).

    >>> cluster_iri(["entity/b", "entity/a"]) == cluster_iri(["entity/a", "entity/b"])
    True
    >>> str(cluster_iri(["entity/a"])).rpartition("/")[2].isalnum()
    True
    """
    digest = hashlib.sha256("\n".join(sorted(members)).encode("utf-8")).hexdigest()[:20]
    return node_iri(f"cluster/{digest}")


def node_of(iri: str) -> str | None:
    """Graph node id of an IRI minted by :func:`node_iri`, or None for other IRIs."""
    if not iri.startswith(RESOURCE_BASE):
        return None
    kind, sep, key = iri[len(RESOURCE_BASE) :].partition("/")
    return f"{kind}/{decode(key)}" if sep else None
