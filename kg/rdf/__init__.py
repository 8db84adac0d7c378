"""RDF under kg's ontology: IRIs, the ontology's terms, the mapping between the kg graph and triples, serialization."""
