"""Five Hundred's actions besides pass and play (bid, bury, nominate, call, go alone) and the
reader of every action of the game (rules.md 500 §4, §5, §8, §13)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import CardAction, Pass, Play, parse_common
from ..cards import JOKER, SUITS, Card, Suit
from ..errors import InvalidActionError
from ..game import Action, ensure_action
from ..i18n import _, get_language, pgettext
from .contracts import CONTRACTS, MISERE, MISERE_CONTRACT, NO_TRUMP, OPEN_MISERE, OPEN_MISERE_CONTRACT, Contract


def contract_words(c: Contract) -> str:
    """A contract as people read it in the language in use: ``"8♥"``, ``"8 no-trump"``
    (``"8 sin triunfo"``), ``"misère"`` (``"miseria"``), ``"open misère"`` (rules.md 500 §4)."""
    if c.kind == MISERE:
        return pgettext("action", "misère")
    if c.kind == OPEN_MISERE:
        return pgettext("action", "open misère")
    if c.kind == NO_TRUMP:
        return f"{c.tricks} {pgettext('action', 'no-trump')}"
    return str(c)


def contract_text(c: Contract) -> str:
    """A contract as a sentence names it in the language in use: the record's spelling in English
    (``"7NT"``, ``"misère"``), :func:`contract_words` otherwise (``"7 sin triunfo"``, ``"miseria"``)."""
    return str(c) if get_language() == "en" else contract_words(c)


@dataclass(frozen=True, repr=False)
class Bid(Action):
    """A bid of ``contract`` in the auction (rules.md 500 §4): ``bid 8♥``, ``bid misère``."""

    contract: Contract

    verb = "bid"
    form = "choice"

    def __post_init__(self) -> None:
        if not isinstance(self.contract, Contract):
            raise InvalidActionError(f"bid: {self.contract!r} is not a contract (e.g. Contract.parse('8H'))")

    def __str__(self) -> str:
        return f"bid {self.contract}"

    def verb_words(self) -> str:
        """``"bid"`` in the language in use (``"puja"``)."""
        return pgettext("action", "bid")

    def verb_phrase(self) -> str:
        """``"bid"`` after "cannot" (``"pujar"``)."""
        return pgettext("verb", "bid")

    def object_words(self) -> str:
        """The contract, :func:`contract_words`: ``"8 no-trump"``, ``"miseria"``."""
        return contract_words(self.contract)

    @property
    def amount(self) -> int | None:
        """The contract's tricks (6–10), or ``None`` for a misère (rules.md 500 §4)."""
        return None if self.contract.is_misere else self.contract.tricks

    @property
    def choice(self) -> str | None:
        """The contract's trump as records write it (``"♥"``, ``"NT"``), or ``None`` for a misère."""
        if self.contract.is_misere:
            return None
        return str(self.contract.trump) if self.contract.trump else "NT"

    def choice_words(self) -> str | None:
        """:attr:`choice` as people read it: a suit's symbol, no-trump in words (``"sin triunfo"``;
        ``"NT"`` in English)."""
        if self.contract.trump is not None or self.choice is None or get_language() == "en":
            return self.choice
        return pgettext("action", "no-trump")

    def bid_words(self) -> str:
        """The contract as a sentence names it: ``"7NT"`` (the record's spelling) in English,
        :func:`contract_words` otherwise (``"7 sin triunfo"``)."""
        return contract_text(self.contract)

    def worth(self) -> int:
        """The contract's value (rules.md 500 §10)."""
        return self.contract.value

    def worth_text(self) -> str:
        """The arithmetic of the contract's value: ``"8♥ is worth 40 + 100 × 2 + 20 × 3 = 300"``, or
        the flat price of a misère (rules.md 500 §10)."""
        c = self.contract
        bid = self.bid_words()
        if c.is_misere:
            return _("{bid} is worth {value}, a flat price").format(bid=bid, value=c.value)
        return _("{bid} is worth 40 + 100 × {extra} (tricks above six) + 20 × {step} (a step for the trump "
                 "suit: ♠ 0, ♣ 1, ♦ 2, ♥ 3, no trumps 4) = {value}").format(
            bid=bid, extra=c.tricks - 6, step=c.step, value=c.value)


@dataclass(frozen=True, repr=False)
class Bury(CardAction):
    """The contractor buries ``card`` face down, out of the game; three in all (rules.md 500 §5)."""

    verb = "bury"
    form = "cards"
    together = True

    def with_card(self, card: Card) -> Bury:
        """The burial of ``card``."""
        return bury_action(card)

    def verb_words(self) -> str:
        """``"bury"`` in the language in use (``"descarta"``)."""
        return pgettext("action", "bury")

    def verb_phrase(self) -> str:
        """``"bury"`` after "cannot" (``"descartar"``)."""
        return pgettext("verb", "bury")


@dataclass(frozen=True, repr=False)
class Nominate(Action):
    """A no-trump or misère contractor holding the joker nominates its ``suit`` before the opening
    lead, or ``None`` to keep it unnominated (rules.md 500 §8, §16): ``nominate ♥``, ``nominate none``."""

    suit: Suit | None

    verb = "nominate"

    def __post_init__(self) -> None:
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise InvalidActionError(f"nominate: {self.suit!r} is not a suit or None")

    def __str__(self) -> str:
        return f"nominate {self.suit if self.suit else 'none'}"

    def verb_words(self) -> str:
        """``"nominate"`` in the language in use (``"designa"``)."""
        return pgettext("action", "nominate")

    def verb_phrase(self) -> str:
        """``"nominate"`` after "cannot" (``"designar"``)."""
        return pgettext("verb", "nominate")

    def object_words(self) -> str:
        """The suit nominated, ``"♥"``."""
        return str(self.suit) if self.suit else ""

    def translated(self) -> str:
        """``"nominate ♥"``, or keeping the joker free as the rule says it ("leave the joker
        unnominated", rules.md 500 §8), in the language in use."""
        if self.suit is None:
            return pgettext("action", "leave the joker unnominated")
        return super().translated()

    def phrase(self) -> str:
        """``"nominate ♥"`` or "leave the joker unnominated" after "cannot" (``"designar ♥"``)."""
        if self.suit is None:
            return pgettext("verb", "leave the joker unnominated")
        return super().phrase()


@dataclass(frozen=True, repr=False)
class Call(CardAction):
    """Five players: the contractor calls ``card``; its holder is the partner (rules.md 500 §13)."""

    verb = "call"
    form = "choice"

    def verb_words(self) -> str:
        """``"call"`` in the language in use (``"llama"``)."""
        return pgettext("action", "call")

    def verb_phrase(self) -> str:
        """``"call"`` after "cannot" (``"llamar"``)."""
        return pgettext("verb", "call")


@dataclass(frozen=True, repr=False)
class GoAlone(Action):
    """Five players: the contractor announces playing alone against four (rules.md 500 §13)."""

    verb = "go"

    def __str__(self) -> str:
        return "go alone"

    def verb_words(self) -> str:
        """``"go"`` in the language in use (``"juega"``)."""
        return pgettext("action", "go")

    def verb_phrase(self) -> str:
        """``"go"`` after "cannot" (``"jugar"``)."""
        return pgettext("verb", "go")

    def object_words(self) -> str:
        """``"alone"`` (``"solo"``)."""
        return pgettext("action", "alone")


GO_ALONE = GoAlone()
_KINDS = (Pass, Play, Bid, Bury, Nominate, Call, GoAlone)
#: The bid of every contract: suit and no-trump contracts by tricks then strain, then misère and open
#: misère (one object each; the bidding order is :func:`~cardkit.game500.contracts.ladder`'s, rules.md 500 §4).
BIDS = {c: Bid(c) for c in (*CONTRACTS.values(), MISERE_CONTRACT, OPEN_MISERE_CONTRACT)}
#: The joker's nominations, ♠ ♣ ♦ ♥ then ``nominate none`` (rules.md 500 §8).
NOMINATIONS = tuple(Nominate(s) for s in (*SUITS, None))
_PLAYS: dict[Card, Play] = {}
_BURIES: dict[Card, Bury] = {}
_CALLS: dict[Card, Call] = {}
#: A led unnominated joker naming each suit (rules.md 500 §8).
JOKER_LEADS = {s: Play(JOKER, names=s) for s in SUITS}


def play_action(card: Card) -> Play:
    """The one :class:`~cardkit.actions.Play` of ``card`` (made once, then reused)."""
    p = _PLAYS.get(card)
    if p is None:
        p = _PLAYS[card] = Play(card)
    return p


def call_action(card: Card) -> Call:
    """The one :class:`Call` of ``card`` (made once, then reused; rules.md 500 §13)."""
    c = _CALLS.get(card)
    if c is None:
        c = _CALLS[card] = Call(card)
    return c


def bury_action(card: Card) -> Bury:
    """The one :class:`Bury` of ``card`` (made once, then reused; rules.md 500 §5)."""
    b = _BURIES.get(card)
    if b is None:
        b = _BURIES[card] = Bury(card)
    return b


def parse_action(text: str | Action) -> Action:
    """Read a Five Hundred action: ``pass``, ``bid 8H`` / ``bid 8♥`` / ``bid 10NT`` /
    ``bid misere`` / ``bid open misere``, ``bury 5S``, ``nominate H`` / ``nominate none``,
    ``call AH``, ``go alone``, ``play KS``, ``play JK naming H``.

    Raises:
        InvalidActionError: the text is none of these.

    >>> parse_action("bid 8H")
    Bid.parse('bid 8♥')
    >>> str(parse_action("play jk naming s"))
    'play Jo naming ♠'
    """
    done = ensure_action(text, _KINDS)
    if done is not None:
        return done
    original = str(text)
    words = original.strip().lower().split()
    common = parse_common(words, original)
    if common is not None:
        if isinstance(common, Play):
            if common.marriage:
                raise InvalidActionError(f"cannot read action {original!r}: Five Hundred has no marriages")
            if common.names is not None:
                return JOKER_LEADS[common.names] if common.card is JOKER else common
            return play_action(common.card)
        return common
    try:
        if len(words) >= 2 and words[0] == "bid":
            return BIDS[Contract.parse(" ".join(words[1:]))]
        if len(words) == 2 and words[0] == "bury":
            return bury_action(Card.parse(words[1]))
        if len(words) == 2 and words[0] == "nominate":
            return NOMINATIONS[4] if words[1] in ("none", "no", "-") else NOMINATIONS[Suit.parse(words[1]).value]
        if len(words) == 2 and words[0] == "call":
            return Call(Card.parse(words[1]))
        if words in (["go", "alone"], ["alone"]):
            return GO_ALONE
    except ValueError as e:
        raise InvalidActionError(f"cannot read action {original!r}: {e}") from None
    raise InvalidActionError(
        f"cannot read action {original!r}: Five Hundred actions are pass, bid CONTRACT (8H, 10NT, misere, "
        "open misere), bury CARD, nominate SUIT|none, call CARD, go alone, play CARD [naming SUIT]")


for _cls in _KINDS[2:]:
    setattr(_cls, "parse", staticmethod(parse_action))  # each kind reads any action of the game
