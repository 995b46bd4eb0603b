"""The accelerator switch of the solver: numba's ``njit`` when it is installed, else plain Python.

The search kernels are written in the subset of Python that numba compiles (ints and numpy
arrays), so the same source runs compiled (fast) or interpreted (slow but identical; used when
numba is missing, or when the environment variable ``CARDKIT_SOLVER_NOJIT`` is set to ``1``).
"""

from __future__ import annotations

import os
from typing import Any, Callable, TypeVar, cast

ENABLED = False
if os.environ.get("CARDKIT_SOLVER_NOJIT", "") != "1":
    try:  # pragma: no branch
        import numba  # noqa: F401

        ENABLED = True
    except ImportError:  # pragma: no cover - numba is an optional accelerator
        ENABLED = False


#: A search kernel: numba's compiled dispatcher is called with the same arguments and returns the same.
F = TypeVar("F", bound=Callable[..., Any])


def njit(func: F) -> F:
    """``numba.njit(cache=True)`` when the accelerator is on, else ``func`` unchanged; either way a
    callable of ``func``'s signature."""
    if not ENABLED:
        return func
    import numba

    return cast(F, numba.njit(cache=os.environ.get("CARDKIT_SOLVER_CACHE", "1") == "1", nogil=True)(func))
