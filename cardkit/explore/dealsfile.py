"""Deals files: many deals kept as text, one deal a line, to read again, share and analyse.

The format (``.deals``, UTF-8) is PBN's deal tag adapted to these games::

    # cardkit deals: 500/4, seed 7
    500/4 dealer=A seed=7 deal=0 | A: Jo J♥ A♥ 9♥ 8♥ K♠ 7♠ A♣ 10♦ 6♦ | B: … | C: … | D: … | kitty: 9♠ 8♣ 4♦
    501/3 dealer=C deal=1 | A: A♠ 10♠ … | B: … | C: … | talon: K♦ 9♥ J♣

- A line is fields parted by ``|``. The first is the header: ``GAME/PLAYERS`` (the game's name and
  its table size, as ``cardkit play`` takes them), then ``key=value`` words: ``dealer=SEAT``
  (required), ``seed=N`` and ``deal=N`` (where the deal came from; optional), ``names=N,E,S,W``
  (seat names other than A, B, C…), and any rule option of the game that is not at its default
  (``six-pack=improvised``: it changes the pack).
- Every other field is ``SEAT: CARDS``: each seat by its name, then the talon (501♠) or kitty (Five
  Hundred) by the game's word for it, each seat once; a seat dealt nothing (501♠'s dealer with four
  players, rules.md 501 §1) reads ``-``. Cards are written as the kit prints them (``10♥``, ``Jo``)
  in the order a hand is held (:meth:`cardkit.game.State.held_order`); ASCII is read too
  (``10H``, ``TH``, ``JK``: :meth:`cardkit.cards.Card.parse`), in any order.
- Blank lines and lines starting with ``#`` are comments.

Why not PBN's ``N:AKQ.JT9.…`` itself: it places four hands of four suits by position, with no
room for a joker, a talon or kitty, three, five or six seats, or the six-hand pack's 11s–13s. Seat
labels and printed cards keep each line readable on its own, and a line reads back to the same deal.

Reading is strict (:func:`read_deals`): a line whose deal is not a deal of its game (a card twice, a
hand of the wrong size, a card not in the pack, an unknown seat or game, a missing seat) is reported
with its line number, every problem of the file together in one :class:`DealsFileError`. Reading
only parses text: nothing in a file is executed. A file may hold at most :data:`MAX_BYTES` bytes,
:data:`MAX_LINES` lines and :data:`MAX_LINE_CHARS` characters a line.

>>> from cardkit import find_game
>>> from cardkit.explore.deal import Predeal
>>> game = find_game("501", players=3)
>>> deal = Predeal(game, dealer=2, hands={0: "AS 10S KS QS JS 9S AC"}).deal(1)
>>> line = deal_line(game, deal, seed=1)
>>> line.split(" | ")[:2]
['501/3 dealer=C seed=1', 'A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣']
>>> deal_key(parse_deals(line)[0].deal) == deal_key(deal)
True
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Iterable, Sequence, Union

from ..cards import Card, Cards
from ..errors import CardkitError
from ..game import TALON, Game
from .deal import Deal, Predeal

#: The largest deals file read, in bytes (about 80,000 lines of a six-handed Five Hundred deal).
MAX_BYTES = 20_000_000
#: The most lines a deals file may hold (comments included).
MAX_LINES = 100_000
#: The longest line read, in characters (a six-handed Five Hundred deal is about 250).
MAX_LINE_CHARS = 2_000
#: How many problems a :class:`DealsFileError` lists in its message (all are in ``problems``).
SHOWN_PROBLEMS = 10

PathLike = Union[str, Path]
_HEADER = re.compile(r"([A-Za-z0-9_-]+)/(\d{1,2})")
_NAME = re.compile(r"[^\s|:=,#]+")


class DealsFileError(CardkitError):
    """A deals file that cannot be read: ``problems`` is every ``(line number, message)`` found
    (line 0: the file as a whole); the message names the first :data:`SHOWN_PROBLEMS`."""

    def __init__(self, problems: Sequence[tuple[int, str]], source: str = "deals") -> None:
        self.problems = list(problems)
        self.source = source
        shown = "; ".join(f"line {n}: {m}" if n else m for n, m in self.problems[:SHOWN_PROBLEMS])
        more = len(self.problems) - SHOWN_PROBLEMS
        super().__init__(f"{source}: {shown}" + (f" (and {more} more problems)" if more > 0 else ""))


@dataclass(frozen=True)
class FileDeal:
    """One deal of a deals file: its ``game``, the ``deal``, and where it came from: the
    ``seed`` and ``number`` (``deal=``) of the line, if given, and the ``line`` it was read from
    (0 for a deal not read from a file)."""

    game: Game
    deal: Deal
    seed: int | None = None
    number: int | None = None
    line: int = 0

    def line_text(self) -> str:
        """The deal as a line of a deals file (:func:`deal_line`)."""
        return deal_line(self.game, self.deal, seed=self.seed, number=self.number)

    def diagram(self) -> Any:
        """The deal's :class:`~cardkit.explore.diagram.HandDiagram` (text with ``print``, card
        faces as a notebook cell's value)."""
        from .diagram import HandDiagram

        return HandDiagram(self.game, self.deal)


# ---------------------------------------------------------------- writing


def deal_key(deal: Deal) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """What makes two deals the same deal: the dealer and the cards of each seat and of the talon,
    in any order (``deal_key(a) == deal_key(b)``)."""
    parts = [*deal.hands, deal.talon]
    return deal.dealer, tuple(tuple(sorted(c.code for c in cards)) for cards in parts)


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "-"


def game_header(game: Game) -> str:
    """The header words naming ``game``: ``"500/4"``, with ``names=`` and the rule options not at
    their default (``"500/6 six-pack=improvised"``).

    Raises:
        CardkitError: a seat name or option that a deals file cannot hold (spaces, ``|``, ``:``, ``=``, ``,``).
    """
    words = [f"{game.name}/{game.players}"]
    if list(game.names) != game.default_names(game.players):
        for n in game.names:
            if not _NAME.fullmatch(n):
                raise CardkitError(f"seat name {n!r} cannot be written in a deals file (no spaces, | : = , #)")
        words.append("names=" + ",".join(game.names))
    for key, value in game.options.items():
        if game.option_defaults.get(key) != value:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            if not _NAME.fullmatch(str(key)) or not _NAME.fullmatch(text):
                raise CardkitError(f"rule option {key}={value!r} cannot be written in a deals file")
            words.append(f"{key}={text}")
    return " ".join(words)


def deal_line(game: Game, deal: Deal, seed: int | None = None, number: int | None = None) -> str:
    """``deal`` of ``game`` as one line of a deals file (see the module doc), no newline.

    Args:
        seed, number: written as ``seed=`` and ``deal=`` when given (where the deal came from).
    """
    words = [game_header(game), f"dealer={game.names[deal.dealer]}"]
    if seed is not None:
        words.append(f"seed={seed}")
    if number is not None:
        words.append(f"deal={number}")
    fields = [" ".join(words)]
    state = deal.new_hand(game)  # the engine's held order before any trump stands (the tables' order)
    for s in range(game.players):
        fields.append(f"{game.names[s]}: {_cards_text(state.held_order(deal.hands[s]))}")
    fields.append(f"{game.talon_word}: {_cards_text(state.held_order(deal.talon))}")
    return " | ".join(fields)


def write_deals(file: PathLike | IO[str], game: Game, deals: Iterable[Deal | FileDeal], seed: int | None = None,
                comment: str | None = None) -> int:
    """Write ``deals`` of ``game`` to ``file`` (a path, or an open text file), one a line, numbered
    ``deal=0, 1, …`` in order (a :class:`FileDeal` keeps its own seed and number).

    Args:
        seed: the seed the deals came from, written on every line (``seed=``).
        comment: a line of words for the top of the file (``# …``), e.g. how the deals were made.

    Returns:
        the number of deals written.

    Raises:
        CardkitError: more than :data:`MAX_LINES` deals (the file could not be read back).
    """
    if isinstance(file, (str, Path)):
        with open(file, "w", encoding="utf-8", newline="\n") as out:
            return write_deals(out, game, deals, seed=seed, comment=comment)
    head = f"# cardkit deals: {game_header(game)}" + (f", seed {seed}" if seed is not None else "")
    file.write(head + "\n")
    if comment:
        file.write("# " + " ".join(comment.split()) + "\n")
    count = 0
    for i, d in enumerate(deals):
        if count + 2 >= MAX_LINES:
            raise CardkitError(f"more than {MAX_LINES - 2} deals: a deals file holds at most {MAX_LINES} lines")
        if isinstance(d, FileDeal):
            file.write(deal_line(d.game, d.deal, seed=d.seed, number=d.number) + "\n")
        else:
            file.write(deal_line(game, d, seed=seed, number=i) + "\n")
        count += 1
    return count


# ---------------------------------------------------------------- reading


class _Games:
    """The games of a file's headers, each made once."""

    def __init__(self) -> None:
        self.made: dict[tuple[str, int, tuple[tuple[str, str], ...], str], Game] = {}

    def get(self, name: str, players: int, options: dict[str, str], names: str) -> Game:
        key = (name, players, tuple(sorted(options.items())), names)
        game = self.made.get(key)
        if game is None:
            from ..registry import find_game

            game = find_game(name, players)  # the options' kinds are read off a default table first
            opts: dict[str, object] = {}
            for k, v in options.items():
                if k not in game.option_defaults:
                    known = ", ".join(["dealer", "seed", "deal", "names", *game.option_defaults])
                    raise CardkitError(f"unknown field {k!r} (known: {known})")
                default = game.option_defaults[k]
                if isinstance(default, bool):
                    if v.lower() not in ("true", "false"):
                        raise CardkitError(f"{k}={v}: write true or false")
                    opts[k] = v.lower() == "true"
                elif isinstance(default, int):
                    opts[k] = int(v)
                else:
                    opts[k] = v
            seat_names = names.split(",") if names else None
            game = find_game(name, players, **opts) if not seat_names else \
                find_game(name, players, names=seat_names, **opts)
            self.made[key] = game
        return game


def _int_field(key: str, value: str) -> int:
    if not value.isascii() or not value.lstrip("-").isdigit() or len(value) > 20:
        raise CardkitError(f"{key}={value!r}: not a whole number")
    return int(value)


def parse_line(text: str, games: _Games | None = None, line: int = 0) -> FileDeal:
    """One deals-file line as a :class:`FileDeal` (``line`` is its number, for the record).

    Raises:
        CardkitError: the line is not a deal of its game; the message says what is wrong.
    """
    games = games or _Games()
    bad = next((ch for ch in text if not ch.isprintable()), None)
    if bad is not None:
        raise CardkitError(f"a control character {bad!r} in the line: write seats, cards and words only")
    fields = [f.strip() for f in text.split("|")]
    head = fields[0].split()
    if not head:
        raise CardkitError("no header: start the line with the game and table size, e.g. '500/4 dealer=A'")
    m = _HEADER.fullmatch(head[0])
    if m is None:
        raise CardkitError(f"{head[0]!r} is not a game and table size such as 500/4 or 501/3")
    kv: dict[str, str] = {}
    for word in head[1:]:
        if "=" not in word:
            raise CardkitError(f"{word!r} in the header: write key=value (dealer=A, seed=7)")
        k, v = word.split("=", 1)
        if k in kv:
            raise CardkitError(f"{k}= is given twice")
        kv[k] = v
    dealer_name = kv.pop("dealer", None)
    seed = _int_field("seed", kv.pop("seed")) if "seed" in kv else None
    number = _int_field("deal", kv.pop("deal")) if "deal" in kv else None
    names = kv.pop("names", "")
    try:
        game = games.get(m.group(1), int(m.group(2)), kv, names)
    except CardkitError as e:
        raise CardkitError(str(e)) from None
    if dealer_name is None:
        raise CardkitError("no dealer: write dealer=SEAT in the header, e.g. dealer=A")
    if dealer_name not in game.names:
        raise CardkitError(f"unknown dealer {dealer_name!r}: {game.title} with {game.players} players "
                           f"has seats {', '.join(game.names)}")
    dealer = game.names.index(dealer_name)
    talon_names = {game.talon_word, "talon", "kitty"}
    given: dict[int, list[Card]] = {}
    for field in fields[1:]:
        if ":" not in field:
            raise CardkitError(f"{field[:40]!r}: write SEAT: CARDS (e.g. 'A: A♠ 10♠')")
        label, cards_text = (x.strip() for x in field.split(":", 1))
        if label in talon_names:
            slot = TALON
        elif label in game.names:
            slot = game.names.index(label)
        else:
            raise CardkitError(f"unknown seat {label!r}: {game.title} with {game.players} players has seats "
                               f"{', '.join(game.names)} and the {game.talon_word}")
        if slot in given:
            raise CardkitError(f"{label} is given twice")
        given[slot] = [] if cards_text == "-" else list(Cards.parse(cards_text.split()))
    return FileDeal(game, check_deal(game, dealer, given), seed=seed, number=number, line=line)


def check_deal(game: Game, dealer: int, given: dict[int, list[Card]]) -> Deal:
    """The :class:`Deal` of ``game`` with ``given`` cards per seat (:data:`TALON`: the talon or kitty).

    Raises:
        CardkitError: a seat missing, a hand of the wrong size, a card not in the pack, a card
            held more often than the pack holds it (rules.md 501 §3–§4; 500 §2–§3).
    """
    targets = game.deal_targets(dealer)
    sizes = {t: targets.count(t) for t in [*range(game.players), TALON]}

    def place(t: int) -> str:
        return f"the {game.talon_word}" if t == TALON else f"seat {game.names[t]}"

    for t in [*range(game.players), TALON]:
        if t not in given:
            label = game.talon_word if t == TALON else game.names[t]
            raise CardkitError(f"{place(t)} is missing: write '{label}: …' ('-' for no cards)")
        if len(given[t]) != sizes[t]:
            raise CardkitError(f"{place(t)} holds {len(given[t])} cards, but is dealt {sizes[t]} "
                               f"with dealer {game.names[dealer]}")
    pack = game.new_pack()
    left: dict[Card, int] = {}
    for c in pack:
        left[c] = left.get(c, 0) + 1
    where: dict[Card, int] = {}
    for t, cards in given.items():
        for c in cards:
            if c not in left:
                raise CardkitError(f"{c} is not in the {game.title} pack of {len(pack)} cards")
            if left[c] == 0:
                n = pack.count(c)
                times = "once" if n == 1 else f"{n} times"
                both = f"twice in {place(t)}" if where[c] == t else f"twice ({place(where[c])} and {place(t)})"
                raise CardkitError(f"{c} is given {both}; the pack holds it {times}")
            left[c] -= 1
            where[c] = t
    hands = tuple(Cards(given[s]) for s in range(game.players))
    talon = Cards(given[TALON])
    return Deal(dealer, hands, talon, Cards(game.deal_from_hands(dealer, list(hands), list(talon))))


def parse_deals(text: str, source: str = "deals") -> list[FileDeal]:
    """Every deal of a deals file's ``text``, in order.

    Raises:
        DealsFileError: more than :data:`MAX_LINES` lines, a line longer than
            :data:`MAX_LINE_CHARS`, or any line that is not a deal; every problem with its line number.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise DealsFileError([(0, f"{len(lines)} lines: a deals file holds at most {MAX_LINES}")], source)
    games = _Games()
    out: list[FileDeal] = []
    problems: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        if len(line) > MAX_LINE_CHARS:
            problems.append((n, f"{len(line)} characters: a line holds at most {MAX_LINE_CHARS}"))
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            out.append(parse_line(line, games, n))
        except CardkitError as e:
            problems.append((n, str(e)))
    if problems:
        raise DealsFileError(problems, source)
    return out


def read_deals(file: PathLike | IO[str]) -> list[FileDeal]:
    """Every deal of the deals file ``file`` (a path, or an open text file), checked line by line.

    Raises:
        DealsFileError: a file over :data:`MAX_BYTES` bytes or :data:`MAX_LINES` lines, text that is
            not UTF-8, or lines that are not deals, each problem with its line number.
        OSError: the file cannot be opened.
    """
    if isinstance(file, (str, Path)):
        path = Path(file)
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
        source = str(file)
    else:
        source = getattr(file, "name", "deals")
        got = file.read(MAX_BYTES + 1)
        data = got.encode("utf-8") if isinstance(got, str) else got
    if len(data) > MAX_BYTES:
        raise DealsFileError([(0, f"larger than {MAX_BYTES} bytes: a deals file holds at most that")], source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DealsFileError([(0, f"not UTF-8 text ({e.reason} at byte {e.start})")], source) from None
    return parse_deals(text, source)


def write_predeal(file: PathLike | IO[str], predeal: Predeal, n: int, seed: int | None = None) -> int:
    """Write ``n`` deals of the set-up ``predeal`` to ``file``, with the set-up in words on top.
    With a ``seed``, line ``deal=i`` is :meth:`Predeal.numbered` ``(seed, i)``: the same deal every
    time, found again from its seed and number alone. Returns the number written.

    Raises:
        DealError: the set-up's constraints met no deal.
    """
    deals = predeal.deals(n) if seed is None else (predeal.numbered(seed, i) for i in range(n))
    return write_deals(file, predeal.game, deals, seed=seed,
                       comment=f"dealer {predeal.game.names[predeal.dealer]}; {predeal.describe()}")


def deals_text(game: Game, deals: Iterable[Deal | FileDeal], seed: int | None = None,
               comment: str | None = None) -> str:
    """:func:`write_deals` into a string."""
    buf = io.StringIO()
    write_deals(buf, game, deals, seed=seed, comment=comment)
    return buf.getvalue()


__all__ = ["MAX_BYTES", "MAX_LINES", "MAX_LINE_CHARS", "DealsFileError", "FileDeal", "check_deal", "deal_key", "deal_line",
           "deals_text", "game_header", "parse_deals", "parse_line", "read_deals", "write_deals", "write_predeal"]
