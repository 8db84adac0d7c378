from kg.io.clean import clean_abstract, find_urls


def test_clean_markdown_emphasis_and_links_keep_urls():
    text, urls = clean_abstract("We introduce **CoS**, a *novel* method. See [this link](https://github.com/a/b).")
    assert text == "We introduce CoS, a novel method. See this link."
    assert urls == ("https://github.com/a/b",)


def test_clean_latex_math_commands_and_escapes():
    text, _ = clean_abstract(r"scaled as $1/\sqrt{\text{depth}}$, 4.1$\times$ faster, 93.52\% sparse")
    assert text == "scaled as 1/√depth, 4.1× faster, 93.52% sparse"


def test_clean_href_keeps_url_once():
    text, urls = clean_abstract(r"Code: \href{https://github.com/x/DFBT}{https://github.com/x/DFBT}.")
    assert urls == ("https://github.com/x/DFBT",)
    assert "href" not in text and "{" not in text


def test_clean_control_characters_become_spaces():
    text, _ = clean_abstract("a\x00b\x07c\n\nd")
    assert text == "a b c d"


def test_find_urls_trims_sentence_punctuation():
    assert find_urls("at https://github.com/thunlp/SparsingLaw/. Done") == ["https://github.com/thunlp/SparsingLaw/"]


def test_clean_leaves_plain_text_alone():
    plain = "Graph Neural Networks (GNNs) learn from relational data; 2 < 3 & 4 > 1."
    assert clean_abstract(plain).text == plain
