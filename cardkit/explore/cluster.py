"""Deals as tasks on Dask (``dask.distributed``): one laptop or a cluster, the same results.

:func:`dask_client` opens a client: to an existing Dask scheduler at ``scheduler`` (a cluster's
address, e.g. ``tcp://10.0.0.5:8786``), or else to a :class:`~dask.distributed.LocalCluster` of
``workers`` processes on this machine (one thread each; every core by default), closed again on
leaving the ``with`` block. The explore tools that take a ``client`` (:func:`cardkit.explore.strength.round_robin`,
the command line's ``tournament --workers N`` / ``--scheduler ADDRESS``) send each chunk of deals
to it as one task. Every deal has its own random streams, derived from the run's seed and the
deal's number (:func:`cardkit.explore.tournament.deal_pack`, :func:`~cardkit.explore.tournament.deal_seed`),
so a result does not depend on the number of workers, on which worker played a deal, or on the
order in which chunks finish.

Workers import the kit themselves: on a cluster, install the same version of ``cardkit`` on every
worker (the tasks carry the table's rules and the deal numbers, never code of their own).
"""

from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..errors import CardkitError

#: The most worker processes :func:`dask_client` starts on one machine.
MAX_LOCAL_WORKERS = 64


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None, timeout: float = 10.0) -> Iterator[Any]:
    """A ``dask.distributed.Client``: to ``scheduler`` when given, else to a new local cluster of
    ``workers`` processes (default: every core, :func:`os.cpu_count`). Closed when the block ends.

    Raises:
        CardkitError: ``workers`` outside ``1..MAX_LOCAL_WORKERS``, both arguments given, or no
            scheduler answering at ``scheduler`` within ``timeout`` seconds.
    """
    dd = _distributed()
    Client, LocalCluster = dd.Client, dd.LocalCluster
    if scheduler is not None and workers is not None:
        raise CardkitError("give a scheduler's address or a number of local workers, not both")
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=f"{timeout}s")
        except (OSError, TimeoutError, ValueError) as e:
            raise CardkitError(f"no Dask scheduler answers at {scheduler!r}: {e}") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = workers if workers is not None else (os.cpu_count() or 1)
    if not 1 <= n <= MAX_LOCAL_WORKERS:
        raise CardkitError(f"workers={n}: use 1 to {MAX_LOCAL_WORKERS} local worker processes")
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.ERROR)
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def first_finished(futures: Iterable[Any]) -> tuple[set[Any], set[Any]]:
    """Wait for at least one of the Dask ``futures`` to finish: (finished, still running)."""
    done, waiting = _distributed().wait(list(futures), return_when="FIRST_COMPLETED")
    return set(done), set(waiting)


def in_completion_order(futures: Iterable[Any]) -> Iterator[Any]:
    """The Dask ``futures`` as each finishes."""
    yield from _distributed().as_completed(list(futures))


def run_chunks(work: Callable[..., list[Any]], args: Sequence[Any], deals: int, chunk: int, client: Any = None,
               advance: Callable[[int], object] | None = None) -> list[Any]:
    """``work(*args, chunk_of_deal_numbers)`` for deals ``0 … deals − 1`` in chunks of ``chunk``: here,
    one chunk after another, or each chunk a task on the Dask ``client``; the rows of every chunk
    together (in no set order). ``advance(n)`` is told each chunk's deal count as it finishes."""
    chunks = [list(range(s, min(deals, s + chunk))) for s in range(0, deals, chunk)]
    rows: list[Any] = []
    if client is None:
        for ds in chunks:
            rows += work(*args, ds)
            if advance is not None:
                advance(len(ds))
        return rows
    sizes = {client.submit(work, *args, ds, pure=False): len(ds) for ds in chunks}
    for f in in_completion_order(sizes):
        rows += f.result()
        if advance is not None:
            advance(sizes[f])
    return rows


def _distributed() -> Any:
    """The module ``dask.distributed`` (as ``Any``: its functions carry no type annotations).

    Raises:
        CardkitError: Dask is not installed (it comes with the ``notebooks`` extra).
    """
    try:
        from dask import distributed
    except ImportError:  # pragma: no cover - depends on the installation
        raise CardkitError("running deals on Dask needs dask.distributed: pip install -e '.[notebooks]'") from None
    module: Any = distributed
    return module


__all__ = ["MAX_LOCAL_WORKERS", "dask_client", "first_finished", "in_completion_order", "run_chunks"]
