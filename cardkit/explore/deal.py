"""Hypothetical deals: fix some cards, deal the rest at random under constraints.

As bridge players do with *predeal* and *accept* functions: give some or all cards of some seats
(and of the talon, 501's talon or Five Hundred's kitty), then fill the rest of the pack at random
until every constraint holds. The games stay generic: everything goes through
``Game.new_pack()``, ``Game.deal_targets(dealer)`` and ``Game.deal_from_hands()``
(rules.md 501 §4, 500 §3).

>>> from cardkit import find_game
>>> game = find_game("501", players=3)
>>> pre = Predeal(game, dealer=0, hands={1: "AS 10S KS QS"}, accept={1: at_least(5, "S")})
>>> deal = pre.deal(random.Random(1))
>>> sum(1 for c in deal.hands[1] if c.suit is Suit.SPADES) >= 5, len(deal.hands[1]), len(deal.talon)
(True, 7, 3)
>>> Predeal(game, hands={1: "AS", 2: "AS"})
Traceback (most recent call last):
...
cardkit.allocation.DealError: A♠ is given twice (seat C and seat B); the 501♠ pack holds it once
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Iterator, Mapping, Sequence, Union

from ..cards import SUITS, Card, Cards, Rank, Suit
from ..errors import CardkitError
from ..allocation import DealError, allocate
from ..game import TALON, Game, State


def deal_rng(seed: int, i: int) -> random.Random:
    """The random stream of deal ``i`` of a run seeded ``seed`` (estimates, tournaments, studies)."""
    return random.Random(seed * 1_000_003 + i)

CardsLike = Union[str, Iterable[Union[str, Card]]]
SeatKey = Union[int, str]


# ---------------------------------------------------------------- constraints


class Constraint:
    """A test on one hand (or the talon), with the words that say it.

    ``constraint(cards) -> bool``. Constraints combine with ``&``, ``|`` and ``~``; ``str`` gives
    the words, used in explanations and error messages.

    >>> c = at_least(5, "H") & ~holds("JK")
    >>> str(c)
    'at least 5 ♥ and not (holds Jo)'
    >>> c(Cards.parse("AH KH QH JH 10H 9S"))
    True
    """

    def __init__(self, test: Callable[[Sequence[Card]], bool], text: str, required: Iterable[Card] = (),
                 either: bool = False) -> None:
        self.test = test
        self.text = text
        #: cards every hand meeting the constraint holds; a set-up places them first (faster, same odds).
        self.required = frozenset(required)
        #: True for an ``a or b``: its words take parentheses inside an ``and``.
        self.either = either

    def __call__(self, cards: Sequence[Card]) -> bool:
        return bool(self.test(cards))

    def _inner(self) -> str:
        return f"({self.text})" if self.either else self.text

    def __and__(self, other: Constraint) -> Constraint:
        """Both hold; an ``or`` inside reads in parentheses: ``(void in ♣ or holds Jo) and …``."""
        return Constraint(lambda h: self.test(h) and other.test(h), f"{self._inner()} and {other._inner()}",
                          self.required | other.required)

    def __or__(self, other: Constraint) -> Constraint:
        return Constraint(lambda h: self.test(h) or other.test(h), f"{self.text} or {other.text}", either=True)

    def __invert__(self) -> Constraint:
        return Constraint(lambda h: not self.test(h), f"not ({self.text})")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Constraint {self.text}>"


def as_suit(s: Suit | str) -> Suit:
    """``s`` as a :class:`Suit` (a suit, or its text such as ``"H"`` or ``"♥"``).

    Raises:
        InvalidCardError: text that names no suit.
    """
    return s if isinstance(s, Suit) else Suit.parse(s)


def as_cards(cards: CardsLike | Card) -> list[Card]:
    """``cards`` as a list: one card, a text such as ``"AS KS"``, or card texts / cards.

    Raises:
        InvalidCardError: a text that is not a card.
    """
    if isinstance(cards, Card):
        return [cards]
    if isinstance(cards, str):
        return list(Cards.parse(cards))
    return [Card.parse(c) for c in cards]


def holds(*cards: str | Card) -> Constraint:
    """The hand holds every one of ``cards`` (e.g. ``holds("JK")``: a seat holds the joker)."""
    want = [c for t in cards for c in as_cards(t)]
    return Constraint(lambda h: all(c in h for c in want), "holds " + " ".join(map(str, want)), want)


def holds_none(*cards: str | Card) -> Constraint:
    """The hand holds none of ``cards``."""
    want = [c for t in cards for c in as_cards(t)]
    return Constraint(lambda h: not any(c in h for c in want), "holds none of " + " ".join(map(str, want)))


def suit_count(cards: Sequence[Card], suit: Suit) -> int:
    """How many of ``cards`` are of the printed ``suit`` (the joker has none)."""
    return sum(1 for c in cards if c.suit is suit)


def at_least(n: int, suit: Suit | str) -> Constraint:
    """At least ``n`` cards of the printed ``suit`` (``"H"``, ``"♥"`` or a :class:`Suit`)."""
    s = as_suit(suit)
    return Constraint(lambda h: suit_count(h, s) >= n, f"at least {n} {s}")


def at_most(n: int, suit: Suit | str) -> Constraint:
    """At most ``n`` cards of the printed ``suit``."""
    s = as_suit(suit)
    return Constraint(lambda h: suit_count(h, s) <= n, f"at most {n} {s}")


def void(suit: Suit | str) -> Constraint:
    """No card of the printed ``suit``."""
    s = as_suit(suit)
    return Constraint(lambda h: suit_count(h, s) == 0, f"void in {s}")


def no_rank(rank: Rank | str) -> Constraint:
    """No card of ``rank`` (``no_rank("A")``: no ace)."""
    r = rank if isinstance(rank, Rank) else Rank.parse(rank)
    return Constraint(lambda h: all(c.rank is not r for c in h), f"no {r.label}")


def count_rank(rank: Rank | str, n: int) -> Constraint:
    """At least ``n`` cards of ``rank`` (``count_rank("A", 2)``: two aces or more)."""
    r = rank if isinstance(rank, Rank) else Rank.parse(rank)
    return Constraint(lambda h: sum(1 for c in h if c.rank is r) >= n, f"at least {n}×{r.label}")


def has_marriage(suit: Suit | str | None = None) -> Constraint:
    """King and queen of ``suit``, or of any suit when ``suit`` is ``None`` (rules.md 501 §9)."""
    suits = SUITS if suit is None else (as_suit(suit),)

    def test(h: Sequence[Card]) -> bool:
        return any(Card(s, Rank.KING) in h and Card(s, Rank.QUEEN) in h for s in suits)

    need = () if suit is None else (Card(suits[0], Rank.KING), Card(suits[0], Rank.QUEEN))
    return Constraint(test, "a marriage" if suit is None else f"the {suits[0]} marriage", need)


def both_bowers(trump: Suit | str) -> Constraint:
    """Both bowers of ``trump``: its jack and the jack of the same colour (rules.md 500 §6)."""
    t = as_suit(trump)
    right, left = Card(t, Rank.JACK), Card(t.partner, Rank.JACK)
    return Constraint(lambda h: right in h and left in h, f"both {t} bowers", (right, left))


def points_at_least(n: int, points: Callable[[Card], int]) -> Constraint:
    """The ``points`` of the hand (e.g. 501's card points) add up to at least ``n``."""
    return Constraint(lambda h: sum(points(c) for c in h) >= n, f"at least {n} points")


# ---------------------------------------------------------------- deals


@dataclass(frozen=True)
class Deal:
    """One deal: ``hands`` per seat (seats dealt nothing hold ``()``), the ``talon`` (or kitty),
    the ``dealer`` and the ``pack`` in deal order, ready for ``Game.new_hand`` or ``Match.new_hand``."""

    dealer: int
    hands: tuple[Cards, ...]
    talon: Cards
    pack: Cards

    def new_hand(self, game: Game, scores: Sequence[int] | None = None) -> State:
        """The hand this deal starts, with running ``scores`` (the game's initial scores by default)."""
        return game.new_hand(self.dealer, list(scores) if scores is not None else game.initial_scores(), self.pack)


def seat_index(game: Game, key: SeatKey) -> int:
    """The seat number (or :data:`~cardkit.game.TALON`) ``key`` names at ``game``'s table: a seat
    number, a seat's name, or ``"talon"`` / ``"kitty"``.

    Raises:
        DealError: no such seat at this table.
    """
    if isinstance(key, str):
        if key.lower() in ("talon", "kitty"):
            return TALON
        if key in game.names:
            return game.names.index(key)
        raise DealError(f"unknown seat {key!r}: use a seat number, one of {', '.join(game.names)}, or 'talon'")
    if key != TALON and not 0 <= key < game.players:
        raise DealError(f"unknown seat {key}: {game.title} with {game.players} players has seats 0..{game.players - 1}")
    return int(key)


def _place(game: Game, t: int) -> str:
    if t == TALON:
        return f"the {game.talon_word}"
    return f"seat {game.names[t]}"


class Predeal:
    """A deal set-up: some cards fixed, the rest dealt at random under constraints.

    Args:
        game: the table's rules (any :class:`cardkit.game.Game`).
        dealer: the dealer seat (it decides who is dealt in and in what order).
        hands: seat (number or name) → the cards it must hold, all or some of them, as text
            (``"AS 10S"``) or cards.
        talon: cards the talon (501) or kitty (500) must hold.
        accept: seat (or ``"talon"``) → a :class:`Constraint` or a list of them, all to hold; or
            the constraints as text in the deal language (``"B: 5+♥ and hcp >= 10"``,
            :func:`cardkit.explore.language.parse_constraints`).
        where: an extra test on the whole deal, ``where(deal) -> bool``.
        max_tries: the bound of random fills tried before :class:`DealError` is raised.

    Raises:
        DealError: a card not in the pack, a card given twice, more cards than a seat or the talon
            receives, cards for a seat that is dealt none (501 with 4: the dealer sits out,
            rules.md 501 §1), an unknown seat.
    """

    def __init__(self, game: Game, dealer: int = 0, hands: Mapping[SeatKey, CardsLike] | None = None,
                 talon: CardsLike | None = None,
                 accept: Mapping[SeatKey, Constraint | Sequence[Constraint]] | str | None = None,
                 where: Callable[[Deal], bool] | None = None, max_tries: int = 10_000) -> None:
        self.game = game
        self.dealer = dealer
        self.targets = game.deal_targets(dealer)
        self.sizes: dict[int, int] = {}
        for t in self.targets:
            self.sizes[t] = self.sizes.get(t, 0) + 1
        fixed: dict[int, list[Card]] = {}
        for key, cards in (hands or {}).items():
            fixed.setdefault(seat_index(game, key), []).extend(as_cards(cards))
        if talon is not None:
            fixed.setdefault(TALON, []).extend(as_cards(talon))
        self.fixed = fixed
        self.accept: dict[int, list[Constraint]] = {}
        rules: Mapping[SeatKey, Constraint | Sequence[Constraint]] = {}
        if isinstance(accept, str):
            from .language import parse_constraints

            rules = {k: v for k, v in parse_constraints(game, accept).items()}
        elif accept is not None:
            rules = accept
        for key, cons in rules.items():
            lst = [cons] if isinstance(cons, Constraint) else list(cons)
            self.accept.setdefault(seat_index(game, key), []).extend(lst)
        self.where = where
        self.max_tries = max_tries
        self.free = self._check()

    def _check(self) -> list[Card]:
        game = self.game
        left: dict[Card, int] = {}
        for c in game.new_pack():
            left[c] = left.get(c, 0) + 1
        seen: dict[Card, int] = {}
        for t, cards in self.fixed.items():
            if t not in self.sizes:
                raise DealError(f"{_place(game, t)} is dealt no cards with dealer {game.names[self.dealer]} "
                                f"(rules.md 501 §1), but {len(cards)} were given")
            if len(cards) > self.sizes[t]:
                raise DealError(f"{_place(game, t)} receives {self.sizes[t]} cards, but {len(cards)} were given: "
                                + " ".join(map(str, cards)))
            for c in cards:
                if c not in left:
                    raise DealError(f"{c} is not in the {game.title} pack of {len(game.new_pack())} cards")
                if left[c] == 0:
                    first = seen[c]
                    n = sum(1 for x in game.new_pack() if x == c)
                    times = "once" if n == 1 else f"{n} times"
                    where = (f"to {_place(game, t)}" if first == t
                             else f"({_place(game, t)} and {_place(game, first)})")
                    raise DealError(f"{c} is given twice {where}; the {game.title} pack holds it {times}")
                left[c] -= 1
                seen[c] = t
        for t in self.accept:
            if t not in self.sizes:
                raise DealError(f"{_place(game, t)} is dealt no cards, so no constraint on it can hold")
        # Cards a constraint requires are placed before the random fill: deals without them would be
        # rejected anyway, so the odds are unchanged and far fewer tries are needed.
        self.placed = {t: list(cards) for t, cards in self.fixed.items()}
        for t, cons in self.accept.items():
            for c in sorted({x for con in cons for x in con.required}, key=lambda x: x.code):
                if c in self.placed.get(t, []):
                    continue
                if left.get(c, 0) == 0:
                    raise DealError(f"{_place(game, t)} must hold {c} ({', '.join(map(str, cons))}), "
                                    f"but {c} is given elsewhere or not in the {game.title} pack")
                left[c] -= 1
                self.placed.setdefault(t, []).append(c)
            if len(self.placed.get(t, [])) > self.sizes[t]:
                raise DealError(f"{_place(game, t)} receives {self.sizes[t]} cards, but its constraints need "
                                + " ".join(map(str, self.placed[t])))
        return [c for c, n in left.items() for _ in range(n)]

    def _fill(self, rng: random.Random) -> dict[int, list[Card]]:
        free = list(self.free)
        rng.shuffle(free)
        out: dict[int, list[Card]] = {}
        i = 0
        for t, size in self.sizes.items():
            have = self.placed.get(t, [])
            k = size - len(have)
            out[t] = list(have) + free[i:i + k]
            i += k
        return out

    def _ok(self, parts: dict[int, list[Card]]) -> bool:
        for t, cons in self.accept.items():
            for c in cons:
                if not c(parts[t]):
                    return False
        return True

    def _make(self, parts: dict[int, list[Card]]) -> Deal:
        n = self.game.players
        hands = [parts.get(s, []) for s in range(n)]
        talon = parts.get(TALON, [])
        pack = self.game.deal_from_hands(self.dealer, hands, talon)
        return Deal(self.dealer, tuple(Cards(h) for h in hands), Cards(talon), Cards(pack))

    def deal(self, rng: random.Random | int | None = None) -> Deal:
        """One random deal meeting the set-up, uniformly among those that do.

        Args:
            rng: a ``random.Random`` or a seed.

        Raises:
            DealError: no fill met the constraints within ``max_tries``; the message lists them.
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        for _ in range(self.max_tries):
            parts = self._fill(rng)
            if not self._ok(parts):
                continue
            deal = self._make(parts)
            if self.where is None or self.where(deal):
                return deal
        raise DealError(f"no deal met the constraints in {self.max_tries} tries ({self.describe()}); "
                        "they may be impossible together")

    def numbered(self, seed: int, i: int) -> Deal:
        """Deal ``i`` of a run seeded ``seed``, drawn from a random stream of its own
        (:func:`deal_rng`): the same deal whatever was dealt before it or on another worker."""
        return self.deal(deal_rng(seed, i))

    def deals(self, n: int, seed: int | None = None) -> Iterator[Deal]:
        """``n`` independent random deals from one seeded RNG."""
        rng = random.Random(seed)
        for _ in range(n):
            yield self.deal(rng)

    def describe(self) -> str:
        """The set-up in words, e.g. ``"seat B holds A♠ K♠; seat B: at least 5 ♥"``."""
        parts = [f"{_place(self.game, t)} holds {' '.join(map(str, c))}" for t, c in self.fixed.items() if c]
        parts += [f"{_place(self.game, t)}: {c}" for t, cs in self.accept.items() for c in cs]
        if self.where is not None:
            parts.append("a test on the whole deal")
        return "; ".join(parts) or "no constraint"

    def __repr__(self) -> str:
        return f"<Predeal {self.game.title} dealer {self.game.names[self.dealer]}: {self.describe()}>"


__all__ = [
    "Constraint", "Deal", "DealError", "Predeal", "allocate", "at_least", "at_most", "both_bowers",
    "count_rank", "has_marriage", "holds", "holds_none", "no_rank", "points_at_least", "suit_count", "void",
]
