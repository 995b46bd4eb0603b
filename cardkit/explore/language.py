"""The deal language: constraints on hypothetical deals written as text, as redeal's dealer
scripts are for bridge.

One text holds one or more clauses, each naming a place (a seat, or the talon / kitty) and a test on
the cards dealt there; :func:`parse_constraints` reads it into the :class:`~cardkit.explore.deal.
Constraint` objects that :class:`~cardkit.explore.deal.Predeal` and :func:`~cardkit.explore.
estimate.estimate_bid` take as ``accept``. The command line takes the same text
(``python -m cardkit deal 500 --where "B: trumps(H) >= 3 and hcp >= 12"``).

Grammar (words are case-insensitive; ``≥ ≤ ≠`` may stand for ``>= <= !=``)::

    where    := clause (";" clause)*
    clause   := place ":" expr
    place    := a seat's name (A, B, …) | a seat number (0, 1, …) | "talon" | "kitty"
    expr     := term ("or" term)*
    term     := factor ("and" factor)*
    factor   := "not" factor | "(" expr ")" | test
    test     := measure op NUMBER       ♠ >= 4    hcp >= 12    points >= 40    trumps(H) >= 3
              | NUMBER "+" suit         5+♥                 (at least 5 ♥)
              | "shape" shape           shape 4-4-1-1   shape 5431   (suit lengths, in any order)
              | ("holds" | "has") card+ holds AS KS   has Jo       (every card listed)
              | "void" suit             void(C)   void ♣
              | "marriage" [suit]       marriage(S)   marriage     (a king and queen of one suit)
    measure  := suit | "hcp" | "points" | "trumps" suit
    suit     := S | C | D | H | ♠ | ♣ | ♦ | ♥ | spades | … , or one of them in parentheses
    op       := ">=" | "<=" | "==" | "=" | "!=" | ">" | "<"
    shape    := N-N-N-N (four lengths) | NNNN (four digits)
    card     := as :meth:`cardkit.cards.Card.parse` reads it: AS, 10H, J♦, Jo (or JK)

A test looks at the cards dealt to its place: a seat's hand as dealt (in 501♠ its seven cards,
before the bidder takes the talon, rules.md 501 §4, §7), or the three cards of the talon / kitty.
What each test counts, in the game's own terms:

- a suit (``♥ >= 4``, ``5+♥``, ``void(♥)``, ``shape``): the cards of that printed suit; the joker
  has none, so in Five Hundred a shape may add up to the hand size or one less (the joker).
- ``trumps(S)``: the cards that are trumps when S is trumps, as the game ranks them
  (:meth:`cardkit.game.Game.trump_cards`): in Five Hundred the suit, both bowers and the joker
  (rules.md 500 §6: with ♥ trumps, J♦ and Jo are trumps too); in 501♠ the suit itself.
- ``hcp``: high-card points, 4-3-2-1 for the four highest cards of each suit in the game's order
  (:meth:`cardkit.game.Game.new_pack`): A K Q J in Five Hundred (bridge's count), A 10 K Q in 501♠
  (rules.md 501 §3); the joker, a sure trick as an ace is, 4.
- ``points``: the game's card points (:meth:`cardkit.game.Game.card_points`: 501♠'s A 11, 10 10,
  K 4, Q 3, J 2); an error in a game that counts none.

Every card is read by the engine's :meth:`~cardkit.cards.Card.parse` and checked against the
game's pack, so ``JD`` and ``J♦`` name the same card. Nothing is evaluated as Python: a tokenizer
and a recursive-descent parser read the text, and an error names the column and the word at fault
(:class:`DealSyntaxError`).

>>> from cardkit import find_game, Cards
>>> game = find_game("500", players=4)
>>> rules = parse_constraints(game, "B: trumps(H) >= 3 and hcp >= 8; kitty: not holds Jo")
>>> {game.names[p] if p >= 0 else "kitty": str(c) for p, c in rules.items()}
{'B': 'at least 3 trumps with ♥ trumps and at least 8 high-card points', 'kitty': 'not (holds Jo)'}
>>> rules[1](Cards.parse("JD QH 9H AS KC 5S 6S 7C 8C 9C"))  # J♦, the left bower, is a trump
True
>>> parse_constraints(find_game("501"), "B: shape 4-4-4-4")
Traceback (most recent call last):
...
cardkit.explore.language.DealSyntaxError: shape 4-4-4-4 has 16 cards; B holds 7 (at column 4 of 'B: shape 4-4-4-4')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ..allocation import DealError
from ..cards import SUITS, Card, Suit
from ..errors import InvalidCardError, quoted
from ..game import TALON, Game
from ..i18n import _
from .deal import Constraint, at_least, has_marriage, holds, suit_count, void

#: The longest deal-language text read, in characters, and the deepest nesting of parentheses
#: and ``not``: longer or deeper text is refused with a :class:`DealSyntaxError`.
MAX_TEXT = 2000
MAX_DEPTH = 40


class DealSyntaxError(DealError):
    """Deal-language text that cannot be read: ``column`` (from 1) and ``token`` say where, ``text``
    is the whole text, ``reason`` what is wrong there."""

    def __init__(self, reason: str, text: str, column: int, token: str) -> None:
        self.reason, self.text, self.column, self.token = reason, text, column, token
        super().__init__(_("{reason} (at column {column} of {text})").format(
            reason=reason, column=column, text=quoted(text, 60)))


# ---------------------------------------------------------------- tokens


@dataclass(frozen=True)
class Token:
    """One word or sign of the text: ``kind`` (``"num"``, ``"word"``, ``"op"``, ``"sign"``,
    ``"end"``), its ``text`` and its ``column`` (from 1)."""

    kind: str
    text: str
    column: int


_TOKEN = re.compile(r"\s*(?:(?P<op>>=|<=|==|!=|[≥≤≠=<>])|(?P<sign>[();:+\-,])"
                    r"|(?P<word>[\w♠♣♦♥🃏]+))")
_OPS = {">=": ">=", "≥": ">=", "<=": "<=", "≤": "<=", "==": "==", "=": "==", "!=": "!=", "≠": "!=",
        ">": ">", "<": "<"}


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``, ending with an ``"end"`` token.

    Raises:
        DealSyntaxError: a character the language does not use, or text over :data:`MAX_TEXT`.
    """
    if len(text) > MAX_TEXT:
        raise DealSyntaxError(_("the text is {n} characters long: at most {most}").format(
            n=len(text), most=MAX_TEXT), text, 1, text[:10])
    out: list[Token] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            out.append(Token("end", "", at + 1))
            return out
        m = _TOKEN.match(text, at)
        if m is None or m.lastgroup is None:
            raise DealSyntaxError(_("{char} is not part of the deal language").format(char=quoted(text[at])),
                                  text, at + 1, text[at])
        group = m.lastgroup
        word = m.group(group)
        kind = "num" if group == "word" and word.isascii() and word.isdigit() else group
        out.append(Token(kind, word, m.start(group) + 1))
        at = m.end()


# ---------------------------------------------------------------- what a test counts


def high_card_points(game: Game) -> dict[Card, int]:
    """Each card of ``game``'s pack → its high-card points: 4-3-2-1 for the four highest cards of
    each suit in the game's order (:meth:`~cardkit.game.Game.new_pack`: A K Q J in Five Hundred,
    A 10 K Q in 501♠, rules.md 501 §3), 4 for a joker (it takes a trick as surely as an ace), 0
    for any other card.

    >>> from cardkit import find_game
    >>> hcp = high_card_points(find_game("501"))
    >>> [hcp[Card.parse(t)] for t in ("AS", "10S", "KS", "QS", "JS", "9S")]
    [4, 3, 2, 1, 0, 0]
    """
    out: dict[Card, int] = {}
    seen: dict[Suit | None, int] = {}
    for c in dict.fromkeys(game.new_pack()):
        if c.suit is None:
            out[c] = 4
            continue
        i = seen.get(c.suit, 0)
        seen[c.suit] = i + 1
        out[c] = max(0, 4 - i)
    return out


def trump_count(game: Game, cards: Iterable[Card], trump: Suit) -> int:
    """How many of ``cards`` are trumps when ``trump`` is the trump suit, as ``game`` ranks them
    (:meth:`~cardkit.game.Game.trump_cards`: Five Hundred's joker and left bower count, rules.md
    500 §6)."""
    trumps = set(game.trump_cards(trump))
    return sum(1 for c in cards if c in trumps)


def shape(*lengths: int) -> Constraint:
    """The suit lengths are ``lengths`` in some order (``shape(4, 4, 1, 1)``: two four-card
    suits and two singletons); the joker belongs to no suit.

    Raises:
        DealError: not four lengths, or a negative one.
    """
    if len(lengths) != len(SUITS) or any(n < 0 for n in lengths):
        raise DealError(_("a shape is four suit lengths, such as 4-4-1-1, not {shape}").format(
            shape="-".join(map(str, lengths))))
    want = sorted(lengths, reverse=True)

    def test(h: Sequence[Card]) -> bool:
        return sorted((suit_count(h, s) for s in SUITS), reverse=True) == want

    return Constraint(test, "shape " + "-".join(map(str, want)) + " in any order")


_COMPARE: dict[str, tuple[Callable[[int, int], bool], str]] = {
    ">=": (lambda a, b: a >= b, "at least {n} {what}"),
    "<=": (lambda a, b: a <= b, "at most {n} {what}"),
    "==": (lambda a, b: a == b, "exactly {n} {what}"),
    "!=": (lambda a, b: a != b, "other than {n} {what}"),
    ">": (lambda a, b: a > b, "more than {n} {what}"),
    "<": (lambda a, b: a < b, "fewer than {n} {what}"),
}


def compare(measure: Callable[[Sequence[Card]], int], op: str, n: int, what: str) -> Constraint:
    """The constraint ``measure(hand) op n`` (``op`` one of ``>= <= == != > <``), read as
    ``"at least 12 high-card points"`` with ``what`` the words of the measure."""
    check, words = _COMPARE[op]
    return Constraint(lambda h: check(measure(h), n), words.format(n=n, what=what))


# ---------------------------------------------------------------- the parser


_KEYWORDS = {"and", "or", "not", "holds", "has", "shape", "void", "marriage", "hcp", "points", "trumps"}


class _Parser:
    def __init__(self, game: Game, text: str) -> None:
        self.game, self.text = game, text
        self.tokens = tokenize(text)
        self.at = 0
        self.depth = 0
        self.place = TALON
        self.pack = set(game.new_pack())
        self.jokers = sum(1 for c in game.new_pack() if c.suit is None)

    # ---- helpers

    @property
    def tok(self) -> Token:
        return self.tokens[self.at]

    def next(self) -> Token:
        t = self.tokens[self.at]
        if t.kind != "end":
            self.at += 1
        return t

    def fail(self, reason: str, tok: Token | None = None) -> DealSyntaxError:
        t = tok or self.tok
        return DealSyntaxError(reason, self.text, t.column, t.text)

    def is_word(self, *words: str) -> bool:
        return self.tok.kind == "word" and self.tok.text.lower() in words

    def expect_sign(self, sign: str, after: str) -> Token:
        if self.tok.kind == "sign" and self.tok.text == sign:
            return self.next()
        raise self.fail(_("expected {sign} after {after}, not {token}").format(
            sign=quoted(sign), after=after, token=self.shown(self.tok)))

    @staticmethod
    def shown(t: Token) -> str:
        return _("the end of the text") if t.kind == "end" else quoted(t.text)

    def place_name(self, place: int) -> str:
        return self.game.talon_word if place == TALON else self.game.names[place]

    def size(self, place: int) -> int:
        """The cards dealt to ``place`` when it is dealt in (501♠'s dealer of four sits out)."""
        return max(self.game.deal_targets(d).count(place) for d in range(self.game.players))

    # ---- the grammar

    def parse(self) -> dict[int, Constraint]:
        out: dict[int, Constraint] = {}
        while True:
            while self.tok.kind == "sign" and self.tok.text == ";":
                self.next()
            if self.tok.kind == "end":
                break
            place, con = self.clause()
            out[place] = out[place] & con if place in out else con
            if self.tok.kind == "end":
                break
            if not (self.tok.kind == "sign" and self.tok.text == ";"):
                raise self.fail(_("expected and, or, ; or the end after a test, not {token}").format(
                    token=self.shown(self.tok)))
        if not out:
            raise self.fail(_("no constraint: write a place and a test, e.g. B: hcp >= 12"))
        return out

    def clause(self) -> tuple[int, Constraint]:
        t = self.next()
        names = ", ".join(self.game.names)
        if t.kind not in ("word", "num"):
            raise self.fail(_("a constraint starts with its place: a seat ({names}) or {talon}, then ':'").format(
                names=names, talon=self.game.talon_word), t)
        if not (self.tok.kind == "sign" and self.tok.text == ":"):
            raise self.fail(_("a constraint starts with its place and ':', e.g. B: hcp >= 12 (the places are "
                              "{names} and the {talon}), not {token}").format(
                names=names, talon=self.game.talon_word, token=quoted(t.text)), t)
        place = self.seat(t)
        self.next()
        self.place = place
        return place, self.expr()

    def seat(self, t: Token) -> int:
        if t.text.lower() in ("talon", "kitty"):
            return TALON
        if t.kind == "num" and int(t.text) < self.game.players:
            return int(t.text)
        if t.text in self.game.names:
            return self.game.names.index(t.text)
        folded = [n for n in self.game.names if n.lower() == t.text.lower()]
        if len(folded) == 1:
            return self.game.names.index(folded[0])
        raise self.fail(_("{seat} is not a seat: the places are {names} and the {talon}").format(
            seat=quoted(t.text), names=", ".join(self.game.names), talon=self.game.talon_word), t)

    def expr(self) -> Constraint:
        con = self.term()
        while self.is_word("or"):
            self.next()
            con = con | self.term()
        return con

    def term(self) -> Constraint:
        con = self.factor()
        while self.is_word("and"):
            self.next()
            con = con & self.factor()
        return con

    def factor(self) -> Constraint:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(_("nested more than {most} deep").format(most=MAX_DEPTH))
        try:
            if self.is_word("not"):
                self.next()
                return ~self.factor()
            if self.tok.kind == "sign" and self.tok.text == "(":
                opened = self.next()
                con = self.expr()
                if not (self.tok.kind == "sign" and self.tok.text == ")"):
                    raise self.fail(_("the parenthesis at column {column} is not closed: {token} instead").format(
                        column=opened.column, token=self.shown(self.tok)))
                self.next()
                return con
            return self.test()
        finally:
            self.depth -= 1

    def test(self) -> Constraint:
        t = self.tok
        if t.kind == "num":
            return self.n_plus()
        if t.kind != "word":
            raise self.fail(_("expected a test such as hcp >= 12, 5+♥, shape 5431, holds AS, trumps(H) >= 3, "
                              "not {token}").format(token=self.shown(t)))
        word = t.text.lower()
        if word in ("holds", "has"):
            self.next()
            return self.holds(t)
        if word == "shape":
            self.next()
            return self.shape(t)
        if word == "void":
            self.next()
            return void(self.suit(t))
        if word == "marriage":
            self.next()
            if self.starts_suit():
                return has_marriage(self.suit(t))
            return has_marriage()
        measure, what = self.measure()
        return self.comparison(measure, what)

    def starts_suit(self) -> bool:
        t = self.tok
        if t.kind == "sign" and t.text == "(":
            return True
        return t.kind == "word" and _suit_of(t.text) is not None

    def suit(self, after: Token) -> Suit:
        """A suit, bare or in parentheses, after the word ``after``."""
        parenthesis = self.tok.kind == "sign" and self.tok.text == "("
        if parenthesis:
            self.next()
        t = self.next()
        s = _suit_of(t.text) if t.kind == "word" else None
        if s is None:
            if t.text.upper() == "NT":
                raise self.fail(_("{word} takes a suit (S, C, D, H or ♠ ♣ ♦ ♥), not no-trump").format(
                    word=after.text), t)
            raise self.fail(_("{token} is not a suit: {word} takes S, C, D, H or ♠ ♣ ♦ ♥").format(
                token=self.shown(t), word=after.text), t)
        if parenthesis:
            self.expect_sign(")", quoted(t.text))
        return s

    def measure(self) -> tuple[Callable[[Sequence[Card]], int], str]:
        t = self.next()
        word = t.text.lower()
        s = _suit_of(t.text)
        if s is not None:
            suit = s
            return (lambda h: suit_count(h, suit)), str(suit)
        if word == "hcp":
            table = high_card_points(self.game)
            return (lambda h: sum(table.get(c, 0) for c in h)), "high-card points"
        if word == "points":
            points = self.game.card_points()
            if not points:
                raise self.fail(_("points: {game} counts no card points (use hcp or trumps(S))").format(
                    game=self.game.title), t)
            return (lambda h: sum(points.get(c, 0) for c in h)), "card points"
        if word == "trumps":
            trump = self.suit(t)
            trumps = frozenset(self.game.trump_cards(trump))
            return (lambda h: sum(1 for c in h if c in trumps)), f"trumps with {trump} trumps"
        if self.tok.kind == "sign" and self.tok.text == "(":
            raise self.fail(_("{name} is not a function: use trumps(S), void(S) or marriage(S)").format(
                name=quoted(t.text)), t)
        if self.is_card(t.text):
            raise self.fail(_("{card} is a card: write holds {card} or has {card}").format(card=t.text), t)
        raise self.fail(_("{token} is not a test: use hcp, points, a suit, trumps(S), holds, has, shape, void(S) "
                          "or marriage(S)").format(token=quoted(t.text)), t)

    def comparison(self, measure: Callable[[Sequence[Card]], int], what: str) -> Constraint:
        t = self.next()
        if t.kind != "op":
            raise self.fail(_("expected a comparison (>=, <=, ==, !=, >, <) after {what}, not {token}").format(
                what=what, token=self.shown(t)), t)
        n = self.next()
        if n.kind != "num":
            raise self.fail(_("expected a whole number after {op}, not {token}").format(
                op=t.text, token=self.shown(n)), n)
        return compare(measure, _OPS[t.text], int(n.text), what)

    def n_plus(self) -> Constraint:
        n = self.next()
        if not (self.tok.kind == "sign" and self.tok.text == "+"):
            raise self.fail(_("a number starts a test only as N+suit, e.g. 5+♥, not {token}").format(
                token=self.shown(self.tok)))
        plus = self.next()
        return at_least(int(n.text), self.suit(plus))

    def is_card(self, text: str) -> bool:
        try:
            Card.parse(text)
        except InvalidCardError:
            return False
        return True

    def holds(self, verb: Token) -> Constraint:
        cards: list[Card] = []
        while True:
            t = self.tok
            if t.kind == "sign" and t.text == ",":
                self.next()
                continue
            if t.kind not in ("word", "num") or t.text.lower() in _KEYWORDS:
                break
            try:
                card = Card.parse(t.text)
            except InvalidCardError:
                raise self.fail(_("{token} is not a card: cards are written AS, 10H, J♦, Jo").format(
                    token=t.text), t) from None
            if card not in self.pack:
                raise self.fail(_("{card} is not in the {game} pack").format(card=card, game=self.game.title), t)
            cards.append(card)
            self.next()
        if not cards:
            raise self.fail(_("{verb} takes one or more cards, e.g. {verb} AS KS, not {token}").format(
                verb=verb.text, token=self.shown(self.tok)))
        return holds(*cards)

    def shape(self, word: Token) -> Constraint:
        first = self.tok
        if first.kind != "num":
            raise self.fail(_("shape takes four suit lengths, e.g. shape 4-4-1-1 or shape 5431, not {token}").format(
                token=self.shown(first)))
        self.next()
        if self.tok.kind == "sign" and self.tok.text == "-":
            lengths = [int(first.text)]
            while self.tok.kind == "sign" and self.tok.text == "-":
                self.next()
                t = self.next()
                if t.kind != "num":
                    raise self.fail(_("shape takes four suit lengths, e.g. shape 4-4-1-1, not {token}").format(
                        token=self.shown(t)), t)
                lengths.append(int(t.text))
        else:
            lengths = [int(d) for d in first.text]
        written = "-".join(map(str, lengths))
        if len(lengths) != len(SUITS):
            raise self.fail(_("shape {shape} gives {n} suit lengths: give four, e.g. 4-4-1-1 or 4411").format(
                shape=written, n=len(lengths)), first)
        size = self.size(self.place)
        total = sum(lengths)
        lowest = size - min(self.jokers, size)
        if not lowest <= total <= size:
            place = self.place_name(self.place)
            if lowest < size:
                reason = _("shape {shape} has {n} cards; {place} holds {size} ({fewer} in the suits with the "
                           "joker)").format(shape=written, n=total, place=place, size=size, fewer=lowest)
            else:
                reason = _("shape {shape} has {n} cards; {place} holds {size}").format(
                    shape=written, n=total, place=place, size=size)
            raise self.fail(reason, word)
        return shape(*lengths)


def _suit_of(text: str) -> Suit | None:
    """The suit ``text`` names (``H``, ``♥``, ``hearts``), or ``None``."""
    try:
        return Suit.parse(text)
    except InvalidCardError:
        return None


def parse_constraints(game: Game, text: str | Sequence[str]) -> dict[int, Constraint]:
    """The constraints that deal-language ``text`` sets on ``game``'s deals (grammar in the module
    doc), by place: a seat number, or :data:`~cardkit.game.TALON` for the talon / kitty. Several
    clauses on one place (``;``, or several texts as ``--where`` repeated gives) must all hold.

    Returns:
        ``{place: Constraint}``, ready for ``Predeal(accept=...)`` and ``estimate_bid(accept=...)``;
        each constraint's ``str`` says it in words.

    Raises:
        DealSyntaxError: naming the column and the word at fault: an unknown seat, word or
            function, a card that is not a card or not in this game's pack, a shape that does not
            add up to the place's cards, ``points`` in a game without card points.

    >>> from cardkit import find_game
    >>> c = parse_constraints(find_game("501"), ["A: 5+♥ or holds AS KS", "A: not void(C)"])[0]
    >>> str(c)
    '(at least 5 ♥ or holds A♠ K♠) and not (void in ♣)'
    """
    texts = [text] if isinstance(text, str) else list(text)
    out: dict[int, Constraint] = {}
    for t in texts:
        if not isinstance(t, str):
            raise DealError(_("a deal constraint is text such as 'B: hcp >= 12', not {value}").format(
                value=quoted(t)))
        for place, con in _Parser(game, t).parse().items():
            out[place] = out[place] & con if place in out else con
    return out


__all__ = ["DealSyntaxError", "MAX_DEPTH", "MAX_TEXT", "Token", "compare", "high_card_points", "parse_constraints",
           "shape", "tokenize", "trump_count"]
