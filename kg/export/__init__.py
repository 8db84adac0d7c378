"""Exporters, one module per format; :data:`kg.export.formats.EXPORTERS` maps a format name to its writer."""
