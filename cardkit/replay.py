"""The replay cursor: step back and forth through a match, and branch from any point.

A :class:`Replay` holds a match's *script* (each hand's pack in deal order, the actions taken so
far, and the dealer and running scores it started from) and a *position* ``(hand, step)``: the
hand's index from 0 and how many of its actions are applied. Everything else is the engine's: the
state at the position is a :class:`~cardkit.game.Match` replayed from the script, so a rule is
never written here.

- :meth:`Replay.start`, :meth:`Replay.back`, :meth:`Replay.next`, :meth:`Replay.end` and
  :meth:`Replay.goto` move the position;
- :meth:`Replay.apply` applies an action at the position: the same action as the script's next
  one just steps on, a different one *branches* (the script's future is dropped);
- :attr:`Replay.cursor` is the position; :attr:`Replay.state`, :meth:`Replay.view`,
  :attr:`Replay.match` and :attr:`Replay.log` read what is there.

A *live* replay plays on past the end of its script: the computer players in ``players`` choose
for their seats and new hands are dealt from the match's seeded shuffles, exactly as
:class:`~cardkit.game.Match` would deal them. Seats without a player are *waiting* seats (people
at a table): stepping stops at their turn. The table widget (:mod:`cardkit.widgets.table`) is a
thin shell over this class; nothing here imports Jupyter.

>>> from cardkit.records import load
>>> r = Replay.from_record("data/examples/501_worked_blind_contract.json")
>>> r.cursor, r.state.phase
((0, 0), 'auction')
>>> r.end(); r.cursor == (0, len(r.script[0])), r.state.is_terminal()
(True, True)
>>> r.back(), r.state.is_terminal()
(True, False)
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from .cards import Cards
from .errors import CardkitError
from .game import Action, Game, Match, Outcome, Player, State, View
from .i18n import _

__all__ = ["Replay"]


class Replay:
    """A cursor over a match: a script of hands and actions, and a position in it.

    Args:
        game: the table's rules.
        seed: seeds the first dealer and every shuffle, as ``Match(game, seed)`` does; a live
            replay deals its new hands from these shuffles.
        match: a match whose hands (packs, dealers, scores and actions) make the script; when
            ``None``, the script starts with the seeded first deal and no actions.
        players: ``{seat: player}``, computer players (:class:`~cardkit.game.Player`) that move for
            their seats when a live replay steps past its script. Other seats are waiting seats.
        live: whether stepping past the end of the script plays on (computer players, new hands).

    The position starts at ``(0, 0)``, before the first hand's first action.

    Raises:
        CardkitError: ``match`` is of another game, or a seat in ``players`` is not at the table.
    """

    def __init__(self, game: Game, *, seed: int | None = None, match: Match | None = None,
                 players: Mapping[int, Player] | None = None, live: bool = False) -> None:
        self.game = game
        self.seed = seed
        self.players: dict[int, Player] = dict(players or {})
        for s in self.players:
            if not 0 <= s < game.players:
                raise CardkitError(f"players: seat {s} does not exist at a table of {game.players}")
        self.live = live
        self._source = Match(game, seed=seed)  # the engine's seeded first dealer and shuffles
        self._packs: list[Cards] = []
        self._actions: list[list[Action]] = []
        self._starts: list[tuple[int, list[int]]] = []
        if match is not None:
            if type(match.game) is not type(game):
                raise CardkitError(f"match: a {match.game.title} match cannot replay at a {game.title} table")
            for hand in match.hands:
                self._packs.append(Cards(hand.pack))
                self._actions.append(list(hand.history()))
                self._starts.append((hand.dealer, list(hand.scores_before)))
        if not self._packs:
            self._packs.append(Cards(game.shuffled_pack(self._source.rng)))
            self._actions.append([])
            self._starts.append((self._source.first_dealer, list(self._source.start_scores)))
        self._h = 0
        self._k = 0
        self._hm: Match = self._hand_match(0, 0)[0]
        self._log: list[tuple[int, Action]] = []
        self._full: tuple[tuple[int, int], Match] | None = None

    @classmethod
    def from_record(cls, source: str | Path | Match, *, players: Mapping[int, Player] | None = None,
                    live: bool = False) -> Replay:
        """A replay of a record file (read by :func:`cardkit.records.load`) or of a match.

        Raises:
            RecordError: the file cannot be loaded (every problem listed with its place).
        """
        if isinstance(source, Match):
            match = source
        else:
            from .records import load

            match = load(source)
        return cls(match.game, seed=match.seed, match=match, players=players, live=live)

    # ------------------------------------------------------------ reading

    @property
    def state(self) -> State:
        """The hand at the position (a live engine state: read it, do not change it)."""
        return self._hm.state

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may see at the position (``None``: everything); see :meth:`State.view`."""
        return self.state.view(seat)

    @property
    def cursor(self) -> tuple[int, int]:
        """The position: ``(hand index, number of that hand's actions applied)``, both from 0."""
        return self._h, self._k

    @property
    def hands(self) -> int:
        """How many hands the script holds."""
        return len(self._packs)

    @property
    def script(self) -> list[list[Action]]:
        """The actions of every hand in the script (a copy), including any after the position."""
        return [list(a) for a in self._actions]

    def pack(self, hand: int) -> Cards:
        """The pack (deal order) of hand ``hand`` of the script."""
        return self._packs[hand]

    @property
    def log(self) -> list[tuple[int, Action]]:
        """``(seat, action)`` for every action of the current hand up to the position."""
        return list(self._log)

    @property
    def outcome(self) -> Outcome | None:
        """The match's :class:`~cardkit.game.Outcome` at the position, or ``None``."""
        return self._hm.outcome

    @property
    def scores(self) -> list[int]:
        """The running scores at the position (after the current hand once it is over)."""
        return list(self._hm.scores)

    @property
    def match(self) -> Match:
        """A :class:`~cardkit.game.Match` replayed from the first hand up to the position."""
        key = (self._h, self._k)
        if self._full is None or self._full[0] != key:
            dealer, scores = self._starts[0]
            m = Match(self.game, seed=self.seed, dealer=dealer, scores=scores)
            for i in range(self._h + 1):
                m.new_hand(self._packs[i])
                for a in self._actions[i][: (self._k if i == self._h else None)]:
                    m.apply_action(a)
            self._full = (key, m)
        return self._full[1]

    def at_start(self) -> bool:
        """True before the first action of the first hand."""
        return self._h == 0 and self._k == 0

    def at_frontier(self) -> bool:
        """True when no action of the script follows the position in its hand."""
        return self._k >= len(self._actions[self._h])

    def waiting(self) -> int | None:
        """The seat to act when it has no computer player (a person's turn), else ``None``."""
        seat = self.state.current_player()
        return seat if seat is not None and seat not in self.players else None

    def can_step(self) -> bool:
        """Whether :meth:`step` would move: an action of the script lies ahead, or (live) a
        computer player is to act or the next hand can be dealt. ``False`` at the end of a record,
        at a person's turn past the script, and once the match is over."""
        return self._blocked() is None

    def _blocked(self) -> str | None:
        """Why :meth:`step` cannot move from here (a sentence), or ``None`` when it can."""
        st = self.state
        if not st.is_terminal():
            if not self.at_frontier():
                return None
            if not self.live:
                return _("end of the record")
            seat = st.current_player()
            assert seat is not None
            return None if seat in self.players else _("{name} to act: your turn").format(name=self.game.names[seat])
        if self._hm.outcome is not None:
            return _("the match is over: {result}").format(result=self._hm.outcome.result(self.game.names))
        if self._h + 1 >= len(self._packs) and not self.live:
            return _("end of the record")
        return None

    # ------------------------------------------------------------ moving

    def _hand_match(self, h: int, k: int) -> tuple[Match, list[tuple[int, Action]]]:
        dealer, scores = self._starts[h]
        hm = Match(self.game, dealer=dealer, scores=scores)
        hm.new_hand(self._packs[h])
        log = []
        for a in self._actions[h][:k]:
            seat = hm.state.current_player()
            assert seat is not None
            hm.apply_action(a)
            log.append((seat, a))
        return hm, log

    def goto(self, hand: int, step: int) -> None:
        """Put the position at hand ``hand`` after ``step`` of its actions (both within the script).

        Raises:
            CardkitError: no such position in the script; the position is unchanged.
        """
        if not (0 <= hand < len(self._packs) and 0 <= step <= len(self._actions[hand])):
            raise CardkitError(f"no position ({hand}, {step}) in this script")
        self._hm, self._log = self._hand_match(hand, step)
        self._h, self._k = hand, step

    def _advance(self, a: Action) -> None:
        seat = self._hm.state.current_player()
        assert seat is not None
        self._hm.apply_action(a)
        self._log.append((seat, a))
        self._k += 1
        self._full = None

    def step(self) -> str | None:
        """One step forward: the script's next action, else (live) a computer player's action or
        the next hand's deal. Returns ``None`` when it moved, else why not (a sentence)."""
        why = self._blocked()
        if why is not None:
            return why
        st = self.state
        if st.is_terminal():
            self.next_hand()
        elif not self.at_frontier():
            self._advance(self._actions[self._h][self._k])
        else:  # live, and a computer player is to act
            seat = st.current_player()
            assert seat is not None
            a = self.players[seat].choose(st).action
            self._actions[self._h].append(a)
            self._advance(a)
        return None

    def next_hand(self) -> None:
        """Go from the end of a finished hand to the start of the next: the script's next hand, or
        at the end of the script a new hand, dealt from the match's seeded shuffles by the next
        dealer with the running scores, exactly as :meth:`Match.new_hand` deals it (rules.md 501
        §2, 500 §2). A new hand is dealt whether or not the replay is live.

        Raises:
            CardkitError: the hand at the position is not over, or the match is over; the
                position is unchanged.
        """
        if not self.state.is_terminal():
            raise CardkitError(_("the current hand is not over yet"))
        if self._hm.outcome is not None:
            raise CardkitError(_("the match is over: {result}").format(result=self._hm.outcome.result(self.game.names)))
        if self._h + 1 >= len(self._packs):
            self._packs.append(Cards(self.game.shuffled_pack(self._source.rng)))
            self._actions.append([])
            self._starts.append((self._hm.dealer, list(self._hm.scores)))
        self.goto(self._h + 1, 0)

    def next(self) -> bool:
        """Step forward once (see :meth:`step`); returns whether the position moved."""
        return self.step() is None

    def back(self) -> bool:
        """Step back one action, or to the end of the previous hand; returns whether it moved."""
        if self._k > 0:
            self.goto(self._h, self._k - 1)
        elif self._h > 0:
            self.goto(self._h - 1, len(self._actions[self._h - 1]))
        else:
            return False
        return True

    def start(self) -> None:
        """Go to the start of the current hand, or of the previous hand when already there."""
        self.goto(self._h - 1 if self._k == 0 and self._h > 0 else self._h, 0)

    def end(self, limit: int = 10_000) -> str | None:
        """Step forward to the end of the current hand (a live replay plays on, up to a waiting
        seat's turn), at most ``limit`` steps. Returns ``None``, or why it stopped short."""
        for _i in range(limit):
            if self.state.is_terminal():
                return None
            why = self.step()
            if why is not None:
                return why
        return None

    def apply(self, action: Action | str) -> Action:
        """Apply ``action`` for the seat to act at the position and return it. When it is the
        script's next action, the position just steps on; otherwise the script branches: the
        rest of this hand and every later hand are dropped, and ``action`` follows.

        Raises:
            InvalidActionError: the text is not an action of this game.
            IllegalActionError: the rules forbid it here; nothing changes.
        """
        a = self.game.parse_action(action)
        self.state.check(a)
        self._record(a)
        return a

    def _record(self, a: Action) -> None:
        acts = self._actions[self._h]
        if self._k < len(acts) and acts[self._k] == a:
            self._advance(a)
            return
        del acts[self._k:]
        del self._packs[self._h + 1:], self._actions[self._h + 1:], self._starts[self._h + 1:]
        acts.append(a)
        self._advance(a)

    def settle(self, *, autoplay: bool = True, look: bool = False, limit: int = 1000) -> None:
        """At the end of a live script, let computer players move until a waiting seat's turn
        (when ``autoplay``), and with ``look`` take the game's look action for a waiting seat that
        plays blind (:attr:`Game.look_action`; rules.md 501 §6, kit). Does nothing unless the
        replay is live and has a waiting seat."""
        if not self.live or len(self.players) == self.game.players:
            return
        looking = self.game.look_action
        for _i in range(limit):
            st = self.state
            if st.is_terminal() or not self.at_frontier():
                return
            seat = st.current_player()
            assert seat is not None
            if seat not in self.players:
                if look and looking is not None and looking in st.legal_actions():
                    self._record(looking)
                    continue
                return
            if not autoplay:
                return
            self._record(self.players[seat].choose(st).action)

    def __repr__(self) -> str:
        return f"<Replay {self.game.title}, hand {self._h + 1} step {self._k} of {len(self._actions[self._h])}>"

