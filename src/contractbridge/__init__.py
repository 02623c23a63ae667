"""contractbridge: contract bridge, complete and exact.

Layers, lowest first: ``core`` -> ``scoring``, ``formats``, ``analysis`` -> ``robots`` ->
``game`` -> ``server``, ``tournament``, ``cli``. A layer imports only the ones below it.
"""

from contractbridge.core import *  # noqa: F403  (the core names are the package's names)
from contractbridge.core import __all__ as _core_all

__version__ = "0.1.0"
__all__ = [*_core_all, "__version__"]
