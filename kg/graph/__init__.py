"""The knowledge graph: mentions resolved into entities, held as a networkx MultiDiGraph."""
