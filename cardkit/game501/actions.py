"""501♠ actions: look, bid, abandon, declare, give (and the shared pass and play), the fixed
action objects and the action reader (rules.md 501 §5–§9)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import CardAction, Pass, Play, parse_common
from ..cards import SUITS, Card, Rank, Suit, make_pack
from ..errors import InvalidActionError
from ..game import Action, ensure_action
from ..i18n import _, get_language, pgettext
from .scoring import MAX_BID, MIN_BID, RANKS

__all__ = ["ABANDON", "BIDS", "DECLARES", "GIVES", "KINDS", "LOOK", "MARRIAGE_PLAYS", "MARRIAGE_RANKS", "PLAYS",
           "TRUMP_CHOICES", "Abandon", "Bid", "Declare", "Give", "Look", "parse_action"]


@dataclass(frozen=True, repr=False)
class Look(Action):
    """A blind player looks at their cards, on their own turn in the auction (rules.md 501 §6)."""

    verb = "look"

    def __str__(self) -> str:
        return "look"

    def verb_words(self) -> str:
        """``"look"`` in the language in use (``"mira"``)."""
        return pgettext("action", "look")

    def verb_phrase(self) -> str:
        """``"look"`` after "cannot" (``"mirar"``)."""
        return pgettext("verb", "look")


@dataclass(frozen=True, repr=False)
class Bid(Action):
    """A bid of ``points`` (66..220, above the standing bid; rules.md 501 §5)."""

    points: int

    verb = "bid"
    form = "amount"

    def __post_init__(self) -> None:
        _need_int("bid", self.points)

    def __str__(self) -> str:
        return f"bid {self.points}"

    @property
    def amount(self) -> int:
        """The bid's points."""
        return self.points

    def with_amount(self, amount: int) -> Bid:
        """The bid of ``amount`` points."""
        return Bid(amount)

    def verb_words(self) -> str:
        """``"bid"`` in the language in use (``"puja"``)."""
        return pgettext("action", "bid")

    def verb_phrase(self) -> str:
        """``"bid"`` after "cannot" (``"pujar"``)."""
        return pgettext("verb", "bid")

    def object_words(self) -> str:
        """The points, ``"80"``."""
        return str(self.points)

    def bid_words(self) -> str:
        """The points, ``"80"``."""
        return str(self.points)

    def worth(self) -> int:
        """The bid's points: what the bidder subtracts when made (rules.md 501 §5, §10)."""
        return self.points

    def worth_text(self) -> str:
        """What made and failed do to the bidder's score (rules.md 501 §10)."""
        return _("a bid of {n} is worth {n} points: made, the bidder subtracts {n}; failed, adds {n} "
                 "(twice that when blind)").format(n=self.points)


@dataclass(frozen=True, repr=False)
class Abandon(Action):
    """The bidder gives the hand up after the talon is exposed (rules.md 501 §7)."""

    verb = "abandon"

    def __str__(self) -> str:
        return "abandon"

    def verb_words(self) -> str:
        """``"abandon"`` in the language in use (``"abandona"``)."""
        return pgettext("action", "abandon")

    def verb_phrase(self) -> str:
        """``"abandon"`` after "cannot" (``"abandonar"``)."""
        return pgettext("verb", "abandon")


@dataclass(frozen=True, repr=False)
class Declare(Action):
    """The bidder names trumps (``None`` for no-trump) and the final ``contract`` (rules.md 501 §7)."""

    trump: Suit | None
    contract: int

    verb = "declare"
    form = "amount"

    def __post_init__(self) -> None:
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise InvalidActionError(f"declare: {self.trump!r} is not a suit or None (no-trump)")
        _need_int("declare", self.contract)

    def __str__(self) -> str:
        return f"declare {self.trump if self.trump else 'NT'} {self.contract}"

    @property
    def amount(self) -> int:
        """The final contract's points."""
        return self.contract

    @property
    def choice(self) -> str:
        """The trump as records write it: ``"♥"``, ``"NT"``."""
        return str(self.trump) if self.trump else "NT"

    def choice_words(self) -> str:
        """The trump as people read it: a suit's symbol, no-trump in words (``"sin triunfo"``;
        the record's ``"NT"`` in English)."""
        if self.trump is not None or get_language() == "en":
            return self.choice
        return pgettext("action", "no-trump")

    def with_amount(self, amount: int) -> Declare:
        """The declaration of ``amount`` in the same trump."""
        return Declare(self.trump, amount)

    def verb_words(self) -> str:
        """``"declare"`` in the language in use (``"declara"``)."""
        return pgettext("action", "declare")

    def verb_phrase(self) -> str:
        """``"declare"`` after "cannot" (``"declarar"``)."""
        return pgettext("verb", "declare")

    def object_words(self) -> str:
        """``"♥ 100"``, ``"no-trump 100"`` in the language in use (``"sin triunfo 100"``)."""
        trump = str(self.trump) if self.trump else pgettext("action", "no-trump")
        return f"{trump} {self.contract}"

    def worth(self) -> int:
        """The final contract's points: what the declarer subtracts when made, adds when failed
        (rules.md 501 §7, §10); declarations of one contract in different trumps are worth the same."""
        return self.contract

    def worth_text(self) -> str:
        """What made and failed do to the declarer's score (rules.md 501 §7, §10)."""
        return _("a contract of {n} is worth {n} points: made, the bidder subtracts {n}; failed, adds {n} "
                 "(twice that when blind)").format(n=self.contract)


@dataclass(frozen=True, repr=False)
class Give(CardAction):
    """The bidder gives ``card`` face down to the next opponent, the left one first (rules.md 501 §7)."""

    verb = "give"
    form = "cards"

    def with_card(self, card: Card) -> Give:
        """The give of ``card``."""
        return Give(card)

    def verb_words(self) -> str:
        """``"give"`` in the language in use (``"da"``)."""
        return pgettext("action", "give")

    def verb_phrase(self) -> str:
        """``"give"`` after "cannot" (``"dar"``)."""
        return pgettext("verb", "give")


def _need_int(kind: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidActionError(f"{kind}: {value!r} is not a whole number of points")


LOOK = Look()
ABANDON = Abandon()
BIDS = tuple(Bid(n) for n in range(MIN_BID, MAX_BID + 1))
TRUMP_CHOICES: tuple[Suit | None, ...] = (*SUITS, None)
DECLARES = {t: tuple(Declare(t, n) for n in range(MIN_BID, MAX_BID + 1)) for t in TRUMP_CHOICES}
KINDS = (Pass, Play, Look, Bid, Abandon, Declare, Give)
#: One shared, immutable action per card, so listing legal plays builds no new objects.
PLAYS = {c: Play(c) for c in make_pack({s: RANKS for s in SUITS})}
MARRIAGE_PLAYS = {c: Play(c, marriage=True) for c in PLAYS if c.rank in (Rank.KING, Rank.QUEEN)}
MARRIAGE_RANKS = (Rank.KING, Rank.QUEEN)
#: One shared give per card (rules.md 501 §7), as :data:`PLAYS`.
GIVES = {c: Give(c) for c in PLAYS}


def parse_action(text: str | Action) -> Action:
    """Read a 501 action: ``pass``, ``look``, ``bid 80``, ``abandon``, ``declare H 100`` (or ``NT``),
    ``give 9D``, ``play KS``, ``play KS marriage``. Raises :class:`InvalidActionError`.

    >>> parse_action("declare ♥ 100")
    Declare.parse('declare ♥ 100')
    """
    done = ensure_action(text, KINDS)
    if done is not None:
        return done
    original = str(text)
    words = original.strip().lower().split()
    common = parse_common(words, original)
    if common is not None:
        if isinstance(common, Play) and common.names is not None:
            raise InvalidActionError(f"cannot read action {original!r}: 501 has no joker to name a suit with")
        return common
    try:
        if words == ["look"]:
            return LOOK
        if words == ["abandon"]:
            return ABANDON
        if len(words) == 2 and words[0] == "bid":
            return Bid(int(words[1]))
        if len(words) == 3 and words[0] == "declare":
            trump = None if words[1] in ("nt", "no-trump", "notrump") else Suit.parse(words[1])
            return Declare(trump, int(words[2]))
        if len(words) == 2 and words[0] == "give":
            return Give(Card.parse(words[1]))
    except ValueError as e:
        raise InvalidActionError(f"cannot read action {original!r}: {e}") from None
    raise InvalidActionError(
        f"cannot read action {original!r}: 501 actions are pass, look, bid N, abandon, "
        "declare SUIT|NT N, give CARD, play CARD [marriage]")


for _cls in KINDS[2:]:
    setattr(_cls, "parse", staticmethod(parse_action))  # each kind reads any action of the game
