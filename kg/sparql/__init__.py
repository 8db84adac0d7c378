"""SPARQL: the persistent Oxigraph store, queries and the read-only endpoint."""
