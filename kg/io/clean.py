"""Clean abstract text before parsing: Markdown, LaTeX and escapes out, URLs kept aside.

Abstracts from conference sites carry Markdown (``**CoS**``, ``[this link](url)``) and LaTeX
(``$\\sqrt{\\text{depth}}$``, ``\\href{url}{text}``, ``1\\%``). The parser should see the words a
reader sees; the URLs are the paper's code and data links, so they are returned, not dropped.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from kg.text import english_zipf


class Cleaned(NamedTuple):
    text: str
    urls: tuple[str, ...]


_URL = re.compile(r"https?://[^\s<>\"'{}()\[\]]+")
_URL_TRAIL = ".,;:!?"

_MD_LINK = re.compile(r"\[([^\]\n]*)\]\(\s*([^)\s]*)\s*\)")
_MD_AUTOLINK = re.compile(r"<(https?://[^>\s]+)>")
_HREF = re.compile(r"\\(?:href)\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URL_CMD = re.compile(r"\\url\s*\{([^{}]*)\}")
_FOOTNOTE = re.compile(r"\s*~?\\footnote\s*\{")
#: A citation command with its keys: "overparameterization \\citep{nagarajan2019}" (no word a reader sees).
_CITE = re.compile(r"\s*~?\\cite[a-z]*\*?\s*(?:\[[^\]]*\]\s*)*\{[^{}]*\}")
#: Typographic ligatures of PDF text: "signiﬁcant", "ﬂow", "eﬀect".
_LIGATURES = str.maketrans(
    {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"}
    # a no-break or thin space is a space: the parser reads it as a word of its own ("neural\xa0architectures")
    | dict.fromkeys(["\u00a0", "\u2007", "\u2009", "\u200a", "\u202f"], " ")
)
_MD_BOLD = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1", re.DOTALL)
_MD_ITALIC = re.compile(r"(?<![\w*])([*_])(?=[^\s*_])(.+?)(?<=[^\s*_])\1(?![\w*])")
_MD_CODE = re.compile(r"`([^`\n]+)`")
#: Math between dollars, not escaped ones: in "saving \$300,000 (\$26,000 vs. \$320,000)" they are money,
#: and pairing them as math shifts every later pair ("PixArt-$\alpha$ excels" -> "PixArt-alphaexcels").
_MATH = re.compile(r"\$\$(.+?)\$\$|(?<!\\)\$(.+?)(?<!\\)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
_ESCAPED_DOLLAR = re.compile(r"\\+\$")  # "\$26,000", or doubled by an export: "\\$26,000"
_TEXT_CMD = re.compile(
    r"\\(?:text\w*|mathrm|mathbf|mathit|mathcal|mathbb|emph|textbf|textit|operatorname|mbox)\s*\{([^{}]*)\}"
)
_SYMBOLS = {
    "times": "×",
    "cdot": "·",
    "leq": "≤",
    "geq": "≥",
    "le": "≤",
    "ge": "≥",
    "neq": "≠",
    "approx": "≈",
    "sim": "~",
    "infty": "∞",
    "pm": "±",
    "to": "→",
    "rightarrow": "→",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "eta": "η",
    "theta": "θ",
    "lambda": "λ",
    "mu": "μ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "psi": "ψ",
    "omega": "ω",
    "ell": "ℓ",
    "log": "log",
    "exp": "exp",
    "sqrt": "√",
    "sum": "∑",
    "prod": "∏",
    "in": "∈",
    "ldots": "…",
    "dots": "…",
    "cdots": "⋯",
}
#: Commands that only decorate or size math, written outside ``$`` too ("an \\tilde{O}(\\sqrt{T})
#: regret", "\\ensuremath{...}"), and LaTeX's list and reference scaffolding: no word a reader sees
#: (a footnote keeps its words: it may hold the code link).
_MARKUP = re.compile(
    r"\\(?:(?:begin|end|ref|label)\s*\{[^{}]*\}|item\b"
    r"|(?:tilde|widetilde|hat|widehat|bar|overline|underline|vec|dot|ddot|ensuremath|footnote|left|right|[Bb]igg?[lr]?)"
    r"(?![A-Za-z])\s*(?:\{([^{}\\]*)\})?)"
)
#: The macros some authors write for "i.e." and "e.g.": "\\ie it converges", "(\\eg, texture)".
_LATIN = re.compile(r"\\(i|e)\.?(e|g)\.?(?![A-Za-z])")
_FONTS = ("em", "it", "bf", "sc", "tt", "rm", "sl", "sf", "bfseries", "itshape")
_FONT_GROUP = re.compile(r"\{\\(?:" + "|".join(_FONTS) + r")\s+([^{}]*)\}")  # {\em draft}
_GROUP = re.compile(r"(?<![\\\w])\{([^{}\\]*)\}")  # {GAN}: TeX grouping, not \{ nor \cmd{...}
_TIE = re.compile(r"(?<=[\w.)\]])~(?=[\w(\[])")  # decoding~(SD), e.g.~SGD: TeX's unbreakable space
_CMD = re.compile(r"\\([A-Za-z]+)\s*")
#: A macro the authors defined for their method's name ("we introduce \\modelname{}, a video tokenizer"):
#: the name is in their preamble, not in the abstract; its macro's name is no word a reader sees.
_PLACEHOLDER = re.compile(r"\s*\\(?!operatorname)(?:[A-Za-z]*name|ours|method|abv|abbr|sys)(?![A-Za-z])(?:\{\})?")
_ESCAPED = re.compile(r"\\([%&$#_{}~^\\*\[\]()`|<>-])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SPACES = re.compile(r"[ \t\r\f\v]+")
_NEWLINES = re.compile(r" *\n+ *")


def find_urls(text: str) -> list[str]:
    """URLs in ``text``, with sentence punctuation trimmed off their end.

    >>> find_urls("Code: https://github.com/a/b. Data at https://x.org/d/.")
    ['https://github.com/a/b', 'https://x.org/d/']
    """
    return [m.group(0).rstrip(_URL_TRAIL) for m in _URL.finditer(text)]


def _text_commands(text: str) -> str:
    """``text`` with each text command's group unwrapped, the nested ones too.

    >>> _text_commands(r"\\textit{\\textbf{S}table \\textbf{A}daptive} (\\textsc{SAGD})")
    'Stable Adaptive (SAGD)'
    """
    for _ in range(5):  # innermost first: "\\textit{\\textbf{S}table}" is "\\textit{Stable}" after one pass
        unwrapped = _TEXT_CMD.sub(r"\1", text)
        if unwrapped == text:
            break
        text = unwrapped
    return text


def _math(match: re.Match[str]) -> str:
    body = next(g for g in match.groups() if g is not None)
    body = _text_commands(body)
    body = _CMD.sub(lambda m: _SYMBOLS.get(m.group(1), ""), body)
    body = _ESCAPED.sub(r"\1", body)
    return body.replace("{", "").replace("}", "").replace("^", "").strip()


#: TeX accents: Hyv\\"arinen, Erd\\H{o}s, {\\'e}, \\`a -> the accented letter.
_ACCENT = re.compile(r"\{?\\([\"'`^~=.]|[Hcuv](?=\s*\{))\s*\{?([A-Za-z])\}?\}?")
_COMBINING = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
              ".": "\u0307", "H": "\u030b", "c": "\u0327", "u": "\u0306", "v": "\u030c"}  # fmt: skip
#: TeX spacing commands: \, \; \! \: and \quad.
_TEX_SPACE = re.compile(r"\\[,;:!]|\\q?quad\b")
#: A link written against the previous word: "available athttps://github.com/...".
_GLUED_URL = re.compile(r"(?<=[A-Za-z])(?=https?://)")
#: Two names joined by an en dash, TeX's "--" or Unicode's: "Kullback--Leibler", "Runge–Kutta".
#: A reader sees one name; written so, the parser makes two ("Kullback", "Leibler divergence").
_NAME_DASH = re.compile(r"\b([A-Z][A-Za-z]+)(?:--|–)(?=[A-Z][A-Za-z]+\b)")
#: TeX's dashes: "---" an em dash, "--" an en dash ("a GLUE score---matching models twice its size",
#: "exploration--a crucial aspect of RL--has"): a reader sees a dash between words, not one word
#: joined to the next; "--" between digits is a range ("1--8%").
_TEX_DASH = re.compile(r"(?P<em>\s*---\s*)|(?P<range>(?<=\d)--(?=\d))|\s*--\s*")


def _dash(match: re.Match[str]) -> str:
    return " — " if match.group("em") else "–" if match.group("range") else " – "


#: A word broken across a line with a hyphen: "explic- itly" (not "fully- and partially-").
_LINE_BREAK = re.compile(r"\b([a-z]{2,})- ([a-z]{2,})\b")
#: The same break whose space the extraction lost: "rep-resentations", "archi-tectures" (not "auto-regressive").
_INNER_BREAK = re.compile(r"\b([a-z]{2,})-([a-z]{2,})\b")


def _footnotes(text: str) -> str:
    """Each footnote an aside in brackets, its words kept (it may give the code's link) but no longer
    glued to the word it was written after: "GEOM-DRUG\\footnote{The scores ...}" ->
    "GEOM-DRUG (The scores ...)", not a term "GEOM-DRUGThe". A footnote left open is left as written.

    >>> _footnotes("in GEOM-DRUG\\\\footnote{The scores {at 1k}.}. Code~\\\\footnote{see x}")
    'in GEOM-DRUG (The scores {at 1k}.). Code (see x)'
    """
    while (m := _FOOTNOTE.search(text)) is not None:
        depth, end = 1, m.end()
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0) if text[end - 1] != "\\" else 0
            end += 1
        if depth:
            return text
        text = f"{text[: m.start()]} ({text[m.end() : end - 1].strip()}){text[end:]}"
    return text


def _open_groups(text: str) -> str:
    """TeX groups opened innermost first until none is left: "{O({T})}" -> "O(T)"."""
    while "{" in text and (opened := _GROUP.sub(r"\1", text)) != text:
        text = opened
    return text


def _accent(match: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", match.group(2) + _COMBINING[match.group(1)])


def _rejoin(match: re.Match[str]) -> str:
    """One word again when the halves are not words and the whole is one."""
    first, second = match.groups()
    if english_zipf(first + second) >= 2.5 and max(english_zipf(first), english_zipf(second)) < 3:
        return first + second
    return match.group(0)


def _rejoin_inner(match: re.Match[str]) -> str:
    """One word again when the whole is a common word and a half is no word at all ("ac-quiring",
    "at-tention"); a hyphen between words stays ("test-bed", "non-linearity", "roll-out")."""
    first, second = match.groups()
    if english_zipf(first + second) >= 3.0 and min(english_zipf(first), english_zipf(second)) < 1.6:
        return first + second
    return _rejoin(match)


#: Words a missing space glues to the next word ("Theparametric", "canbe") or to the word before
#: ("difficultiesin", "rangeof"): function words that never start or end a name.
_GLUED_BEFORE = ("the", "and", "of", "to", "for", "with", "from", "our", "we", "this", "that", "can", "be")
_GLUED_AFTER = ("the", "and", "of", "to", "for", "with", "from", "in", "by", "is", "are", "that", "which", "our")
_FUNCTION = frozenset(_GLUED_BEFORE + _GLUED_AFTER)
#: A word of five letters or more, lower case after its first letter; a URL is matched whole to
#: be left alone ("github.com/hunto/...").
_WORD = re.compile(r"https?://\S+|\b[A-Za-z][a-z]{4,}\b")


#: A function word glued to a name: "withGNNs", "ofRNNs", "calledNeuroBack" (a lower-case word, then an acronym).
_GLUED_TO_NAME = re.compile(
    r"(?<![/.\-])\b(?:the|and|of|to|for|with|from|our|in|on|by|called|named|dubbed|termed)(?=[A-Z][a-z]*[A-Z0-9])"
)


@lru_cache(maxsize=1 << 16)  # abstracts repeat their words: each is looked at once
def _unglued(word: str) -> str:
    """``word`` with a space put back where a missing one glued a function word to a common word
    ("Theparametric" -> "The parametric", "rangeof" -> "range of", "canbe" -> "can be"), or as
    it is: a word of its own ("inpainting", "logits", "within", "forgoes"), a name ("Carbin",
    "Mansour"), a URL, or anything with an upper-case letter inside ("ResNet", "BERTScore").

    The glued form is unknown to English at large and its other half a word of four letters or
    more (three when very common: "gapis"), or both halves are lower-case function words ("ofthe"),
    not a name ("Bethe").
    """
    whole = english_zipf(word)
    if whole >= 3.5 or word.startswith("http"):
        return word
    low, named = word.lower(), word[0].isupper()
    cuts = [(len(f), low[len(f) :]) for f in _GLUED_BEFORE if low.startswith(f)]  # (where, the other half)
    cuts += [] if named else [(len(low) - len(f), low[: -len(f)]) for f in _GLUED_AFTER if low.endswith(f)]
    for cut, other in cuts:
        if low[:cut] in _FUNCTION and low[cut:] in _FUNCTION and not named:
            return word[:cut] + " " + word[cut:]
        common = english_zipf(other)
        if whole < 1.0 and (common >= 2.5 if len(other) >= 4 else common >= 3.5 and not named):
            return word[:cut] + " " + word[cut:]
    return word


#: A sentence's full stop written against the next sentence: "multi-step reasoning.To this end, we
#: propose M3" (some 300 ICLR 2024 abstracts): the parser reads one sentence and the word
#: "reasoning.To". Not inside a link ("github.com/Foo.Bar") nor an abbreviation ("e.g.The").
_GLUED_STOP = re.compile(r"(?<!\S)([^\s/]*(?:[a-z]{3}|\)))\.(?=[A-Z][a-z]+\b)")
#: A comma written against the next word: "0.08 MAE on ZINC,74.79% on CIFAR10" (not "1,000", "f(x,y)").
_GLUED_COMMA = re.compile(r"(?<=[A-Za-z]{2}),(?=[A-Za-z0-9])")
#: A list's marks written against the words: "advantages:(a) General, handling node classification;(b)"
#: (not "N:M sparsity", "f:X").
_GLUED_LIST = re.compile(r"(?<=[A-Za-z)\]])(?:;(?=[(A-Za-z])|:(?=\())")


def _bold(m: re.Match[str]) -> str:
    """Bold text without its marks; letters marked inside a word spell an abbreviation and are
    the word's own ("Disc**O**ver and t**RA**ck (DoRA)": "Discover and track", not a name "tRAck")."""
    inner = m.group(2)
    k = m.start()
    return inner.lower() if k and m.string[k - 1].isalpha() and inner.isalpha() else inner


def clean_abstract(text: str) -> Cleaned:
    """Return the words of an abstract as a reader sees them, and the URLs it gives.

    >>> clean_abstract("We introduce **CoS**, 1.1$\\\\times$ faster; 5\\\\% more. "
    ...                "Code at [this link](https://github.com/a/cos).")
    Cleaned(text='We introduce CoS, 1.1× faster; 5% more. Code at this link.', urls=('https://github.com/a/cos',))
    >>> clean_abstract("maps that **D**isc**O**ver and t**RA**ck objects; **S**orting **K**rylov").text
    'maps that Discover and track objects; Sorting Krylov'
    >>> clean_abstract("0.08 MAE on ZINC,74.79% on CIFAR10, 1,000 runs of f(x,y).").text
    '0.08 MAE on ZINC, 74.79% on CIFAR10, 1,000 runs of f(x,y).'
    >>> clean_abstract("It has advantages:(a) handling node classification;(b) N:M sparsity;and f:X.").text
    'It has advantages: (a) handling node classification; (b) N:M sparsity; and f:X.'

    TeX accents and spaces, a link glued to the word before it and a word hyphenated across a
    line break are what a reader sees:

    >>> clean_abstract('Hyv\\\\"arinen and Erd\\\\H{o}s; $O(SAB\\\\,H)$; code athttps://x.org/a.').text
    'Hyvärinen and Erdős; O(SAB H); code at https://x.org/a.'
    >>> clean_abstract("It explic- itly acts under fully- and partially- observable settings.").text
    'It explicitly acts under fully- and partially- observable settings.'
    >>> clean_abstract("JE archi-tectures learn rep-resentations of a test-bed, auto-regressive or not.").text
    'JE architectures learn representations of a test-bed, auto-regressive or not.'
    >>> clean_abstract("the most successful convolutional neural\\u00a0architectures").text
    'the most successful convolutional neural architectures'

    Names joined by an en dash are one name; TeX's dashes in a sentence are dashes, between digits
    a range:

    >>> clean_abstract("Kullback--Leibler and Karush–Kuhn–Tucker; methods--that is, RL–a bandit").text
    'Kullback-Leibler and Karush-Kuhn-Tucker; methods – that is, RL–a bandit'
    >>> clean_abstract("we introduce \\\\modelname{}, a video tokenizer, and \\\\ours.").text
    'we introduce, a video tokenizer, and.'
    >>> clean_abstract("a GLUE score---matching models of 1.5B--13B in 1--8% of runs").text
    'a GLUE score — matching models of 1.5B – 13B in 1–8% of runs'
    """
    text = unicodedata.normalize("NFC", text).translate(_LIGATURES)
    text = _CONTROL.sub(" ", text)
    urls: list[str] = []

    def keep_href(m: re.Match[str]) -> str:
        urls.append(m.group(1).strip())
        label = m.group(2).strip()
        return label if not _URL.fullmatch(label) else m.group(1).strip()

    def keep_md_link(m: re.Match[str]) -> str:
        if m.group(2):
            urls.append(m.group(2).strip())
        return m.group(1)

    # Each pass needs a character most abstracts lack; testing for it first halves reading time.
    tex = "\\" in text  # nested braces are TeX's only in TeX (a JSON record read as text keeps its own)
    if tex:
        text = _ACCENT.sub(_accent, text)
        text = _TEX_SPACE.sub(" ", text)
        text = _footnotes(text) if "footnote" in text else text
        text = _HREF.sub(keep_href, text)
        text = _URL_CMD.sub(lambda m: m.group(1), text)
        text = _CITE.sub("", text)
        text = _MARKUP.sub(lambda m: m.group(1) or "", text)
        text = _LATIN.sub(lambda m: f"{m.group(1)}.{m.group(2)}.", text)
    if "[" in text:
        text = _MD_LINK.sub(keep_md_link, text)
    if "<" in text:
        text = _MD_AUTOLINK.sub(r"\1", text)
    if "http" in text:
        text = _GLUED_URL.sub(" ", text)
        urls.extend(find_urls(text))
    if "$" in text or "\\" in text:
        text = _ESCAPED_DOLLAR.sub("$", _MATH.sub(_math, text))
    if "{" in text:
        text = _FONT_GROUP.sub(r"\1", text)
        text = _open_groups(text) if tex else _GROUP.sub(r"\1", text)  # one level only outside TeX
    if "\\" in text:
        text = _text_commands(text)
        text = _PLACEHOLDER.sub("", text)
        text = _ESCAPED.sub(r"\1", text)
        # a font switch is no word ("a \\em signal-finding \\em phase", "{\\em{constant}}")
        text = _CMD.sub(lambda m: "" if m.group(1) in _FONTS else _SYMBOLS.get(m.group(1), m.group(1)) + " ", text)
        text = _open_groups(text)  # {O(\lambda)} once \lambda is λ
    if "~" in text:
        text = _TIE.sub(" ", text)
    if "*" in text or "_" in text:
        text = _MD_BOLD.sub(_bold, text)
        text = _MD_ITALIC.sub(r"\2", text)
    if "`" in text:
        text = _MD_CODE.sub(r"\1", text)
    if "," in text:
        text = _GLUED_COMMA.sub(", ", text)
    if "." in text:
        text = _GLUED_STOP.sub(r"\1. ", text)  # "reasoning.To this end" -> "reasoning. To this end"
    if ";" in text or ":(" in text:
        text = _GLUED_LIST.sub(r"\g<0> ", text)
    if "- " in text:
        text = _LINE_BREAK.sub(_rejoin, text)
    if "-" in text:
        text = _INNER_BREAK.sub(_rejoin_inner, text)
    if "--" in text or "–" in text:
        text = _NAME_DASH.sub(r"\1-", text)  # "Kullback--Leibler divergence" is one name
    if "--" in text:
        text = _TEX_DASH.sub(_dash, text)
    text = _WORD.sub(lambda m: _unglued(m.group(0)), text)  # "rangeof" -> "range of"
    text = _GLUED_TO_NAME.sub(r"\g<0> ", text)  # "withGNNs" -> "with GNNs"
    text = _SPACES.sub(" ", text)
    if "\n" in text:
        text = _NEWLINES.sub(" ", text)
    text = text.strip()
    seen: dict[str, None] = {}
    for url in urls:
        url = url.rstrip(_URL_TRAIL)
        if _URL.fullmatch(url):
            seen.setdefault(url, None)
    return Cleaned(text, tuple(seen))
