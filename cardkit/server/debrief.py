"""The debrief of a finished hand at a table, and the tables that were dealt the same cards side by side.

:func:`hand_debrief` tells a hand over again for the projector: the deal (every hand at the start
and the talon or kitty), the auction, the contract, the tricks one by one (leader, cards in order,
winner, each step as the engine describes it), the score, and the solver's review of every card
(:func:`cardkit.coach.check`: the card that cost a trick or points, with the best card).
:func:`compare` puts side by side the tables that played the same cards: per table who bid what,
the contract, who made what and the scores. Everything comes from the engine's states and their
``describe``, ``summary``, ``view`` (``score_rows``, ``tally``), never from an action's text, and
nothing here asks which game a table plays.

The solver can take a second or more on a whole hand (about ten the first time a server process
solves, while numba loads its kernels): :class:`Debriefs` runs it in a worker thread, one hand at a
time, and keeps each answer per table, hand and language (at most :data:`MAX_DEBRIEFS`).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from typing import Any

from ..coach import Check, check, loss_line, unit_note
from ..game import State
from ..tricks import Trick
from ..i18n import _, ngettext
from .tables import Room, TableError, speaking

#: Debriefs (and solver checks) a server keeps; past it the oldest is forgotten and made again
#: when asked for (docs/server.md §11).
MAX_DEBRIEFS = 256
#: The most digits of a hand number (``?hand=``).
MAX_HAND_DIGITS = 6

#: One solver check at a time: the solver's transposition table is shared within a process.
_SOLVING = threading.Lock()


def hand_number(text: Any) -> int:
    """The hand number of ``?hand=`` (from 1).

    Raises:
        TableError: (400) missing, not a whole number from 1, or longer than
            :data:`MAX_HAND_DIGITS` digits.
    """
    if not isinstance(text, str) or not text.isdigit() or not text.isascii() or len(text) > MAX_HAND_DIGITS \
            or int(text) < 1:
        raise TableError(400, _("\"hand\" must be the number of a hand of this table, from 1: {hand}").format(
            hand=repr(text)[:20]), "server.md §11")
    return int(text)


def hands_over(room: Room) -> list[int]:
    """The numbers (from 1) of the table's hands that are over."""
    current = room.replay.cursor[0] + 1
    return list(range(1, current + (1 if room.state.is_terminal() else 0)))


def finished_hand(room: Room, hand: int) -> State:
    """A copy of the table's hand number ``hand`` (from 1), once it is over.

    Raises:
        TableError: (409) a hand not dealt yet, or still being played.
    """
    current = room.replay.cursor[0] + 1
    if hand > current:
        raise TableError(409, _("hand {n} has not been played at this table (it is at hand {now})").format(
            n=hand, now=current), "server.md §11")
    if hand == current and not room.state.is_terminal():
        raise TableError(409, _("hand {n} is not over yet: the debrief comes once it is").format(n=hand),
                         "server.md §11")
    return room.replay.match.hands[hand - 1].clone()


def solver_check(state: State) -> tuple[Check, float]:
    """The solver's check of every seat's cards in the finished hand ``state`` and the seconds it
    took. Writes no words, so it may run in a worker thread; one check runs at a time."""
    with _SOLVING:
        start = time.perf_counter()
        done = check(state.game, state, range(state.game.players))
        return done, time.perf_counter() - start


def hand_debrief(room: Room, hand: int) -> dict[str, Any]:
    """The debrief of hand ``hand`` (from 1) of ``room``, in the language in use, the solver run
    here (see :class:`Debriefs` for a server's event loop).

    Raises:
        TableError: (409) the hand is not over or not played.
    """
    state = finished_hand(room, hand)
    done, seconds = solver_check(state)
    return {**debrief_of(room, hand, state, done, seconds), "over": hands_over(room)}


def debrief_of(room: Room, hand: int, state: State, done: Check, seconds: float) -> dict[str, Any]:
    """The debrief of a finished ``state`` (hand ``hand`` of ``room``) with the solver's check
    ``done`` (which took ``seconds``), in the language in use.

    Keys: ``table``, ``game``, ``title``, ``hand``, ``players``, ``names``, ``dealer``,
    ``talon_word``, ``deal`` (``{"hands": [[cards] per seat], "talon": [cards]}``, as held),
    ``badges`` (per seat, the game's words for its part: contractor, bidder, blind, sits out),
    ``auction`` (``[{"seat", "call"}]``, each call in words), ``contract`` (``{"text",
    "contractor", "side", "made"}``), ``steps`` (what happened between the auction and the first
    lead, as the engine describes it: the talon taken, gives, burials), ``tricks`` (``[{"n",
    "leader", "led", "plays": [[seat, card]], "winner", "lines", "review"}]``: ``lines`` each card
    as the engine describes it, ``review`` the solver's lines about this trick), ``score``
    (``{"summary", "before", "returns", "after", "rows", "tallies"}``) and ``review`` (``{"lines",
    "note", "checked", "seconds"}``: every line, what the numbers count, how many cards were checked).
    """
    game, names = room.game, room.game.names
    start = game.new_hand(state.dealer, list(state.scores_before), state.pack)
    first = start.view(None)
    deal_hands = [[str(c) for c in state.held_order(h)] for h in first.hands if not isinstance(h, int)]
    talon = [] if isinstance(first.talon, int) else [str(c) for c in state.held_order(first.talon)]
    steps: list[str] = []
    by_trick: list[list[str]] = [[] for _t in state.tricks]
    replay = start
    for a in state.history():
        seat = replay.current_player()
        assert seat is not None, "a finished hand's actions each have a seat to act"
        line = replay.describe(a, seat, None)
        if replay.phase == "play":
            if len(replay.tricks) < len(by_trick):
                by_trick[len(replay.tricks)].append(line)
        elif replay.phase != "auction":
            steps.append(line)
        replay.apply_action(a)
    review_at: list[list[str]] = [[] for _t in state.tricks]
    lines = []
    for loss in done.losses:
        line = loss_line(loss, names)
        lines.append(line)
        if loss.trick <= len(review_at):
            review_at[loss.trick - 1].append(line)
    if done.played and not done.losses:
        lines.append(ngettext("Every card kept to best play ({n} card checked).",
                              "Every card kept to best play ({n} cards checked).", done.played).format(n=done.played))
    tricks = [{"n": i + 1, "leader": t.leader, "led": None if t.led_suit is None else str(t.led_suit),
               "plays": [[s, str(c)] for s, c in t.plays], "winner": t.winner, "lines": by_trick[i],
               "review": review_at[i]} for i, t in enumerate(state.tricks)]
    return {
        "table": room.id, "game": game.name, "title": _(game.title), "hand": hand, "players": game.players,
        "names": list(names), "dealer": state.dealer, "talon_word": _(game.talon_word),
        "deal": {"hands": deal_hands, "talon": talon},
        "badges": [state.view(None).badges(s) for s in range(game.players)],
        "auction": auction(state), "contract": contract(state), "steps": steps, "tricks": tricks,
        "score": score(state, names),
        "review": {"lines": lines, "note": unit_note(done.unit) if done.losses else None,
                   "checked": done.played, "seconds": round(seconds, 3)},
    }


def auction(state: State) -> list[dict[str, Any]]:
    """Who called what, in order: ``[{"seat", "call"}]``, each call in words."""
    return [{"seat": s, "call": a.words()} for s, a in state.calls]


def contract(state: State) -> dict[str, Any]:
    """The contract of a finished hand: ``text`` (the summary without its result), the
    ``contractor`` and the ``side`` playing it (seats), and whether it was ``made`` (``None``
    when none was played)."""
    return {"text": state.summary(outcome=False), "contractor": state.contractor,
            "side": list(state.contracting_seats()), "made": state.made()}


def score(state: State, names: Sequence[str]) -> dict[str, Any]:
    """The score of a finished hand: its ``summary``, the scores ``before``, the ``returns``, the
    scores ``after``, what it counted (``rows``: ``[label, text]``) and what each seat took
    (``tallies``)."""
    end = state.view(None)
    return {"summary": state.summary(), "before": list(state.scores_before), "returns": state.returns(),
            "after": state.scores_after(), "rows": [list(r) for r in end.score_rows(names)],
            "tallies": [end.tally(s) for s in range(state.game.players)]}


def tricks_won(tricks: Sequence[Trick], players: int) -> list[int]:
    """How many of ``tricks`` each of ``players`` seats won (a trick not over counts for none)."""
    won = [0] * players
    for t in tricks:
        if t.winner is not None:
            won[t.winner] += 1
    return won


def sides(state: State, counted: dict[str, Any]) -> list[dict[str, Any]]:
    """What each unit of the game (:attr:`~cardkit.game.Game.units`: a partnership, or a seat
    alone) took in the finished ``state`` and scored, from its :func:`score` ``counted``:
    ``[{"seats": names, "tricks", "took", "returns", "scores"}]``. ``took`` is in words: a seat
    alone's tally ("1 trick, 31 points"), a partnership's tricks together ("6 tricks")."""
    names = state.game.names
    won = tricks_won(state.tricks, state.game.players)
    out = []
    for unit in state.game.units:
        tricks = sum(won[s] for s in unit)
        took = counted["tallies"][unit[0]] if len(unit) == 1 else ngettext(
            "{n} trick", "{n} tricks", tricks).format(n=tricks)
        out.append({"seats": [names[s] for s in unit], "tricks": tricks, "took": took,
                    "returns": counted["returns"][unit[0]], "scores": counted["after"][unit[0]]})
    return out


def deal_of(state: State) -> tuple[tuple[frozenset[str], ...], frozenset[str]]:
    """Every seat's cards at the start of ``state``'s hand and the talon, as sets of card texts."""
    first = state.game.new_hand(state.dealer, list(state.scores_before), state.pack).view(None)
    hands = tuple(frozenset(map(str, h)) for h in first.hands if not isinstance(h, int))
    return hands, frozenset(()) if isinstance(first.talon, int) else frozenset(map(str, first.talon))


def compare(rooms: Sequence[Room], hand: int) -> dict[str, Any]:
    """Hand ``hand`` (from 1) of tables dealt the same cards, side by side, in the language in use:
    ``{"hand", "same_cards", "note", "differ", "tables"}``. ``same_cards`` says whether every
    table's seats were dealt the same cards (and the same talon) as the first table's; when not,
    ``differ`` lists the other tables and ``note`` says so. Each of ``tables`` gives ``table``,
    ``names``, ``dealer``, ``auction``, ``contract``, ``tallies`` (what each seat took),
    ``summary``, ``returns``, ``scores`` (after the hand) and ``sides`` (:func:`sides`).

    Raises:
        TableError: (400) no table; (409) a table where the hand is not over or not played.
    """
    if not rooms:
        raise TableError(400, _("compare needs at least one table"), "server.md §11")
    states = [finished_hand(r, hand) for r in rooms]
    deals = [deal_of(s) for s in states]
    differ = [r.id for r, d in zip(rooms, deals) if d != deals[0]]
    note = None
    if differ:
        note = _("not the same cards: table {tables} was dealt other cards than table {first} in hand {n}").format(
            tables=", ".join(differ), first=rooms[0].id, n=hand)
    tables = []
    for room, st in zip(rooms, states):
        counted = score(st, room.game.names)
        tables.append({"table": room.id, "names": list(room.game.names), "dealer": st.dealer,
                       "auction": auction(st), "contract": contract(st), "tallies": counted["tallies"],
                       "summary": counted["summary"], "returns": counted["returns"], "scores": counted["after"],
                       "sides": sides(st, counted)})
    return {"hand": hand, "same_cards": not differ, "note": note, "differ": differ, "tables": tables}


def _keep(store: dict[Any, Any], key: Any, value: Any, most: int) -> None:
    """Keep ``value`` under ``key``, forgetting the oldest entries past ``most``."""
    store.pop(key, None)
    store[key] = value
    while len(store) > most:
        del store[next(iter(store))]


class Debriefs:
    """A server's debriefs: each made once per table, hand and language, the solver run in a
    worker thread off the event loop (one at a time), at most ``most`` kept of each."""

    def __init__(self, most: int = MAX_DEBRIEFS) -> None:
        self.most = most
        self.checks: dict[tuple[str, int], tuple[Check, float]] = {}
        self.made: dict[tuple[str, int, str], dict[str, Any]] = {}
        self.running: dict[tuple[str, int], asyncio.Task[tuple[Check, float]]] = {}

    async def get(self, room: Room, hand: int, lang: str) -> dict[str, Any]:
        """The debrief of hand ``hand`` of ``room`` in ``lang`` (see :func:`debrief_of`), with
        ``over``, the hands of the table that are over.

        Raises:
            TableError: (409) the hand is not over or not played.
        """
        with speaking(lang):
            over = hands_over(room)
            made = self.made.get((room.id, hand, lang))
            if made is not None:
                return {**made, "over": over}
            state = finished_hand(room, hand)
        key = (room.id, hand)
        done = self.checks.get(key)
        if done is None:
            task = self.running.get(key)
            if task is None:
                task = self.running[key] = asyncio.get_running_loop().create_task(
                    asyncio.to_thread(solver_check, state))
            try:
                done = await task
            finally:
                self.running.pop(key, None)
            _keep(self.checks, key, done, self.most)
        with speaking(lang):
            made = debrief_of(room, hand, state, *done)
        _keep(self.made, (room.id, hand, lang), made, self.most)
        return {**made, "over": over}
