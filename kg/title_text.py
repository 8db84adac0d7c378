"""What a paper's title says of its own contribution: the name it opens with before a colon or a
dash ("PI3NN: Out-of-distribution-aware ..."), what it says after that name, and the openings that
can name what the paper proposes; keys as :func:`kg.text.term_key` makes them."""

from __future__ import annotations

import re

from kg.text import name_like, term_key

#: Words after which a title says what its opening is for or how it works.
NAME_ENDS = frozenset({"for", "with", "via", "through", "using", "by"})
_BREAK = re.compile(r":| [-–—] ")


def title_openings(title: str) -> set[str]:
    """The keys (:func:`term_key`) of the title's openings that can name what the
    paper proposes: the part before a colon or a dash, the words before "for", "with", "via",
    "through", "using" or "by", and the whole title ("Query Embedding on ..." studies query embedding).

    >>> sorted(title_openings("CDTrans: Cross-domain Transformer for Unsupervised Domain Adaptation"))
    ['cdtran']
    >>> sorted(title_openings("Hierarchical Variational Memory for Few-shot Learning Across Domains"))
    ['hierarchicalvariationalmemory', 'hierarchicalvariationalmemoryforfewshotlearningacrossdomain']
    """
    name = title_name(title)
    if name is not None:
        return {name} - {""}
    words = title.split()
    openings = {" ".join(words[:i]) for i in range(1, len(words)) if words[i].lower() in NAME_ENDS}
    return {term_key(t) for t in (*openings, title)} - {""}


def title_name(title: str) -> str | None:
    """The key of what a title opens with before a colon or a dash, which names the paper's own
    method, model or dataset ("PI3NN: Out-of-distribution-aware ..."); None without one.

    >>> title_name("CDTrans: Cross-domain Transformer"), title_name("Graph Edit Networks")
    ('cdtran', None)
    """
    cut = _BREAK.search(title)
    return None if cut is None else term_key(title[: cut.start()])


def title_description(title: str) -> str | None:
    """What a title says after the name it opens with (:func:`title_name`); None without one.

    >>> title_description("GAIA: a benchmark for General AI Assistants"), title_description("Graph Edit Networks")
    ('a benchmark for General AI Assistants', None)
    """
    cut = _BREAK.search(title)
    return None if cut is None else title[cut.end() :].strip()


def coined_title_name(title: str) -> str | None:
    """What a title opens with before a colon or a dash, as written, when it reads as a name the
    paper coins: one or two words written like a name (:func:`name_like`)
    ("Auto-Transfer: Learning to Route ...", "SCOP: Scientific Control ...", "CaPC Learning: ...");
    not a phrase ("Proximal Gradient Descent-Ascent: ...", "MCMC Should Mix: ...") nor a plain word.

    >>> [coined_title_name(t) for t in ("Auto-Transfer: Learning to Route", "SkipW: Resource Adaptable RNN",
    ...     "MCMC Should Mix: Learning", "Off-Dynamics Reinforcement Learning: Training", "Graph Edit Networks")]
    ['Auto-Transfer', 'SkipW', None, None, None]
    """
    cut = _BREAK.search(title)
    if cut is None:
        return None
    name = title[: cut.start()].strip()
    return name if 1 <= len(name.split()) <= 2 and name_like(name) else None
