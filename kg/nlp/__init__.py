"""The spaCy side: one component per module, assembled by :mod:`kg.nlp.pipeline`."""
