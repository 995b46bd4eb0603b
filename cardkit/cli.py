"""The command line: ``python -m cardkit play|replay ...``.

- ``play GAME [--players N] [--seed S] [--player KIND ...] [--rule NAME=VALUE ...] [--save FILE]
  [--max-hands N] [--time-limit S]`` plays a whole match between computer players and prints a
  transcript and the score sheet. It deals at most ``N`` hands (200 by default, at most
  :data:`MAX_PLAY_HANDS`) and no hand after ``S`` seconds (:data:`PLAY_TIME_LIMIT` by default; 0:
  no limit), saying so on stderr when it stops there; a progress bar on stderr counts the hands.
- ``replay FILE [--json]`` replays a record and prints the result; ``--json`` prints one JSON
  object with ``"scores"`` (after the replay, in seat order).
- ``solve FILE [--json] [--time-limit S] [--node-limit N]`` solves the position the record's last
  hand ends in (its play phase, all cards known) and prints each legal action with its value under
  best play, marking the best. The search stops after ``S`` seconds (10 by default; 0: no limit)
  or ``N`` positions; it then prints each action's proved bounds and says so.
- ``estimate GAME --contract C [--contract C ...] [--hand CARDS [--partial]] [--seat S] [--deals N]
  [--blind] [--where TEXT ...] [--until-halfwidth H] [--method playout|solver] [--jobs J] [--json]`` deals the unseen cards ``N``
  times and prints, for each contract, the chance it makes and the expected score change, each with
  its 95 % interval (see :mod:`cardkit.explore.estimate`).
  ``--where TEXT`` constrains the deals in the deal language (:mod:`cardkit.explore.language`);
  a ``--hand`` with fewer cards than the seat holds is refused unless ``--partial`` is given.
- ``deal GAME [--where TEXT ...] [--count K] [--seed N] [--dealer D] [--talon CARDS] [--json]``
  prints ``K`` random deals meeting the constraints, one line per seat and one for the talon.
- ``serve [--host 127.0.0.1] [--port 8765] [--db FILE] [--token T] [--expire HOURS]`` runs the
  table server (:mod:`cardkit.server`) and prints the teacher's link.
- ``new-table GAME [--players N] [--computer SEATS] [--url URL] [--token T]`` makes a table on a
  running server (the teacher's token: ``--token``, ``CARDKIT_TOKEN``, or that of a server started
  on this machine) and prints the projector's link and each student's link (seats by letter:
  ``--computer C`` or ``--computer B,C``).
- ``new-class GAME --tables N [--players N] [--computer SEATS] [--names A,B,…] [--lang es]
  [--same-deals] [--go-on] [--url URL] [--token T]`` makes a whole class of tables in one step and
  prints the teacher's page and the join cards' link (docs/server.md §10).
- ``tables list|delete [ID ...] --db FILE`` lists or deletes the tables of a server's database.
- ``exercises list [PATH] [--json]`` prints every exercise (id, game, language, kind, lesson) of
  ``data/exercises`` or ``PATH``; ``exercises check FILE|DIR`` validates every exercise file and
  asks the engine to answer each exercise, and fails (status 1) naming the place of every problem
  (see :mod:`cardkit.exercises`).
- ``tournament GAME KIND KIND [KIND ...] [--deals N] [--against KIND] [--csv FILE] [--time-limit S]
  [--workers W | --scheduler ADDRESS]`` plays every pair of kinds on duplicate deals and prints each
  pair's mean score difference per hand with its 95 % interval and the time per decision (see
  :mod:`cardkit.explore.strength`). ``N`` deals per pair (20 by default, at most :data:`MAX_DEALS`);
  no chunk of deals starts after ``S`` seconds (:data:`TOURNAMENT_TIME_LIMIT` by default; 0: no
  limit), which it says on stderr (with
  ``--csv`` the same command goes on where it stopped); a progress bar on stderr counts the deals.
  The chunks of deals run as tasks on a local Dask cluster of ``W`` processes (one per core by
  default; ``--workers 1`` plays in this process) or on the cluster at ``ADDRESS``; the results
  are the same whatever the workers (see :mod:`cardkit.explore.cluster`).
- ``compare GAME [--rule-a R] [--rule-b R] [--player-a K] [--player-b K] [--method-a M] [--method-b M]
  [--deals N] [--seed S] [--workers W | --scheduler ADDRESS] [--json]`` plays the same deals under A
  and under B and prints, each with its 95 % interval, how often contracts made, the contractor's
  gain per hand, how often the hand was passed out, the paired differences B − A, how often the two
  differed at all, and the contracts bid (see :mod:`cardkit.explore.compare`).
- ``study GAME [--option NAME ...] [--method playout|solver ...] [--deals N]
  [--workers W | --scheduler ADDRESS] [--csv FILE] [--json]`` plays the same deals under the table's
  rules and under every other value of each rule option the game offers, and prints per option how
  often it changed the play and the score, and the paired differences in contracts made and in the
  contractor's gain, with 95 % intervals (see :mod:`cardkit.explore.study`).
- ``progress [--json] [--reset] [--file F]`` prints every rule of both games with its state (new,
  practised, mastered, to review) and the exercises to review today, from the learner's progress
  file (see :mod:`cardkit.progress`); ``--reset`` forgets it.

- ``analyse FILE --contract C [--contract C ...] [--seat S ...] [--player KIND] [--table]
  [--time-limit S] [--parquet OUT]`` reads a deals file (one deal a line, :mod:`cardkit.explore.dealsfile`) and
  prints CSV, one row per deal, with the solver's figure for each contract and seat (Five
  Hundred's tricks, 501♠'s declarer points) and whether it is made; without ``--seat`` the seat on
  each deal's dealer's left contracts. ``--table`` prints instead every deal's table of each
  denomination × contractor (one row per deal and contractor; ``--contract`` not needed).
  ``--parquet OUT`` also writes the rows as Parquet (needs pyarrow). One Five Hundred search may
  take ``--time-limit`` seconds (10 by default; 0: no limit); past it its cells are left empty. See
  :mod:`cardkit.explore.analyse`.
- ``show FILE [--deal N] [--svg OUT]`` prints each deal of a deals file as a hand diagram (only
  the ``N``-th deal, counting from 1, with ``--deal``); ``--svg OUT`` writes that deal's picture.
- ``estimate ... --save-deals FILE`` and ``deal ... --save-deals FILE`` write the deals used (or printed)
  to a deals file.

Errors go to stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Callable, Sequence
from urllib.parse import urlencode

from .errors import CardkitError, quoted
from .escaping import terminal_json, terminal_text
from .game import Match
from .registry import find_game
from .i18n import N_, _, get_language
from .replay import Replay


def _rules(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise CardkitError(f"--rule {item!r}: write NAME=VALUE, e.g. --rule joker-lead=loose")
        k, v = item.split("=", 1)
        if k.strip().replace("_", "-") in ("players", "names", "game"):
            raise CardkitError(_("--rule {item}: {name} is not a rule option; use --{name} instead")
                               .format(item=quoted(item), name=k.strip()) if k.strip() == "players" else
                               _("--rule {item}: {name} is not a rule option").format(item=quoted(item),
                                                                                      name=k.strip()))
        out[k.strip()] = v.strip()
    return out


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(_("{text} is not at least 1").format(text=text))
    return n


def _not_negative(text: str) -> int:
    """An argparse type: a whole number of at least 0."""
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(_("{text} is negative: give 0 or more").format(text=text))
    return n


#: The most deals ``estimate --deals`` plays (about an hour at the measured rate of a few hundred a second).
MAX_DEALS = 100_000


#: The most hands ``play --max-hands`` deals: a record of more could not be loaded again
#: (:data:`cardkit.records.MAX_HANDS`).
MAX_PLAY_HANDS = 1000
#: ``play --time-limit`` and ``tournament --time-limit`` by default, in seconds.
PLAY_TIME_LIMIT = 600.0
TOURNAMENT_TIME_LIMIT = 3600.0


def _at_most(most: int, message: str) -> Callable[[str], int]:
    """An argparse type: a whole number from 1 to ``most``; above it, the error ``message``
    (formatted with ``text`` and ``most``, translated)."""
    def parse(text: str) -> int:
        n = _positive(text)
        if n > most:
            raise argparse.ArgumentTypeError(_(message).format(text=text, most=most))
        return n
    return parse


_deals = _at_most(MAX_DEALS, N_("{text} deals: at most {most}"))
_max_hands = _at_most(MAX_PLAY_HANDS, N_("{text} hands: at most {most}"))


def _seconds(text: str) -> float:
    """An argparse type: a time limit in seconds, at least 0 (0: no limit)."""
    t = float(text)
    if not t >= 0 or t == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} seconds: give 0 (no limit) or more").format(text=text))
    return t


def _port(text: str) -> int:
    """An argparse type: a TCP port, a whole number from 1 to 65535."""
    n = int(text) if text.strip().isascii() and text.strip().isdigit() else 0
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(_("{text} is not a port: give a whole number from 1 to 65535").format(
            text=quoted(text)))
    return n


def _server_url(text: str) -> str:
    """An argparse type: a server's address, an ``http://`` or ``https://`` URL with a host (and,
    if it gives one, a port from 1 to 65535); no spaces or control characters."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        good = (parts.scheme.lower() in ("http", "https") and bool(parts.hostname) and parts.port != 0
                and all(c.isprintable() and not c.isspace() for c in text))
    except ValueError:  # e.g. a port that is not a number, or a broken [IPv6] host
        good = False
    if not good:
        raise argparse.ArgumentTypeError(_("{url} is not a server's address: give an http:// or https:// URL "
                                           "with a host, such as http://127.0.0.1:8765/").format(url=quoted(text)))
    return text


def _hours(text: str) -> float:
    """An argparse type: a number of hours, at least 0 (0: never)."""
    try:
        t = float(text)
    except ValueError:
        t = -1.0
    if not t >= 0 or t == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} hours: give 0 (never) or more").format(text=text))
    return t


def _progress_delay() -> float:
    """Seconds of work before a progress bar shows: ``CARDKIT_PROGRESS_DELAY`` (default 1; 0 shows
    it at once), so a short run prints nothing more."""
    try:
        return max(0.0, float(os.environ.get("CARDKIT_PROGRESS_DELAY", "1")))
    except ValueError:
        return 1.0


def _bar(total: int, desc: str, unit: str) -> Any:
    """A tqdm progress bar on standard error (what the user reads, never the output a script reads),
    shown once the work has taken ``_progress_delay()`` seconds (a short run prints nothing more)."""
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
                delay=_progress_delay())


def _time_up(limit: float) -> Callable[[], bool]:
    """A function that says whether ``limit`` seconds have passed since now (never, for 0)."""
    import time

    deadline = time.monotonic() + limit
    return lambda: limit > 0 and time.monotonic() > deadline


def transcript(match: Match) -> list[str]:
    """Every hand of ``match`` as readable lines: the deal, each action, the hand's result; safe
    to print (:func:`~cardkit.escaping.terminal_text`: a record's names reach no terminal raw)."""
    lines: list[str] = []
    names = match.game.names
    replay = Replay.from_record(match)
    for i, hand in enumerate(match.hands, 1):
        lines.append(f"— hand {i}, dealer {names[hand.dealer]} —")
        replay.goto(i - 1, 0)
        for s, cards in enumerate(replay.view().hands):
            if not isinstance(cards, int) and cards:
                lines.append(f"  {names[s]} holds {cards}")
        while not replay.at_frontier():
            before = len(replay.state.tricks)
            replay.next()
            seat, a = replay.log[-1]
            lines.append("  " + replay.state.describe(a, seat))
            tricks = replay.state.tricks
            if len(tricks) > before and tricks[-1].winner is not None:
                lines.append(f"    trick to {names[tricks[-1].winner]}")
        if hand.is_terminal():
            changes = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(hand.returns()))
            lines.append(f"  {hand.summary()} — {changes}")
    return [terminal_text(line) for line in lines]


def score_sheet_text(match: Match) -> list[str]:
    """The score sheet as aligned text lines, safe to print (as :func:`transcript`'s)."""
    names = match.game.names
    head = f"{'hand':>4}  {'dealer':<6} " + " ".join(f"{n:>7}" for n in names) + "  summary"
    lines = [head, f"{'':>4}  {'start':<6} " + " ".join(f"{s:>7}" for s in match.start_scores)]
    for row in match.score_sheet():
        lines.append(f"{row['hand']:>4}  {row['dealer']:<6} " + " ".join(f"{row[n]:>7}" for n in names)
                     + f"  {row['summary']}")
    return [terminal_text(line) for line in lines]


def cmd_play(args: argparse.Namespace) -> int:
    from .registry import find_player

    game = find_game(args.game, args.players, **_rules(args.rule))
    kinds = args.player or ["sensible"]
    if len(kinds) == 1:
        kinds = kinds * game.players
    if len(kinds) != game.players:
        raise CardkitError(f"--player given {len(kinds)} times for {game.players} players: give 1 or {game.players}")
    seed = args.seed
    players = [find_player(game, k, None if seed is None else seed * 100 + i) for i, k in enumerate(kinds)]
    match = Match(game, seed=seed)
    time_up = _time_up(args.time_limit)
    bar = _bar(args.max_hands, f"{game.title}: hands", " hands")
    try:
        while match.outcome is None and len(match.hands) < args.max_hands:
            if match.hands and time_up():  # at least one hand, whatever the limit
                print(_("stopped at the time limit of {s:g} s after {n} hand(s) (--time-limit; 0: no limit)")
                      .format(s=args.time_limit, n=len(match.hands)), file=sys.stderr)
                break
            match.play(players, max_hands=len(match.hands) + 1)  # one hand more
            bar.update(1)
    finally:
        bar.close()
    if not args.quiet:
        print("\n".join(transcript(match)))
        print()
    print("\n".join(score_sheet_text(match)))
    print(terminal_text(match.outcome.result(game.names)) if match.outcome
          else f"no winner after {len(match.hands)} hands")
    if args.save:
        from .records import save

        save(match, args.save)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .records import load

    match = load(args.file)
    names = match.game.names
    if args.json:
        out = {"game": match.game.name, "players": match.game.players, "names": names,
               "hands": len(match.hands), "scores": match.scores,
               "returns": [h.returns() for h in match.hands],
               "summaries": [h.summary() for h in match.hands],
               "winners": list(match.outcome.winners) if match.outcome else None}
        print(terminal_json(out))
    else:
        print("\n".join(transcript(match)))
        print()
        print("\n".join(score_sheet_text(match)))
        if match.outcome:
            print(terminal_text(match.outcome.result(names)))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from .records import load
    from .solver import solve

    from .solver.positions import rewind

    match = load(args.file)
    state = match.state
    if args.plays is not None or state.is_terminal():
        # a finished hand is solved from its opening lead, or from the position after --plays cards
        try:
            state = rewind(state, args.plays or 0)
        except ValueError as e:
            raise CardkitError(str(e)) from None
        if not args.json:
            print(terminal_text(f"position after {args.plays or 0} card(s) of play, "
                                f"{match.game.names[state.actor()]} to act"))
    sol = _solve_within_budget(state, args)
    if args.json:
        out = {"game": sol.game, "seat": sol.seat, "unit": sol.unit, "value": sol.value, "made": sol.made,
               "target": sol.target, "actions": [{"action": str(v.action), "value": v.value} for v in sol.values]}
        if not sol.settled:
            out.update({"settled": False, "budget": sol.note, "value_range": list(sol.value_range),
                        "made_known": sol.known})
            for item, (lo, hi) in zip(out["actions"], sol.ranges):
                item.update({"low": lo, "high": hi})
        print(terminal_json(out))
    elif sol.settled:
        print(terminal_text(str(sol)))
    else:
        print(terminal_text("\n".join(_unsettled_lines(sol))))
    return 0


def _solve_within_budget(state: Any, args: argparse.Namespace) -> Any:
    """The solution of ``state`` within ``--time-limit`` / ``--node-limit``, with a progress bar on
    stderr for a search that runs over a second (not with ``--json``)."""
    from .solver import solve
    from .solver.solve500 import Budget

    if args.time_limit < 0 or (args.node_limit is not None and args.node_limit < 1):
        raise CardkitError(_("--time-limit must be at least 0 (0: no limit) and --node-limit at least 1"))
    bar = None
    progress = None
    if not args.json:
        from tqdm import tqdm

        bar = tqdm(desc="solving", unit=" nodes", unit_scale=True, delay=_progress_delay(), file=sys.stderr, leave=False)

        def progress(nodes: int) -> None:
            bar.update(nodes - bar.n)

    budget = Budget(seconds=args.time_limit or None, nodes=args.node_limit, progress=progress)
    try:
        return solve(state, budget=budget)
    finally:
        if bar is not None:
            bar.close()


def _unsettled_lines(sol: Any) -> list[str]:
    """A solution stopped by its budget, as text: each action's proved bounds and what is known."""
    width = max([len(str(v.action)) for v in sol.values] + [6])
    lines = [sol.heading, f"  {'action':<{width}}  {'value':>7}"]
    for v, (lo, hi) in zip(sol.values, sol.ranges):
        lines.append(f"  {str(v.action):<{width}}  {lo if lo == hi else f'{lo}–{hi}':>7}")
    lo, hi = sol.value_range
    lines.append(f"not solved exactly: {sol.note}; with best play the value is "
                 + (f"{lo}" if lo == hi else f"between {lo} and {hi}"))
    if sol.known:
        lines.append("with best play the contract is " + ("made" if sol.made else "failed"))
    else:
        lines.append("whether the contract is made is not settled within the budget "
                     "(raise --time-limit or --node-limit)")
    return lines


def _seat_arg(text: str | None) -> Any:
    return int(text) if text is not None and text.lstrip("-").isdigit() else text


def _where(game: Any, texts: Sequence[str] | None) -> dict[int | str, Any] | None:
    """``--where`` (repeated or not) read by the deal language
    (:func:`cardkit.explore.language.parse_constraints`): ``{place: Constraint}``, or ``None``."""
    if not texts:
        return None
    from .explore.language import parse_constraints

    return {place: con for place, con in parse_constraints(game, texts).items()}


def _where_words(game: Any, accept: dict[int | str, Any] | None) -> dict[str, str]:
    """The constraints of ``--where`` in words, by place name (a seat's name, ``talon``/``kitty``)."""
    from .game import TALON

    return {game.talon_word if p == TALON else game.names[p]: str(c) for p, c in (accept or {}).items()}


def _check_whole_hand(game: Any, hand: str, seat: int, dealer: int, partial: bool) -> None:
    """Refuse ``--hand`` with fewer cards than ``seat`` is dealt unless ``--partial`` (then the
    rest is dealt at random), once the set-up has found nothing worse (a card given twice or not in
    the pack, too many cards, a seat dealt none: :class:`~cardkit.explore.deal.Predeal`'s errors)."""
    from .explore.deal import Predeal

    setup = Predeal(game, dealer=dealer, hands={seat: hand})
    size = setup.sizes.get(seat, 0)
    given = len(setup.fixed.get(seat, []))
    if 0 < given < size and not partial:
        raise CardkitError(_("{seat} holds {size} cards; --hand gives {given}: add --partial to deal the rest at "
                             "random").format(seat=game.names[seat], size=size, given=given))


def cmd_estimate(args: argparse.Namespace) -> int:
    from .explore.deal import seat_index
    from .explore.estimate import bid_odds

    game = find_game(args.game, args.players, **_rules(args.rule))
    if args.blind and game.look_action is None:  # what the game declares: it has no blind play
        raise CardkitError(_("--blind: {game} has no blind play (only a game where a seat may bid without "
                             "looking has it)").format(game=game.title))
    dealer = seat_index(game, _seat_arg(args.dealer)) if args.dealer is not None else 0
    accept = _where(game, args.where)
    if args.hand:
        seat = (seat_index(game, _seat_arg(args.seat)) if args.seat is not None
                else (dealer + 1) % game.players)  # the bidder estimate_bid takes by default
        if 0 <= seat < game.players:
            _check_whole_hand(game, args.hand, seat, dealer, args.partial)
    with ExitStack() as stack:
        odds = bid_odds(game, args.hand, args.contract, n=args.deals, seat=_seat_arg(args.seat), dealer=dealer,
                        blind=args.blind, method=args.method, players=args.player, talon=args.talon, seed=args.seed,
                        progress=not args.json, time_limit=args.time_limit, jobs=args.jobs,
                        until_halfwidth=args.until_halfwidth, accept=accept, client=_client(args, stack),
                        deals_file=args.save_deals)
    where = _where_words(game, accept)
    if args.json:
        rows = [{"contract": c, **{k: (None if v != v else v) for k, v in row.items()}}
                for c, row in odds.to_dict(orient="index").items()]
        out = {"game": game.name, "hand": args.hand, "deals": args.deals, "method": args.method,
               "blind": args.blind, "contracts": rows}
        if where:
            out["where"] = where
        print(json.dumps(out, ensure_ascii=False))
    else:
        from .explore.estimate import odds_table

        given = "; ".join(f"{p}: {w}" for p, w in where.items())
        print(terminal_text(f"{game.title}: {args.hand or 'a random hand'}{' (blind)' if args.blind else ''}"
                            f"{f' where {given}' if given else ''}, "
                            f"{'at most ' if args.until_halfwidth else ''}{args.deals} deals, {args.method}; "
                            "each figure with its 95 % interval"))
        print(odds_table(odds).to_string())
    return 0


#: The most deals ``deal --count`` prints.
MAX_SHOWN_DEALS = 1000


def cmd_deal(args: argparse.Namespace) -> int:
    """``deal GAME [--where TEXT ...] [--count K] [--seed N]``: ``K`` random deals meeting the
    constraints, each seat's hand on a line of its own (in the pack's order), then the talon."""
    from .explore.deal import Predeal, seat_index

    game = find_game(args.game, args.players, **_rules(args.rule))
    dealer = seat_index(game, _seat_arg(args.dealer)) if args.dealer is not None else 0
    accept = _where(game, args.where)
    setup = Predeal(game, dealer=dealer, talon=args.talon, accept=accept, max_tries=args.tries)
    order = {c: i for i, c in enumerate(game.new_pack())}

    def held(cards: Sequence[Any]) -> list[Any]:
        return sorted(cards, key=lambda c: order.get(c, len(order)))

    drawn = (list(setup.deals(args.count)) if args.seed is None  # deal i of seed S is the same in any run
             else [setup.numbered(args.seed, i) for i in range(args.count)])
    if args.save_deals:
        from .explore.dealsfile import write_deals

        write_deals(args.save_deals, game, drawn, seed=args.seed,
                    comment=f"dealer {game.names[dealer]}; {setup.describe()}")
    deals = [[(game.names[s], held(h)) for s, h in enumerate(d.hands) if h] + [(game.talon_word, held(d.talon))]
             for d in drawn]
    if args.json:
        print(terminal_json({"game": game.name, "players": game.players, "dealer": game.names[dealer],
                             "where": _where_words(game, accept), "seed": args.seed,
                             "deals": [{name: [c.code for c in cards] for name, cards in d} for d in deals]}))
        return 0
    print(terminal_text(_("{game}, dealer {dealer}: {setup}").format(
        game=game.title, dealer=game.names[dealer], setup=setup.describe())))
    width = max(len(n) for n in [*game.names, game.talon_word])
    for i, d in enumerate(deals, 1):
        print(_("deal {n}").format(n=i))
        for name, cards in d:
            print(terminal_text(f"  {name + ':':<{width + 1}} {' '.join(map(str, cards))}"))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """``analyse``: CSV rows of solved contracts (or denomination tables) for a deals file."""
    import csv

    from .explore.analyse import analyse_rows, table_rows
    from .explore.dealsfile import read_deals

    deals = read_deals(args.file)
    seats = [_seat_arg(x) for x in args.seat] if args.seat else None
    if args.table:
        rows = table_rows(deals, seats, players=args.player, time_limit=args.time_limit or None)
    else:
        if not args.contract:
            raise CardkitError(_("give at least one --contract (e.g. --contract 8H), or --table"))
        rows = analyse_rows(deals, args.contract, seats, players=args.player, time_limit=args.time_limit or None)
    if rows:
        out = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]), lineterminator="\n")
        out.writeheader()
        out.writerows(rows)
    if args.parquet:
        import importlib.util

        if importlib.util.find_spec("pyarrow") is None:
            raise CardkitError(_("--parquet needs pyarrow, which is not installed (pip install pyarrow); "
                                 "the rows above are the CSV"))
        import pandas as pd

        pd.DataFrame(rows).to_parquet(args.parquet)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """``show``: hand diagrams of a deals file's deals."""
    from .explore.dealsfile import read_deals
    from .explore.diagram import HandDiagram

    deals = read_deals(args.file)
    if args.deal is not None:
        if args.deal > len(deals):
            raise CardkitError(_("--deal {n}: {file} holds {count} deal(s)").format(
                n=args.deal, file=args.file, count=len(deals)))
        deals = [deals[args.deal - 1]]
    elif args.svg:
        raise CardkitError(_("--svg draws one deal: give --deal N too"))
    for i, fd in enumerate(deals):
        if i:
            print()
        print(terminal_text(str(HandDiagram(fd.game, fd.deal))))
    if args.svg:
        Path(args.svg).write_text(HandDiagram(deals[0].game, deals[0].deal).svg(), encoding="utf-8")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .server import serve

    try:
        serve(args.host, args.port, args.db, computer_delay=args.computer_delay, public_url=args.public_url,
              durable=args.durable, prefix=args.prefix, token=args.token, expire_hours=args.expire)
    except ValueError as e:  # a token of the wrong shape
        raise CardkitError(str(e)) from None
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    """``tables list|delete --db FILE``: the tables of a server's database, read or deleted in the
    file itself (a running server forgets a deleted table within a minute)."""
    import datetime

    from .server.store import Store, check_path

    if not Path(args.db).is_file():
        check_path(args.db)
        raise CardkitError(_("no database at {db}: give the file the server was started with (--db)").format(
            db=args.db))
    store = Store(args.db)
    try:
        if args.tables_command == "list":
            rows = store.summaries()
            for r in rows:
                when = datetime.datetime.fromtimestamp(r["last"]).strftime("%Y-%m-%d %H:%M")
                print(terminal_text(f"{r['id']}  {r['game']:>3} × {r['players']}  {', '.join(r['names'])}  "
                                    + _("{n} steps, last {when}").format(n=r["steps"], when=when)))
            print(_("{n} table(s) in {db}").format(n=len(rows), db=args.db))
            return 0
        missing = [t for t in args.ids if not store.delete_table(t)]
        for t in missing:
            print(_("no table {id} in {db}").format(id=t, db=args.db), file=sys.stderr)
        print(_("deleted {n} table(s)").format(n=len(args.ids) - len(missing)))
        return 1 if missing else 0
    finally:
        store.close()


def _seats(text: str) -> list[int | str]:
    """The seats of ``--computer``: letters (``C``, ``B,C``: the seats' names A, B, C, … in order)
    or numbers from 0 (``2``, ``2,1``), comma-separated; a letter stays a letter until the table's
    names are known (:func:`_seat_numbers`).

    Raises:
        argparse.ArgumentTypeError: an empty item, or one that is neither a letter nor a number.
    """
    out: list[int | str] = []
    for part in text.split(","):
        item = part.strip()
        if item.isdigit():
            out.append(int(item))
        elif item.isalpha() and len(item) == 1:
            out.append(item.upper())
        else:
            raise argparse.ArgumentTypeError(_(
                "{item!r} is not a seat: give seats by letter, e.g. --computer C or --computer B,C").format(item=item))
    return out


def _seat_numbers(seats: Sequence[int | str], names: Sequence[str]) -> list[int]:
    """Seat numbers from ``--computer``'s letters and numbers: a letter is the seat of that name
    (``names``: the table's seat names, A, B, C, … unless ``--names`` gives others).

    Raises:
        CardkitError: a letter that names no seat.
    """
    letters = [n.upper() for n in names]
    out = []
    for s in seats:
        if isinstance(s, int):
            out.append(s)
        elif s in letters:
            out.append(letters.index(s))
        else:
            raise CardkitError(_("no seat {seat}: the seats are {seats}").format(seat=s, seats=", ".join(letters)))
    return out


def _to_server(args: argparse.Namespace, make: Callable[[str, list[str] | None, list[int]], dict[str, Any]]
               ) -> dict[str, Any]:
    """Call ``make(token, names, computer seats)`` on the server at ``--url`` with the teacher's
    token (``--token``, ``CARDKIT_TOKEN`` or a server's runtime file), the ``--names`` and
    ``--computer`` seats read from the arguments; its answer. Raises :class:`CardkitError` saying
    what to do when no server answers or no token is found."""
    import urllib.error
    import urllib.request

    from .server import find_token

    names = [n.strip() for n in args.names.split(",")] if args.names else None
    seat_names = names or find_game(args.game, args.players).names
    computer = _seat_numbers([s for group in args.computer or [] for s in group], seat_names)

    def no_server(e: Exception) -> CardkitError:
        return CardkitError(_("no table server answers at {url} ({why}): start one with "
                              "\"python -m cardkit serve\" (or \"make serve\") in another terminal, "
                              "or give its address with --url").format(url=args.url, why=getattr(e, "reason", e)))

    token = args.token or find_token(args.url)
    if not token:
        try:  # is a server there at all? then the missing token is what to say
            urllib.request.urlopen(args.url.rstrip("/") + "/healthz", timeout=5).close()
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError) as e:
            raise no_server(e) from None
        raise CardkitError(_("no teacher's token for {url}: give --token (or set CARDKIT_TOKEN) with the token of "
                             "the link \"cardkit serve\" printed").format(url=args.url))
    try:
        return make(token, names, computer)
    except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
        raise no_server(e) from None


def cmd_new_table(args: argparse.Namespace) -> int:
    from .server.client import new_table

    made = _to_server(args, lambda token, names, computer: new_table(
        args.url, args.game, players=args.players, computer=computer, options=_rules(args.rule), seed=args.seed,
        names=names, token=token, public_seed=args.public_seed))
    lang = "" if get_language() == "en" else f"&lang={get_language()}"  # the pages in the reader's language
    print(terminal_text(_("projector: {link}").format(link=made["show"] + lang)))
    for s in made["seats"]:  # what the server sent, kept off the terminal's controls
        print(terminal_text(f"{s['name']}: " + (_("computer player") if s["computer"] else s["play"] + lang)))
    return 0


def cmd_new_class(args: argparse.Namespace) -> int:
    from .server.client import new_class

    lang = args.lang or get_language()
    made = _to_server(args, lambda token, names, computer: new_class(
        args.url, args.game, tables=args.tables, players=args.players, computer=computer, options=_rules(args.rule),
        names=names, token=token, lang=lang, same_deals=args.same_deals, go_on=args.go_on))
    from .server import find_token

    # the teacher's link, as "serve" prints it: the page keeps the token in its cookie and drops it
    # from the address (docs/server.md §2)
    query = urlencode({"token": args.token or find_token(args.url) or "", **({} if lang == "en" else {"lang": lang})})
    print(terminal_text(_("the teacher's page: {link}").format(link=made["teacher"] + "?" + query)))
    print(terminal_text(_("the join cards to print (PDF): {link}").format(link=made["cards"])))
    for n, t in enumerate(made["tables"], 1):
        print(terminal_text(_("table {n}, projector: {link}").format(n=n, link=t["show"])))
    return 0


def _client(args: argparse.Namespace, stack: ExitStack) -> Any:
    """The Dask client of ``--workers``/``--scheduler`` (``None`` for ``--workers 1``: no Dask),
    closed with ``stack``."""
    if args.scheduler is None and args.workers == 1:
        return None
    from .explore.cluster import dask_client

    return stack.enter_context(dask_client(args.scheduler, None if args.scheduler else args.workers))


def _cluster_arguments(parser: argparse.ArgumentParser, what: str, default: int | None = None) -> None:
    parser.add_argument("--workers", type=_positive, default=default,
                        help=f"worker processes of a local Dask cluster, each playing {what} at a time "
                             + ("(default: one per core; 1: play here, without Dask)" if default is None else
                                f"(default {default}: play here, without Dask)"))
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="send the work to the Dask scheduler at ADDRESS (e.g. tcp://10.0.0.5:8786) "
                             "instead of a local cluster")


def cmd_compare(args: argparse.Namespace) -> int:
    """``compare GAME``: the same deals under two variants (rules, player, method), paired."""
    from .explore.compare import Variant, bid_counts, compare, comparison_table

    variants = []
    for side in ("a", "b"):
        rules = _rules(args.rule + getattr(args, f"rule_{side}"))
        game = find_game(args.game, args.players, **rules)
        variants.append(Variant(game, getattr(args, f"player_{side}"), getattr(args, f"method_{side}")))
    va, vb = variants
    if va.name() == vb.name():
        raise CardkitError(_("A and B are the same: give --rule-b, --player-b or --method-b (or the A ones) "
                             "to set them apart"))
    bar = _bar(args.deals, f"{va.game.title}: deals", " deals")
    try:
        with ExitStack() as stack:
            rows = compare(va, vb, args.deals, seed=args.seed, chunk=args.chunk, client=_client(args, stack),
                           advance=bar.update)
    finally:
        bar.close()
    table = comparison_table(rows, va, vb)
    if args.json:
        print(json.dumps({"game": va.game.name, "players": va.game.players, "seed": args.seed, "deals": args.deals,
                          "a": va.name(), "b": vb.name(), "table": table.reset_index().to_dict(orient="records"),
                          "rows": rows}, ensure_ascii=False))
        return 0
    print(_("{game}, {n} players, {deals} deals (seed {seed}), each played under A and under B:").format(
        game=va.game.title, n=va.game.players, deals=args.deals, seed=args.seed))
    print(f"  A: {va.name()}\n  B: {vb.name()}")
    print(table.to_string())
    print()
    print(bid_counts(rows).head(args.top).to_string())
    return 0


def cmd_study(args: argparse.Namespace) -> int:
    """``study GAME``: every rule option against the table's rules on the same deals."""
    from .explore.study import option_values, study, study_table, study_text

    game = find_game(args.game, args.players, **_rules(args.rule))
    pairs = option_values(game)
    if args.option:
        pairs = [(n, v) for n, v in pairs if n in args.option]
        unknown = sorted(set(args.option) - {n for n, _v in option_values(game)})
        if unknown:
            raise CardkitError(_("--option {names}: {game} has no such rule option (it has: {known})").format(
                names=", ".join(unknown), game=game.title,
                known=", ".join(dict.fromkeys(n for n, _v in option_values(game))) or "-"))
    methods = args.method or ["playout"]
    bar = _bar(args.deals, f"{game.title}: deals", " deals")
    try:
        with ExitStack() as stack:
            rows = study(game, args.deals, seed=args.seed, player=args.player, methods=methods, options=pairs,
                         chunk=args.chunk, client=_client(args, stack), advance=bar.update)
    finally:
        bar.close()
    table = study_table(rows, game)
    if args.csv:
        table.to_csv(args.csv, index=False)
    if args.json:
        print(json.dumps({"game": game.name, "players": game.players, "deals": args.deals, "seed": args.seed,
                          "methods": methods, "table": table.to_dict(orient="records")}, ensure_ascii=False))
        return 0
    print(_("{game}, {n} players, {deals} deals (seed {seed}): each rule option against the table's rules on the "
            "same deals, with {level} intervals").format(game=game.title, n=game.players, deals=args.deals,
                                                         seed=args.seed, level="95 %"))
    print("\n".join(study_text(table)))
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from .explore.strength import read_rows, round_robin, rules_text, summary, summary_text

    game = find_game(args.game, args.players, **_rules(args.rule))
    kinds = list(dict.fromkeys(args.kinds))
    if len(kinds) < 2:
        raise CardkitError("a tournament needs at least two player kinds, e.g. random sensible sampler")
    pairs = None
    if args.against:
        pairs = [(k, args.against) for k in kinds if k != args.against]
    time_up = _time_up(args.time_limit)
    stopped: list[bool] = []

    def stop() -> bool:
        if time_up():
            stopped.append(True)
        return bool(stopped)

    n_pairs = len(pairs) if pairs is not None else len(kinds) * (len(kinds) - 1) // 2
    bar = _bar(n_pairs * args.deals, f"{game.title}: deals", " deals")
    try:
        with ExitStack() as stack:
            client = _client(args, stack)
            rows = round_robin(game, kinds, args.deals, seed=args.seed, chunk=args.chunk, path=args.csv,
                               pairs=pairs, progress=args.progress, stop=stop, advance=bar.update, client=client)
    finally:
        bar.close()
    if stopped:
        print(_("stopped at the time limit of {s:g} s (--time-limit; 0: no limit)").format(s=args.time_limit)
              + (_("; the same command goes on where it stopped (--csv)") if args.csv else ""), file=sys.stderr)
    if args.csv and Path(args.csv).exists():  # absent when the time was up before the first deal
        import pandas as pd

        table = pd.DataFrame(read_rows(args.csv))
        table = table[(table["game"] == game.name) & (table["players"].astype(int) == game.players)
                      & (table["rules"] == rules_text(game)) & (table["seed"].astype(int) == args.seed)]
        table = table[table["deal"].astype(int) < args.deals]
    else:
        table = rows
    if len(table) == 0:
        print(_("no deal was played: give the tournament more time (--time-limit)"), file=sys.stderr)
        return 0
    print(f"{game.title}, {game.players} players: mean score difference per hand (a − b, higher: a stronger), "
          f"duplicate deals with the seats turned round")
    print("\n".join(summary_text(summary(table))))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m cardkit``."""
    p = argparse.ArgumentParser(prog="python -m cardkit", description="cardkit: 501♠ and Five Hundred")
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a match between computer players")
    play.add_argument("game", help="501 or 500")
    play.add_argument("--players", type=int, default=None, help="number of players")
    play.add_argument("--seed", type=int, default=None, help="seed of the dealer draw and the shuffles")
    play.add_argument("--player", action="append", help="computer player kind (once, or once per seat)")
    play.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    play.add_argument("--max-hands", type=_max_hands, default=200,
                      help=f"stop after this many hands (default 200, at most {MAX_PLAY_HANDS})")
    play.add_argument("--time-limit", type=_seconds, default=PLAY_TIME_LIMIT,
                      help=f"deal no hand after this many seconds (default {PLAY_TIME_LIMIT:g}; 0: no limit)")
    play.add_argument("--quiet", action="store_true", help="print only the score sheet")
    play.add_argument("--save", help="write the match record to this file")
    play.set_defaults(func=cmd_play)
    rep = sub.add_parser("replay", help="replay a record file and print the result")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(func=cmd_replay)
    sol = sub.add_parser("solve", help="solve the play position a record ends in: each action's value")
    sol.add_argument("file")
    sol.add_argument("--json", action="store_true", help="print one JSON object")
    sol.add_argument("--plays", type=_not_negative, default=None,
                     help="solve the position after this many cards of play (0: the opening lead); "
                          "by default where the record ends, or its opening lead if the hand is over")
    sol.add_argument("--time-limit", type=float, default=10.0,
                     help="seconds the search may take (default 10; 0: no limit); when they are spent the "
                          "answer gives each action's proved bounds and says so")
    sol.add_argument("--node-limit", type=int, default=None,
                     help="positions the search may visit (default: no limit); as --time-limit")
    sol.set_defaults(func=cmd_solve)
    est = sub.add_parser("estimate", help="the chance a contract makes over random deals of the unseen cards")
    est.add_argument("game", help="501 or 500")
    est.add_argument("--contract", action="append", required=True,
                     help="a bid: 100 (501) or 8H, 10NT, misere (500); repeat to compare")
    est.add_argument("--hand", default=None, help="the bidder's cards, e.g. 'AS 10S KS QS AH 10H KD'")
    est.add_argument("--seat", default=None, help="the bidder's seat (name or number); the dealer's left by default")
    est.add_argument("--dealer", default=None, help="the dealer's seat (name or number); 0 by default")
    est.add_argument("--talon", default=None, help="cards known to be in the talon or kitty")
    est.add_argument("--deals", type=_deals, default=100,
                     help=f"number of deals (default 100, at most {MAX_DEALS})")
    est.add_argument("--blind", action="store_true", help="501: bid without looking (results count double)")
    est.add_argument("--method", choices=["playout", "solver"], default="playout",
                     help="play the cards out with computer players, or solve them with best play")
    est.add_argument("--player", default=None, help="computer player kind for the other decisions and the play")
    est.add_argument("--players", type=int, default=None, help="number of players")
    est.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    est.add_argument("--seed", type=int, default=0, help="seed of the deals")
    est.add_argument("--progress", action="store_true",
                     help="show a progress bar (the default: on standard error, except with --json)")
    est.add_argument("--time-limit", type=float, default=600.0,
                     help="stop after this many seconds with the deals done so far (default 600)")
    est.add_argument("--jobs", type=int, default=1,
                     help="with --method solver: deals solved at once, one core each (default 1)")
    _cluster_arguments(est, "a chunk of 20 deals", default=1)
    est.add_argument("--until-halfwidth", type=float, default=None, metavar="H",
                     help="stop a contract's deals once its chance to make is known within H either side "
                          "(a share, e.g. 0.05; at least 10 deals); --deals is then the most")
    est.add_argument("--partial", action="store_true",
                     help="--hand gives only some of the seat's cards: deal the rest at random")
    est.add_argument("--where", action="append", default=None, metavar="TEXT",
                     help="constraints on the deals in the deal language, e.g. \"C: hcp >= 12; talon: holds 10H\" "
                          "(repeat to add more; see cardkit.explore.language)")
    est.add_argument("--json", action="store_true", help="print one JSON object")
    est.add_argument("--save-deals", default=None, metavar="FILE",
                     help="write the deals used to this deals file (one a line; read by analyse and show)")
    est.set_defaults(func=cmd_estimate)
    deal = sub.add_parser("deal", help="random deals meeting constraints written in the deal language")
    deal.add_argument("game", help="501 or 500")
    deal.add_argument("--where", action="append", default=None, metavar="TEXT",
                      help="constraints, e.g. \"B: trumps(H) >= 3 and hcp >= 12\", \"A: 5+♥\", \"C: shape 4-4-1-1\" "
                           "(repeat to add more; see cardkit.explore.language)")
    deal.add_argument("--count", type=_at_most(MAX_SHOWN_DEALS, N_("{text} deals: at most {most}")), default=1,
                      help=f"how many deals (default 1, at most {MAX_SHOWN_DEALS})")
    deal.add_argument("--seed", type=int, default=None, help="seed of the deals (default: new deals each time)")
    deal.add_argument("--dealer", default=None, help="the dealer's seat (name or number); 0 by default")
    deal.add_argument("--talon", default=None, help="cards known to be in the talon or kitty")
    deal.add_argument("--tries", type=_positive, default=10_000,
                      help="random deals tried for each deal shown before giving up (default 10000)")
    deal.add_argument("--players", type=int, default=None, help="number of players")
    deal.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    deal.add_argument("--json", action="store_true", help="print one JSON object, cards as codes (AS, 10H, JK)")
    deal.add_argument("--save-deals", default=None, metavar="FILE",
                      help="also write the deals to this deals file (one a line; read by analyse and show)")
    deal.set_defaults(func=cmd_deal)
    ana = sub.add_parser("analyse", help="solve contracts on every deal of a deals file: CSV, one row per deal")
    ana.add_argument("file", help="a deals file (one deal a line)")
    ana.add_argument("--contract", action="append", default=[],
                     help="a bid: 8H, 10NT (500) or 100 (501); repeat for more columns")
    ana.add_argument("--seat", action="append", default=[],
                     help="the contracting seat (name or number); repeat for more; the dealer's left by default")
    ana.add_argument("--player", default=None,
                     help="computer player kind for the decisions before the play (the game's rule-based one)")
    ana.add_argument("--table", action="store_true",
                     help="every denomination x contractor for each deal instead (one row per deal and seat)")
    ana.add_argument("--parquet", default=None, metavar="OUT", help="also write the rows as Parquet (needs pyarrow)")
    ana.add_argument("--time-limit", type=_seconds, default=10.0,
                     help="seconds one contract's search may take (Five Hundred; default 10, 0: no limit); "
                          "past it the cell is left empty")
    ana.set_defaults(func=cmd_analyse)
    show = sub.add_parser("show", help="print the deals of a deals file as hand diagrams")
    show.add_argument("file", help="a deals file (one deal a line)")
    show.add_argument("--deal", type=_positive, default=None, help="only this deal (1 for the first)")
    show.add_argument("--svg", default=None, metavar="OUT", help="write the deal's diagram as SVG (with --deal)")
    show.set_defaults(func=cmd_show)
    srv = sub.add_parser("serve", help="run the table server: students play one table from their own devices")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)")
    srv.add_argument("--port", type=_port, default=8765, help="TCP port (default 8765)")
    srv.add_argument("--db", default="cardkit-tables.sqlite", help="SQLite file of the tables (resumed if it exists)")
    srv.add_argument("--computer-delay", type=float, default=0.8, help="seconds a computer player waits before acting")
    srv.add_argument("--public-url", default=None, help="the address students use, for join links and QR codes")
    srv.add_argument("--durable", action="store_true", help="flush every action to disk (survives power loss)")
    srv.add_argument("--prefix", default=None,
                     help="serve every page under this path (default: $JUPYTERHUB_SERVICE_PREFIX, else /)")
    srv.add_argument("--token", default=None,
                     help="the teacher's token, which makes tables (default: $CARDKIT_TOKEN, else a new one, "
                          "printed in the teacher's link)")
    srv.add_argument("--expire", type=_hours, default=24.0,
                     help="delete a table this many hours after its last action (default 24; 0: never)")
    srv.set_defaults(func=cmd_serve)
    tab = sub.add_parser("tables", help="list or delete the tables of a table server's database")
    tabsub = tab.add_subparsers(dest="tables_command", required=True)
    tl = tabsub.add_parser("list", help="every table: id, game, seats, steps, last action")
    tl.add_argument("--db", default="cardkit-tables.sqlite", help="the server's SQLite file")
    tl.set_defaults(func=cmd_tables)
    td = tabsub.add_parser("delete", help="delete tables by id (a running server forgets them within a minute)")
    td.add_argument("ids", nargs="+", metavar="ID", help="table ids, as 'tables list' prints them")
    td.add_argument("--db", default="cardkit-tables.sqlite", help="the server's SQLite file")
    td.set_defaults(func=cmd_tables)
    new = sub.add_parser("new-table", help="make a table on a running server and print its links")
    new.add_argument("game", help="501 or 500")
    new.add_argument("--players", type=int, default=None, help="number of players")
    new.add_argument("--computer", type=_seats, action="append", metavar="SEATS",
                     help="the seats the computer plays, by letter as the table names them: "
                          "--computer C, or --computer B,C (numbers from 0 work too: 2 is C)")
    new.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    new.add_argument("--seed", type=int, default=None,
                     help="a deal number the class can replay: mixed with the server's secret, so that knowing it "
                          "tells nobody the cards")
    new.add_argument("--public-seed", action="store_true",
                     help="use --seed as it is, as the lessons' tables and 'cardkit play --seed' do (the same cards "
                          "as there; anyone who knows the number can work out every hand)")
    new.add_argument("--token", default=None,
                     help="the teacher's token (default: $CARDKIT_TOKEN, else that of a server started on this "
                          "machine at --url)")
    new.add_argument("--names", default=None, help="seat names, comma-separated (under a JupyterHub: user names)")
    new.add_argument("--url", type=_server_url, default="http://127.0.0.1:8765/",
                     help="the server (default http://127.0.0.1:8765/)")
    new.set_defaults(func=cmd_new_table)
    cls = sub.add_parser("new-class", help="make a whole class of tables on a running server in one step")
    cls.add_argument("game", help="501 or 500")
    cls.add_argument("--tables", type=int, required=True, help="how many tables (1 to 12)")
    cls.add_argument("--players", type=int, default=None, help="number of players at each table")
    cls.add_argument("--computer", type=_seats, action="append", metavar="SEATS",
                     help="the seats the computer plays at every table, by letter: --computer D")
    cls.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    cls.add_argument("--names", default=None, help="seat names, comma-separated (the same at every table)")
    cls.add_argument("--lang", choices=("en", "es"), default=None,
                     help="the language of the join cards and links (default: the command line's)")
    cls.add_argument("--same-deals", action="store_true", help="every table is dealt the same cards (duplicate)")
    cls.add_argument("--go-on", action="store_true",
                     help="the tables deal the next hand themselves (by default only the teacher does)")
    cls.add_argument("--token", default=None, help="the teacher's token (as for new-table)")
    cls.add_argument("--url", type=_server_url, default="http://127.0.0.1:8765/",
                     help="the server (default http://127.0.0.1:8765/)")
    cls.set_defaults(func=cmd_new_class)
    prog = sub.add_parser("progress", help="your progress: every rule's state, kept in ~/.cardkit/progress.sqlite")
    prog.add_argument("--json", action="store_true", help="print JSON: a 'rules' list (game, item, words, state)")
    prog.add_argument("--reset", action="store_true", help="forget every answer and refused play recorded")
    prog.add_argument("--file", default=None,
                      help="the progress file (default: $CARDKIT_PROGRESS, else ~/.cardkit/progress.sqlite)")
    prog.set_defaults(func=cmd_progress)
    exe = sub.add_parser("exercises", help="list or check the exercise files (data/exercises)")
    exsub = exe.add_subparsers(dest="exercises_command", required=True)
    exl = exsub.add_parser("list", help="every exercise: id, game, language, kind, lesson")
    exl.add_argument("path", nargs="?", default=None, help="a file or folder (default: data/exercises)")
    exl.add_argument("--json", action="store_true", help="print one JSON array")
    exl.set_defaults(func=cmd_exercises_list)
    exc = exsub.add_parser("check", help="validate and solve every exercise of a file or folder")
    exc.add_argument("path", help="an exercise file or a folder of them")
    exc.set_defaults(func=cmd_exercises_check)
    tour = sub.add_parser("tournament", help="duplicate matches between computer player kinds, pair by pair")
    tour.add_argument("game", help="501 or 500")
    tour.add_argument("kinds", nargs="+", help="player kinds, e.g. random sensible sampler solver ismcts")
    tour.add_argument("--players", type=int, default=None, help="number of players")
    tour.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE")
    tour.add_argument("--deals", type=_deals, default=20, help=f"deals per pair (default 20, at most {MAX_DEALS})")
    tour.add_argument("--time-limit", type=_seconds, default=TOURNAMENT_TIME_LIMIT,
                      help=f"start no chunk of deals after this many seconds (default {TOURNAMENT_TIME_LIMIT:g}; "
                           "0: no limit); with --csv, the same command goes on where it stopped")
    tour.add_argument("--seed", type=int, default=0, help="seed of the deals and the players")
    tour.add_argument("--against", default=None, help="play every kind against this one only")
    tour.add_argument("--chunk", type=_positive, default=10, help="deals of one pair before the next pair's")
    _cluster_arguments(tour, "a chunk of deals")
    tour.add_argument("--csv", default=None,
                      help="append one row per pair and deal to this CSV file; deals already there are skipped")
    tour.add_argument("--progress", action="store_true", help="print a line after each chunk")
    tour.set_defaults(func=cmd_tournament)
    stu = sub.add_parser("study", help="every rule option against the table's rules, on the same deals")
    stu.add_argument("game", help="501 or 500")
    stu.add_argument("--players", type=int, default=None, help="number of players")
    stu.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE of the base table")
    stu.add_argument("--option", action="append", default=[], help="study only this option (repeat for more)")
    stu.add_argument("--method", action="append", choices=("playout", "solver"), default=[],
                     help="playout (the players play the cards; the default) and/or solver (best play, all cards seen)")
    stu.add_argument("--player", default=None, help="the computer player at every seat (default: the rule-based one)")
    stu.add_argument("--deals", type=_deals, default=1000, help=f"deals (default 1000, at most {MAX_DEALS})")
    stu.add_argument("--seed", type=int, default=0, help="seed of the deals and the players")
    stu.add_argument("--chunk", type=_positive, default=50, help="deals in one task")
    _cluster_arguments(stu, "a chunk of deals")
    stu.add_argument("--csv", default=None, help="also write the table to this CSV file")
    stu.add_argument("--json", action="store_true", help="print one JSON object with the table")
    stu.set_defaults(func=cmd_study)
    cmp = sub.add_parser("compare", help="the same deals under two rule sets, players or methods, paired")
    cmp.add_argument("game", help="501 or 500")
    cmp.add_argument("--players", type=int, default=None, help="number of players")
    cmp.add_argument("--rule", action="append", default=[], help="rule option NAME=VALUE for both A and B")
    for side in ("a", "b"):
        up = side.upper()
        cmp.add_argument(f"--rule-{side}", action="append", default=[], help=f"rule option NAME=VALUE for {up} only")
        cmp.add_argument(f"--player-{side}", default=None,
                         help=f"the computer player at every seat for {up} (default: the rule-based one)")
        cmp.add_argument(f"--method-{side}", default="playout", choices=("playout", "solver"),
                         help=f"how {up}'s play is valued: played out, or solved with every card seen")
    cmp.add_argument("--deals", type=_deals, default=200, help=f"deals (default 200, at most {MAX_DEALS})")
    cmp.add_argument("--seed", type=int, default=0, help="seed of the deals and the players")
    cmp.add_argument("--chunk", type=_positive, default=20, help="deals in one task")
    cmp.add_argument("--top", type=_positive, default=10, help="contracts listed in the bid counts (default 10)")
    _cluster_arguments(cmp, "a chunk of deals")
    cmp.add_argument("--json", action="store_true", help="print one JSON object: the table and every deal's row")
    cmp.set_defaults(func=cmd_compare)
    return p


def cmd_progress(args: argparse.Namespace) -> int:
    """``progress [--json] [--reset] [--file F]``: every rule of both games and its state, or forget them."""
    from .display import rule_words
    from .progress import Progress, rule_about, state_words

    progress = Progress(args.file)
    if args.reset:
        progress.reset()
        print(_("Progress forgotten: {path}").format(path=progress.path))
        return 0
    states = [rs for rs in progress.states().values() if rule_about(rs.game, rs.item)]
    review = [e.id for e in progress.review_today(get_language())]
    if args.json:
        rules = [{"game": rs.game, "item": f"rules.md {rs.game} §{rs.item}",
                  "words": rule_words(f"rules.md {rs.game} §{rs.item}"), "about": rule_about(rs.game, rs.item),
                  "state": rs.state, "state_words": state_words(rs.state), "right": rs.right, "mistakes": rs.wrong,
                  "due": rs.due} for rs in states]
        print(terminal_json({"file": str(progress.path), "learner": progress.learner, "rules": rules,
                             "review_today": review}))
        return 0
    width = max(len(rule_words(f"rules.md {rs.game} §{rs.item}")) for rs in states)
    about = max(len(rule_about(rs.game, rs.item)) for rs in states)
    for rs in states:
        counts = _("{right} right, {wrong} mistakes").format(right=rs.right, wrong=rs.wrong)
        print(terminal_text(f"{rule_words(f'rules.md {rs.game} §{rs.item}'):<{width}}  "
                            f"{rule_about(rs.game, rs.item):<{about}}  {state_words(rs.state):<12} {counts}"))
    print(_("To review today: {ids}").format(ids=", ".join(review) or _("nothing")))
    print(_("Kept in {path}").format(path=progress.path))
    return 0


def cmd_exercises_list(args: argparse.Namespace) -> int:
    """``exercises list``: one line (or JSON object) per exercise."""
    from .exercises import load_all

    rows: list[dict[str, Any]] = []
    for lesson in load_all(args.path):
        for e in lesson:
            rows.append({"id": e.id, "game": e.game.name, "players": e.game.players, "language": e.language,
                         "kind": e.kind, "ask": e.ask, "lesson": e.lesson, "rules": list(e.rules),
                         "file": str(lesson.path) if lesson.path else None})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for r in rows:
        print(f"{r['id']:<28} {r['game']:<4} {r['players']}p {r['language']:<3} {r['kind'] + '/' + r['ask']:<22} "
              f"{r['lesson']}")
    print(f"{len(rows)} exercises")
    return 0


def cmd_exercises_check(args: argparse.Namespace) -> int:
    """``exercises check``: validate and solve; status 1 with every problem's place if any."""
    from .exercises import check_path

    count, problems = check_path(args.path)
    for file, where, message in problems:
        print(f"{file}: {where}: {message}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"{count} exercises checked: every one answered by the engine")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show ♠ gets '?', not a traceback
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    try:
        status: int = args.func(args)
        return status
    except CardkitError as e:
        print(_("error: {message}").format(message=e), file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `... | head -1`: the reader has gone, which is no error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as e:  # e.g. --save into a folder that does not exist
        print(_("error: {message}").format(message=e), file=sys.stderr)
        return 2
