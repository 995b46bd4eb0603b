"""Fixed-shape numeric views of a hand for learning agents (OpenSpiel's tensors, see
:mod:`cardkit.openspiel` and docs/openspiel.md).

:class:`TensorLayout` reads only what a game declares (its pack, :meth:`~cardkit.game.Game.action_space`,
the number of players, its phases, the typed fields of its actions) and what the engine shows a
seat (:meth:`~cardkit.game.State.view`, :meth:`~cardkit.game.State.describe`, the history), so the
same code serves every game and table size. Two tensors per seat:

- the **information state** (perfect recall): everything the seat has seen of the hand, the
  order of the auction and of every trick included;
- the **observation**: what the seat sees now, as a table would show it.

Seats are written relative to the viewer (0 is the viewer, 1 the next seat in turn, ...), cards by
their position in the game's unshuffled pack (:meth:`~cardkit.game.Game.new_pack`), actions by
their position in the action space. An action without a card (a bid, a pass, a declaration, a
nomination) is written as a short *code*: its kind, its choice (a trump or "NT"), its amount scaled
to 0..1, and its place among actions sharing those three (Five Hundred's nominations and misères).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Hashable, Sequence

import numpy as np
import numpy.typing as npt

from .cards import Card, Cards
from .errors import CardkitError
from .game import TALON, Action, Game, State, View, deal_cards

#: A float32 array (the tensors and their named views).
Floats = npt.NDArray[np.float32]


def _group_key(action: Action) -> tuple[Hashable, ...]:
    """What stays of a card action when its card is face down: its class and its other fields."""
    rest: tuple[Hashable, ...] = ()
    if is_dataclass(action):
        rest = tuple((f.name, getattr(action, f.name)) for f in fields(action) if f.name != "card")
    return (type(action).__name__, *rest)


#: What each slice of the tensors holds (docs/openspiel.md prints these beside the offsets).
MEANINGS: dict[str, str] = {
    "seat_from_dealer": "one-hot: how many seats after the dealer the viewer sits (0: the viewer deals)",
    "phase": "one-hot: the phase, in the order of the game's phases, then `over`",
    "to_act": "one-hot: the seat to act (relative); the last entry: nobody, the hand is over",
    "scores": "running scores before the hand (relative seats), over the game's largest score change",
    "contractor": "one-hot: the contracting seat (501's bidder, Five Hundred's contractor); last entry: none yet",
    "trump": "one-hot: the trump suit, in the pack's suit order; zeros for no trumps or before a contract",
    "contract": "the code of the standing contract: the last bid or declaration once a contractor stands",
    "hand": "the viewer's cards now, a count per card of the pack; zeros while a 501 seat plays blind",
    "talon": "talon (kitty) cards the viewer has seen: face up, turned up, or (information state) taken in hand",
    "hand_sizes": "cards in each seat's hand (relative seats), over the most tricks of a hand",
    "dealt": "the cards dealt to the viewer, once it has seen them",
    "auction": "row k: the k-th action without a card of the hand (calls, declarations, nominations): "
               "the seat (relative, one-hot), then the action's code",
    "card_actions": "per seat (relative): each action with a card (play, give, bury, call; the action "
                    "space's order) the viewer saw it take",
    "hidden_actions": "per seat (relative): how many actions with a card it took face down, by kind "
                      "(501's give to a seat, Five Hundred's bury)",
    "trick_leader": "one-hot per trick: the seat (relative) that led it",
    "trick_cards": "per trick and seat (relative): the card it played",
    "last_plain": "per seat (relative): the code of its last action without a card",
    "played": "per seat (relative): the cards it has played this hand",
    "current_trick": "per seat (relative): its card in the trick in progress",
}


class TensorLayout:
    """The slices of both tensors of one table, and the code that fills them.

    Args:
        game: the table's rules (its number of players, pack and action space are read).

    Attributes:
        information: ``(name, shape)`` of each slice of the information-state tensor, in order.
        observation: the same for the observation tensor.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = p = game.players
        full = game.new_pack()
        pack = list(dict.fromkeys(full))  # a pack may hold two of a card (Five Hundred's improvised six-hand pack)
        self.cards: dict[Card, int] = {c: i for i, c in enumerate(pack)}
        self.suits = list(dict.fromkeys(c.suit for c in pack if c.suit is not None))
        self.phases = [*game.phase_rules, "over"]
        self.actions = game.action_space()
        card_actions = [a for a in self.actions if a.card is not None]
        self.card_index = {a: i for i, a in enumerate(card_actions)}
        self.groups = {k: i for i, k in enumerate(dict.fromkeys(_group_key(a) for a in card_actions))}
        plain = [a for a in self.actions if a.card is None]
        self.kinds = kinds = list(dict.fromkeys(type(a).__name__ for a in plain))
        self.choices = choices = list(dict.fromkeys(a.choice for a in plain if a.choice is not None))
        amounts = [a.amount for a in plain if a.amount is not None]
        self.top_amount = max(amounts) if amounts else 1
        place: dict[tuple[Hashable, ...], int] = {}
        self.codes: dict[Action, Floats] = {}
        raw = []
        for a in plain:
            key = (type(a).__name__, a.choice, a.amount)
            place[key] = place.get(key, -1) + 1
            raw.append((a, kinds.index(type(a).__name__), a.choice, a.amount, place[key]))
        width = max(place.values(), default=0) + 1
        self.code_size = len(kinds) + len(choices) + 1 + width
        for a, kind, choice, amount, at in raw:
            code = np.zeros(self.code_size, np.float32)
            code[kind] = 1
            if choice is not None:
                code[len(kinds) + choices.index(choice)] = 1
            if amount is not None:
                code[len(kinds) + len(choices)] = amount / self.top_amount
            code[len(kinds) + len(choices) + 1 + at] = 1
            self.codes[a] = code
        targets = game.deal_targets(0)
        dealt_in = len({t for t in targets if t != TALON})
        #: The most tricks a hand can have (cards of the pack over the seats dealt in).
        self.tricks = len(full) // max(dealt_in, 1)
        #: The most actions without a card a hand can hold (:meth:`Game.max_plain_actions`).
        self.max_plain = game.max_plain_actions()
        c, n = self.code_size, len(pack)
        head: list[tuple[str, tuple[int, ...]]] = [
            ("seat_from_dealer", (p,)), ("phase", (len(self.phases),)), ("to_act", (p + 1,)),
            ("scores", (p,)), ("contractor", (p + 1,)), ("trump", (len(self.suits),)), ("contract", (c,)),
            ("hand", (n,)), ("talon", (n,)), ("hand_sizes", (p,))]
        self.information = head + [
            ("dealt", (n,)), ("auction", (self.max_plain, p + c)),
            ("card_actions", (p, len(card_actions))), ("hidden_actions", (p, len(self.groups))),
            ("trick_leader", (self.tricks, p)), ("trick_cards", (self.tricks, p, n))]
        self.observation = head + [
            ("last_plain", (p, c)), ("played", (p, n)), ("current_trick", (p, n))]

    @staticmethod
    def size(slices: Sequence[tuple[str, tuple[int, ...]]]) -> int:
        """The length of a flat tensor made of ``slices``."""
        return sum(int(np.prod(shape)) for _, shape in slices)

    @staticmethod
    def offsets(slices: Sequence[tuple[str, tuple[int, ...]]]) -> list[tuple[str, int, int, tuple[int, ...]]]:
        """``(name, offset, size, shape)`` of each slice, in order."""
        out, at = [], 0
        for name, shape in slices:
            size = int(np.prod(shape))
            out.append((name, at, size, shape))
            at += size
        return out

    @staticmethod
    def views(tensor: Floats, slices: Sequence[tuple[str, tuple[int, ...]]]) -> dict[str, Floats]:
        """Named views of ``tensor`` (no copies: writing a view writes the tensor), by slice name."""
        return {name: tensor[at:at + size].reshape(shape)
                for name, at, size, shape in TensorLayout.offsets(slices)}

    def markdown(self, perfect_recall: bool) -> str:
        """The slices of one tensor as a Markdown table: name, offset, size, shape, meaning."""
        slices = self.information if perfect_recall else self.observation
        rows = ["| slice | offset | size | shape | meaning |", "|---|---:|---:|---|---|"]
        for name, at, size, shape in self.offsets(slices):
            rows.append(f"| `{name}` | {at} | {size} | {' × '.join(map(str, shape))} | {MEANINGS[name]} |")
        rows.append(f"| total | | {self.size(slices)} | | |")
        return "\n".join(rows)

    def code_words(self) -> str:
        """What the code of an action without a card is made of, in order, as one Markdown line."""
        places = self.code_size - len(self.kinds) - len(self.choices) - 1
        return (f"kind ({', '.join(self.kinds)}), choice ({', '.join(self.choices) or 'none'}), "
                f"amount over {self.top_amount}, place among equals ({places}): {self.code_size} numbers")

    # -- filling

    def _rel(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.players

    def _cards(self, row: Floats, cards: Sequence[Card]) -> None:
        """Count ``cards`` into ``row`` (1 per card; 2 where a pack holds two of it)."""
        for c in cards:
            row[self.cards[c]] += 1

    def _seen(self, state: State, seats: Sequence[int], viewer: int) -> list[tuple[int, Action, bool]]:
        """``(seat, action, visible)`` of every action of the hand, ``visible`` when ``viewer``
        reads the action whole (:meth:`State.describe` tells it all)."""
        return [(s, a, state.describe(a, s, viewer=viewer) == state.describe(a, s))
                for s, a in zip(seats, state.history())]

    def fill_dealing(self, d: dict[str, Floats], dealer: int, viewer: int) -> None:
        """Fill the views ``d`` for a hand still being dealt: only the seat's place is known."""
        d["seat_from_dealer"][self._rel(viewer, dealer)] = 1

    def _head(self, d: dict[str, Floats], state: State, viewer: int,
              acts: list[tuple[int, Action, bool]]) -> View:
        """Fill the slices both tensors share; returns the seat's view."""
        v = state.view(viewer)
        p = self.players
        d["seat_from_dealer"][self._rel(viewer, state.dealer)] = 1
        if v.phase in self.phases:
            d["phase"][self.phases.index(v.phase)] = 1
        d["to_act"][p if v.current_player is None else self._rel(v.current_player, viewer)] = 1
        top = float(self.game.max_change or 1)
        for s, x in enumerate(v.scores):
            d["scores"][self._rel(s, viewer)] = x / top
        d["contractor"][p if state.contractor is None else self._rel(state.contractor, viewer)] = 1
        if state.trump is not None and state.trump in self.suits:
            d["trump"][self.suits.index(state.trump)] = 1
        if state.contractor is not None:
            worth = [a for _, a, seen in acts if a.card is None and seen and a.worth() is not None]
            if worth:
                d["contract"][:] = self.codes[worth[-1]]
        own = v.hands[viewer]
        if isinstance(own, Cards):
            self._cards(d["hand"], own)
        if isinstance(v.talon, Cards):
            self._cards(d["talon"], v.talon)
        up = v.talon_turned_up()
        if up is not None:
            self._cards(d["talon"], up[0])
        np.minimum(d["talon"], 1, out=d["talon"])  # seen, however often
        for s, h in enumerate(v.hands):
            d["hand_sizes"][self._rel(s, viewer)] = (h if isinstance(h, int) else len(h)) / self.tricks
        return v

    def fill_information(self, d: dict[str, Floats], state: State, viewer: int, seats: Sequence[int]) -> None:
        """Fill the (zeroed) information-state views ``d`` of ``viewer`` in ``state``;
        ``seats[i]`` is the seat that took the ``i``-th action of ``state.history()``.

        Raises:
            CardkitError: more actions without a card than the game declares possible.
        """
        acts = self._seen(state, seats, viewer)
        v = self._head(d, state, viewer, acts)
        own = v.hands[viewer]
        talon: list[Card] = []
        dealt: list[Card] = []
        held: Counter[Card] = Counter()
        if isinstance(own, Cards):  # the seat has seen its cards (501's blind seat has not)
            hands, talon = deal_cards(state.pack, self.game.deal_targets(state.dealer))
            dealt = hands[viewer] if viewer < len(hands) else []
            self._cards(d["dealt"], dealt)
            held = Counter(own)
        k = 0
        for s, a, seen in acts:
            r = self._rel(s, viewer)
            if a.card is None:
                if k >= self.max_plain:
                    raise CardkitError(f"more than {self.max_plain} actions without a card in one hand")
                row = d["auction"][k]
                row[r] = 1
                if seen:
                    row[self.players:] = self.codes[a]
                k += 1
            elif seen:
                d["card_actions"][r, self.card_index[a]] = 1
                if s == viewer:
                    held[a.card] += 1
            else:
                d["hidden_actions"][r, self.groups[_group_key(a)]] += 1
        # the talon's cards the seat has had in hand (Five Hundred's contractor took the kitty):
        # what it held or moved beyond what it was dealt, each copy once
        extra = held - Counter(dealt)
        for c in talon:
            if extra[c] > 0:
                extra[c] -= 1
                d["talon"][self.cards[c]] = 1
        for t, trick in enumerate(v.tricks + ([v.current_trick] if v.current_trick is not None else [])):
            if not trick.plays or t >= self.tricks:
                continue
            d["trick_leader"][t, self._rel(trick.plays[0][0], viewer)] = 1
            for s, c in trick.plays:
                d["trick_cards"][t, self._rel(s, viewer), self.cards[c]] = 1

    def fill_observation(self, d: dict[str, Floats], state: State, viewer: int, seats: Sequence[int]) -> None:
        """Fill the (zeroed) observation views ``d`` of ``viewer`` in ``state`` (``seats`` as for
        :meth:`fill_information`; only each seat's last action without a card is read from it)."""
        acts = self._seen(state, seats, viewer)
        v = self._head(d, state, viewer, acts)
        for s, a, seen in acts:
            if a.card is None and seen:
                d["last_plain"][self._rel(s, viewer)] = self.codes[a]
        for trick in v.tricks:
            for s, c in trick.plays:
                d["played"][self._rel(s, viewer), self.cards[c]] += 1
        if v.current_trick is not None:
            for s, c in v.current_trick.plays:
                d["played"][self._rel(s, viewer), self.cards[c]] += 1
                d["current_trick"][self._rel(s, viewer), self.cards[c]] = 1


__all__ = ["Floats", "MEANINGS", "TensorLayout"]
