"""The scripts in benchmarks/, loaded as modules for their tests (they are not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    # As when the script is run, its folder is on the path while it loads, so benchmarks
    # share code (levels.py imports strength). Only while it loads: benchmarks/gui.py and
    # web.py on the path would hide the tests' gui and web folders (namespace packages,
    # which any module of the name wins over) from the files collected after this.
    # Registered, as an imported module is: a dataclass of the script looks itself up there.
    sys.modules[spec.name] = module
    added = str(BENCHMARKS) not in sys.path
    if added:
        sys.path.insert(0, str(BENCHMARKS))
    try:
        spec.loader.exec_module(module)
    finally:
        if added:
            sys.path.remove(str(BENCHMARKS))
    return module
