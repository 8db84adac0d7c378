"""Exporters, one module per format. :data:`EXPORTERS` maps a format name to its writer."""
