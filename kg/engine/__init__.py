"""The build engine: reading, the extraction cache, parsing on both cores or on Dask, resolution and
the exports; the speed tricks are in one place, speed.py."""
