"""capicua's version, in a module of its own so that every part of capicua reads it from
here and not from the package's ``__init__``.

A folder named ``capicua`` without an ``__init__.py`` in the current directory (the clone
itself, seen from the folder that holds it) is a namespace package to Python, and it is
found before the editable install's finder is asked: ``import capicua`` then gives that
empty namespace, whose ``__init__`` never ran, while ``capicua.cli`` and the other modules
are still the installed ones. Read from here, the version is there either way, so
``python -m capicua`` and a script that imports ``capicua.cli`` work from that folder too.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    # One source for the version: pyproject.toml, read back from the installed metadata.
    __version__ = version("capicua")
except PackageNotFoundError:  # pragma: no cover - a checkout imported without installing
    __version__ = "0+unknown"
