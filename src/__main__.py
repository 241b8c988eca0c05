"""``python -m capicua``: the ``capicua`` command, for when its script is not on PATH."""

from .cli import main

main()
