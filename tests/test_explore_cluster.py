"""Deals as tasks on Dask (cardkit.explore.cluster): a real local cluster and a real scheduler
address give the same strength rows as one process, and bad settings are clear errors."""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("dask.distributed", reason="Dask comes with the notebooks extra")

from cardkit import CardkitError, find_game  # noqa: E402
from cardkit.cli import main  # noqa: E402
from cardkit.explore.cluster import dask_client  # noqa: E402
from cardkit.explore.strength import read_rows, round_robin  # noqa: E402

#: What a row says of its deal (the seconds differ from run to run).
KEEP = ("game", "players", "rules", "seed", "a", "b", "deal", "difference", "a_decisions", "b_decisions")


def rows_of(rows: list[dict[str, object]]) -> list[tuple[str, ...]]:
    return sorted(tuple(str(r[k]) for k in KEEP) for r in rows)


def test_a_local_cluster_plays_the_same_deals_as_one_process(tmp_path) -> None:  # type: ignore[no-untyped-def]
    game = find_game("500")
    here = round_robin(game, ["random", "sensible"], 6, seed=3, chunk=2)
    path = tmp_path / "dask.csv"
    with dask_client(workers=2) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        first = round_robin(game, ["random", "sensible"], 4, seed=3, chunk=2, path=path, client=client)
        then = round_robin(game, ["random", "sensible"], 6, seed=3, chunk=2, path=path, client=client)
    assert [r["deal"] for r in sorted(then, key=lambda r: r["deal"])] == [4, 5]  # resumed where it stopped
    assert rows_of(first + then) == rows_of(here) == rows_of(read_rows(path))  # type: ignore[arg-type]
    assert len({r["difference"] for r in here}) > 1


def test_a_stop_starts_no_more_chunks_on_the_cluster() -> None:
    game = find_game("501")
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2  # two chunks start, then time is up
    with dask_client(workers=1) as client:
        rows = round_robin(game, ["random", "sensible"], 20, seed=1, chunk=3, stop=stop, client=client)
    assert sorted(r["deal"] for r in rows) == list(range(6))


def test_the_command_line_sends_the_chunks_to_a_scheduler_address(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from dask.distributed import LocalCluster

    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    args = ["tournament", "501", "random", "sensible", "--deals", "6", "--chunk", "2"]
    assert main([*args, "--workers", "1", "--csv", str(here)]) == 0
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert main([*args, "--scheduler", cluster.scheduler_address, "--csv", str(there)]) == 0
    assert rows_of(read_rows(here)) == rows_of(read_rows(there))  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert out.count("random    sensible      6") == 2  # the same table printed twice


def test_bad_cluster_settings_are_clear_errors() -> None:
    with pytest.raises(CardkitError, match="workers=0: use 1 to 64"):
        with dask_client(workers=0):
            pass
    with pytest.raises(CardkitError, match="not both"):
        with dask_client("tcp://127.0.0.1:1", workers=2):
            pass
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(CardkitError, match=f"no Dask scheduler answers at 'tcp://127.0.0.1:{port}'"):
        with dask_client(f"tcp://127.0.0.1:{port}", timeout=1.0):
            pass


def test_an_estimate_on_dask_is_the_same_deal_for_deal() -> None:
    from cardkit.explore.estimate import estimate_bid

    game = find_game("500")
    hand = "JK JH JD AH KH 10H 9H AS KC 9D"
    here = estimate_bid(game, hand, "8H", n=30, seat="B", seed=4, progress=False)
    first = estimate_bid(game, hand, "8H", n=12, seat="B", seed=4, progress=False)
    assert first.equals(here.iloc[:12])  # a deal's result does not depend on how many deals follow
    with dask_client(workers=2) as client:
        there = estimate_bid(game, hand, "8H", n=30, seat="B", seed=4, progress=False, client=client, chunk=7)
        solved_there = estimate_bid(find_game("501"), "AS 10S KS QS AH 10H KD", 100, n=8, seat="B", seed=2,
                                    progress=False, method="solver", client=client, chunk=3)
    assert there.equals(here) and there.attrs["summary"] == here.attrs["summary"]
    solved_here = estimate_bid(find_game("501"), "AS 10S KS QS AH 10H KD", 100, n=8, seat="B", seed=2,
                               progress=False, method="solver")
    assert solved_there.equals(solved_here) and len(solved_here) == 8
    assert len(set(here["summary"])) > 1
