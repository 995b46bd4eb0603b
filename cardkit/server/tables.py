"""A card table held by the server: its match, its seats' codes, its steps and what each seat sees.

The server is the only authority. A :class:`Room` holds one table on the engine's replay cursor
(:class:`~cardkit.replay.Replay`, kept at the end of its script); an action is checked and carried
out by the engine, stored (see :class:`~cardkit.server.store.Store`)
and only then announced. What a seat is sent is built from the engine's ``view(seat)`` and the
engine's ``describe(action, seat, viewer)`` (rules.md 501 §7, 500 §5: what is done face down stays
face down), never from the full state; the teacher's code sees everything (``view(None)``).

Every refusal is a :class:`TableError` with an HTTP status, a message and the rule or server rule
at fault (``"rules.md 501 §8"``, ``"server.md §4"``); a refused action changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
import unicodedata
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Callable, Sequence

import re

from ..cards import Card, Cards, Suit
from ..display import held_order, plain_rule, rule_words
from ..progress import item_of
from ..rulecards import rule_card
from ..escaping import BIDI_CONTROLS
from ..errors import CardkitError, IllegalActionError
from ..game import Action, ActionGroup, Game, Player, State
from ..registry import find_game
from ..i18n import N_, _, get_language, language
from ..replay import Replay
from ..tricks import Trick
from .store import Store, TableRow

#: The step that deals the next hand once a hand is over (the teacher, and any seat of a lone table
#: or of a class that goes on alone: docs/server.md §10).
NEXT_HAND = N_("next hand")
#: The seat number stored for a step taken with the teacher's code.
TEACHER = -1
#: Seats a table may have, per the record format (rules.md 501 §1, 500 §1 and §14).
MAX_PLAYERS = 6
#: Bits of a seed the server draws (and of a typed seed once mixed with the server's secret).
SEED_BITS = 128
#: The longest code the server compares (its codes are 22 characters); a longer one is refused.
MAX_CODE = 64
#: The most actions of a kind a page is offered with the ones not legal now (Five Hundred's 27
#: bids are; 501♠'s 155 bids are not: their chooser steps through the legal amounts).
MAX_OFFERED = 60
#: The most cards a seat chooses at once to confirm together (Five Hundred buries three).
MAX_TOGETHER = 6


#: A card as the engine writes it (10♥, Q♠, Jo), in a log line or a note.
_CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♣♦♥]|(?<![\w-])Jo(?![a-z])")


#: The server's own rules of acting that a seat may break (server.md §4), by name: their plain
#: words (English, translated with ``_()``) for the teacher's list of the rules a class broke.
SERVER_RULES = {
    "out-of-turn": N_("act only in your turn"),
    "hand-is-over": N_("no action once the hand is over"),
    "deal-when-over": N_("deal the next hand only once this one is over"),
}


class TableError(Exception):
    """A request the server refuses; nothing was changed.

    Attributes:
        status: the HTTP status (400 bad request, 403 wrong code, 404 unknown table, 409 not now,
            413 too large, 429 too many).
        message: what is wrong, for people.
        rule: the rule at fault: a rules.md item for an illegal action, else a ``server.md`` item.
    """

    def __init__(self, status: int, message: str, rule: str, *, rule_name: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        #: The name of the broken rule: in the game's rule table (``"follow-suit"``) when the
        #: engine gave one, or one of :data:`SERVER_RULES`.
        self.rule_name = rule_name
        #: The message and the rule as a learner reads them, in the language in use when refused:
        #: ``"C cannot play 10♦: must follow ♥: … (rule 7 of Five Hundred)"`` and ``"rule 7 of
        #: Five Hundred"`` (:func:`cardkit.display.plain_rule`); a server.md rule stays as it is.
        self.rule_words = rule_words(rule) if rule.startswith("rules.md ") else None
        self.plain = plain_rule(message)[0] if self.rule_words is not None else message
        #: The rule's card (:func:`cardkit.rulecards.rule_card`), in the language in use when refused.
        self.card = rule_card(*found) if (found := item_of(rule)) is not None else None

    def body(self) -> dict[str, str]:
        """The JSON body sent to the client: ``{"error": message, "rule": rule}``, and for a rule
        of the game ``"plain"``, ``"rule_words"`` and ``"rule_name"`` (docs/server.md §4), and
        ``"rule_heading"`` and ``"rule_text"``: the rule's card that the rule's words open."""
        out = {"error": self.message, "rule": self.rule}
        if self.rule_words is not None:
            out["plain"], out["rule_words"] = self.plain, self.rule_words
        if self.card is not None:
            out["rule_heading"], out["rule_text"] = self.card.heading, self.card.words
        if self.rule_name is not None:
            out["rule_name"] = self.rule_name
        return out


def speaking(lang: str) -> AbstractContextManager[None]:
    """``with speaking(lang):`` makes the messages of the block in ``lang`` (see
    :func:`cardkit.i18n.language`); nothing to do when ``lang`` is in use already.

    Raises:
        ValueError: a language the kit has no catalog for.
    """
    return nullcontext() if lang == get_language() else language(lang)


def new_code() -> str:
    """An unguessable code (128 random bits from :mod:`secrets`, URL-safe text)."""
    return secrets.token_urlsafe(16)


def name_fault(name: str) -> str | None:
    """What is wrong with a seat name people will read, or ``None``: a control character (a line
    break, an escape) or a bidirectional control.

    >>> name_fault("Ana"), name_fault("A\u202eevil") is not None
    (None, True)
    """
    for ch in name:
        if ch in BIDI_CONTROLS:
            return _("a name may not hold a character that turns the text around (U+{code:04X})").format(code=ord(ch))
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return _("a name may not hold a control character (U+{code:04X})").format(code=ord(ch))
    return None


def deal_seed(secret: bytes, typed: int) -> int:
    """The shuffles' seed of a seed the teacher typed: HMAC-SHA256 of the number under the server's
    secret, cut to :data:`SEED_BITS` bits. The same number deals the same cards on the same server
    (a class can replay a deal), and nobody who learns the number, a student included, can work the
    deal out without the secret (docs/server.md §3).

    >>> deal_seed(b"k" * 32, 7) == deal_seed(b"k" * 32, 7) != deal_seed(b"j" * 32, 7)
    True
    """
    digest = hmac.new(secret, str(int(typed)).encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[:SEED_BITS // 8], "big")


def new_table_id() -> str:
    """A table id: 64 random bits, URL-safe (the codes, not the id, guard the table)."""
    return secrets.token_urlsafe(8)


def _json_default(x: Any) -> Any:
    """What :func:`json.dumps` writes for the engine's values: cards and suits as text, tricks as dicts."""
    if isinstance(x, (Card, Suit)):
        return str(x)
    if isinstance(x, Trick):
        return {"leader": x.leader, "plays": [[s, str(c)] for s, c in x.plays],
                "led": None if x.led_suit is None else str(x.led_suit), "winner": x.winner}
    if isinstance(x, (set, frozenset)):
        return sorted(x, key=str)
    return str(x)


class Room:
    """One table: its rules, replay cursor, seats' codes and steps.

    Build it with :meth:`create` (a new table, stored) or :meth:`restore` (from the store, by
    replaying its steps through the engine).
    """

    def __init__(self, row: TableRow, store: Store) -> None:
        self.row = row
        self.id = row.id
        self.store = store
        self.game: Game = find_game(row.game, row.players, names=row.names, **row.options)
        self.computer = sorted(set(row.computer))
        self.players: dict[int, Player] = {}
        #: The table's hands and actions; its position is always the end of its script.
        self.replay = Replay(self.game, seed=row.seed)
        self.steps: list[tuple[int, str]] = []
        self._by_code = {c.encode("ascii"): s for s, c in enumerate(row.codes)}
        self._teacher = row.teacher.encode("ascii")
        #: When the table last took a step (or was made), Unix seconds: tables expire after it.
        self.last = row.last or time.time()
        self._cache: dict[tuple[int | None, str, bool], tuple[int, str]] = {}
        self._log: dict[tuple[int | None, str], tuple[int, list[str]]] = {}
        #: How many of the hand's notes (the view's :meth:`~cardkit.game.View.notes`) stood after
        #: each step of the hand's log: where a note (501's talon turned up) enters the log.
        self._notes_at: list[int] = []
        #: Only the teacher deals the next hand (a class table unless the class goes on alone).
        self.teacher_deals = False
        #: The teacher has paused the class: every action is refused, computer players wait.
        self.paused = False
        self._every: list[Action] | None = None
        for seat, text in row.steps:
            self._carry_out(seat, text)
        self._make_players()

    # ------------------------------------------------------------ building

    @classmethod
    def create(cls, store: Store, game: str, players: int | None = None, options: dict[str, Any] | None = None,
               computer: Sequence[int] = (), seed: int | None = None, names: Sequence[str] | None = None) -> Room:
        """A new table, stored before it is returned.

        Raises:
            TableError: as :meth:`new_row`.
        """
        row = cls.new_row(game, players, options, computer, seed, names)
        store.add_table(row)
        return cls(row, store)

    @staticmethod
    def new_row(game: str, players: int | None = None, options: dict[str, Any] | None = None,
                computer: Sequence[int] = (), seed: int | None = None, names: Sequence[str] | None = None,
                class_id: str | None = None) -> TableRow:
        """The row of a new table, checked, with new codes (not stored yet).

        Raises:
            TableError: (400) an unknown game, option or player count, a computer seat that is not
                a seat, or every seat a computer.
        """
        options = dict(options or {})
        try:
            g = find_game(str(game), players, names=list(names) if names else None, **options)
        except (CardkitError, TypeError) as e:
            raise TableError(400, str(e), "server.md §3") from None
        seats = list(computer)
        if any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < g.players for s in seats):
            raise TableError(400, _("computer seats must be seat numbers from 0 to {last}: {seats}").format(
                last=g.players - 1, seats=repr(seats)), "server.md §3")
        if len(set(seats)) == g.players:
            raise TableError(400, _("every seat is a computer player: leave at least one seat for a student"),
                             "server.md §3")
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**SEED_BITS:
            raise TableError(400, _("seed must be a whole number from 0 to 2**128 - 1, not {seed}").format(
                seed=repr(seed)[:40]), "server.md §3")
        codes = [new_code() for _ in range(g.players)]
        now = time.time()
        return TableRow(new_table_id(), g.name, g.players, dict(g.options), list(g.names), seed, sorted(set(seats)),
                        new_code(), codes, [], now, now, class_id)

    @classmethod
    def restore(cls, row: TableRow, store: Store) -> Room:
        """The table of a stored row, at the step of its last stored action."""
        return cls(row, store)

    def _make_players(self) -> None:
        from ..registry import find_player

        for s in self.computer:  # the player kind the game declares for computer seats
            self.players[s] = find_player(self.game, self.game.default_player, seed=self.row.seed * 10 + s)

    # ------------------------------------------------------------ who is who

    @property
    def everyone(self) -> int:
        """The viewer number of the whole class (the projector with the hands hidden): a viewer
        that holds no seat, so that the engine's ``view`` and ``describe`` show it only what every
        seat may see (the cards played, the talon once turned up, no give's card)."""
        return self.game.players

    def who(self, code: Any) -> int | None:
        """The seat a code belongs to, or ``None`` for the teacher's code.

        Every code is compared in constant time (:func:`secrets.compare_digest`), the teacher's and
        each seat's, whichever matches.

        Raises:
            TableError: (403) a missing or wrong code, or one that is not a code's shape (longer
                than :data:`MAX_CODE` characters, or not ASCII).
        """
        if not isinstance(code, str) or not code:
            raise TableError(403, _("give this table's code (?code=...)"), "server.md §2")
        if len(code) > MAX_CODE or not code.isascii():
            raise TableError(403, _("this code is not one of this table's codes"), "server.md §2")
        given = code.encode("ascii")
        found: int | None = -1
        if secrets.compare_digest(given, self._teacher):
            found = None
        for c, s in self._by_code.items():
            if secrets.compare_digest(given, c):
                found = s
        if found == -1:
            raise TableError(403, _("this code is not one of this table's codes"), "server.md §2")
        return found

    def seats(self) -> list[dict[str, Any]]:
        """Each seat's number, name, code (``None`` for a computer seat) and whether a computer plays it."""
        return [{"seat": s, "name": n, "code": None if s in self.computer else self.row.codes[s],
                 "computer": s in self.computer} for s, n in enumerate(self.game.names)]

    # ------------------------------------------------------------ state

    @property
    def state(self) -> State:
        """The hand in play (or the last one, when it is over)."""
        return self.replay.state

    def is_over(self) -> bool:
        """True once the match has an outcome (rules.md 501 §11, 500 §12)."""
        return self.replay.outcome is not None

    @property
    def step(self) -> int:
        """How many steps (actions and new deals) the table has taken."""
        return len(self.steps)

    def can_deal(self) -> bool:
        """True when the hand is over and the match is not: the next step may deal the next hand."""
        return self.state.is_terminal() and not self.is_over()

    def computer_to_act(self) -> int | None:
        """The computer seat to act now, or ``None`` (also while the teacher has paused the class)."""
        if self.paused:
            return None
        p = self.state.current_player()
        return p if p is not None and p in self.players else None

    # ------------------------------------------------------------ acting

    def act(self, viewer: int | None, text: Any, step: Any = None) -> None:
        """Carry out ``text`` for ``viewer`` (a seat, or ``None`` for the teacher) and store it.

        ``step``, when given, is the step the client last saw: a request made on an older view is
        refused, so two clicks sent at once for one seat apply exactly once. A seat's action refused
        409 by the rules or for its turn (``rules.md`` items, ``server.md §4``) is stored as a
        refusal, for the teacher's page (:meth:`Store.add_refusal`).

        Raises:
            TableError: (400) not an action; (409) a stale step, not this seat's turn, the hand is
                over, illegal by the rules (``rule`` names the rules.md item), the class paused, or
                the next hand asked by a seat where only the teacher deals it. Nothing changes.
        """
        try:
            self._act(viewer, text, step)
        except TableError as e:
            if viewer is not None and e.status == 409 and (e.rule.startswith("rules.md") or e.rule == "server.md §4"):
                try:
                    self.store.add_refusal(self.id, viewer, e.rule, e.rule_name)
                except sqlite3.Error:  # a count for the teacher: the refusal is answered all the same
                    pass
            raise

    def _act(self, viewer: int | None, text: Any, step: Any) -> None:
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise TableError(400, _("\"action\" must be an action's text, e.g. \"pass\" or \"play 10♥\""),
                             "server.md §4")
        if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
            raise TableError(400, _("\"step\" must be a whole number, not {step}").format(step=repr(step)),
                             "server.md §4")
        if step is not None and step != self.step:
            raise TableError(409, _("the table has moved on (step {now}, your view was of step {step}): "
                                    "look again").format(now=self.step, step=step), "server.md §5")
        if self.paused:
            raise TableError(409, _("the teacher has paused the class: wait until the teacher goes on"),
                             "server.md §10")
        text = " ".join(text.split())
        if text.lower() == NEXT_HAND:
            if viewer is not None and self.teacher_deals:
                raise TableError(409, _("the teacher deals the next hand at this table, after the class has "
                                        "looked at the score"), "server.md §10")
            if not self.can_deal():
                why = _("the match is over") if self.is_over() else _("the hand is not over yet")
                raise TableError(409, _("no new deal now: {why}").format(why=why), "server.md §4",
                                 rule_name="deal-when-over")
            self._commit(TEACHER if viewer is None else viewer, NEXT_HAND)
            return
        if viewer is None:
            raise TableError(403, _("the teacher's code watches the table; it does not play a seat"),
                             "server.md §2")
        to_act = self.state.current_player()
        if to_act is None:
            raise TableError(409, _("the hand is over: the next step is \"{next}\"").format(next=_(NEXT_HAND)),
                             "server.md §4", rule_name="hand-is-over")
        if viewer != to_act:
            raise TableError(409, _("it is {name}'s turn, not {you}'s").format(
                name=self.game.names[to_act], you=self.game.names[viewer]), "server.md §4", rule_name="out-of-turn")
        if viewer in self.players:
            raise TableError(403, _("a computer player holds this seat"), "server.md §2")
        self._commit(viewer, text)

    def computer_step(self) -> bool:
        """Let the computer seat to act, if any, take its action; True if one was taken."""
        seat = self.computer_to_act()
        if seat is None:
            return False
        action = self.players[seat].choose(self.state.clone()).action
        self._commit(seat, str(action))
        return True

    def _commit(self, seat: int, text: str) -> None:
        """Check and carry out a step in memory, store it, and roll back the memory if storing fails."""
        try:
            canonical = self._carry_out(seat, text)
        except IllegalActionError as e:
            raise TableError(409, str(e), e.rule, rule_name=e.rule_name) from None
        except CardkitError as e:
            raise TableError(400, str(e), "server.md §4") from None
        try:
            self.store.add_step(self.id, self.step, seat, canonical)
        except sqlite3.Error:
            if self.id not in self.store.table_ids():  # deleted from the database meanwhile
                raise TableError(404, _("this table has been deleted"), "server.md §3") from None
            self._rebuild()
            raise TableError(409, _("the action could not be stored; nothing was changed"), "server.md §5") from None

    def _carry_out(self, seat: int, text: str) -> str:
        """Apply one step at the end of the replay (the engine checks it); its canonical text."""
        if text == NEXT_HAND:
            self.replay.next_hand()
            self._log.clear()
            self._notes_at = []
            canonical = NEXT_HAND
        else:
            canonical = str(self.replay.apply(text))
            self._notes_at.append(len(self.state.view(None).notes(self.game.names)))
        self.steps.append((seat, canonical))
        self._cache.clear()
        self.last = time.time()
        return canonical

    def _rebuild(self) -> None:
        """Rebuild the match from the stored steps (after a failed write)."""
        fresh = Room(TableRow(self.row.id, self.row.game, self.row.players, self.row.options, self.row.names,
                              self.row.seed, self.row.computer, self.row.teacher, self.row.codes,
                              self.store_steps(), self.row.created, self.last), self.store)
        self.replay, self.steps, self._cache, self._log = fresh.replay, fresh.steps, {}, {}
        self._notes_at = fresh._notes_at

    def store_steps(self) -> list[tuple[int, str]]:
        """The steps stored for this table."""
        return [(s, a) for s, a in self.store.db.execute(
            "SELECT seat, action FROM steps WHERE table_id = ? ORDER BY n", (self.id,))]

    # ------------------------------------------------------------ what each seat sees

    def view(self, viewer: int | None, lang: str = "en", *, teacher: bool = False) -> dict[str, Any]:
        """The view :meth:`message` sends ``viewer`` in ``lang``, as plain JSON values."""
        return dict(json.loads(self.message(viewer, lang, teacher=teacher))["view"])

    def _view(self, viewer: int | None, lang: str, teacher: bool) -> dict[str, Any]:
        """What ``viewer`` (a seat, ``None`` for the teacher, or :attr:`everyone` for the projector
        with the hands hidden) is sent: built from the engine's ``view(viewer)``,
        ``describe(…, viewer)`` and ``notes`` only. The cards of a visible hand come as a hand is
        held (:func:`cardkit.display.held_order`: by suit, trumps first once they stand).

        Keys: ``table``, ``game``, ``title``, ``players``, ``names``, ``seat``, ``step``, ``hand``
        (its number), ``dealer``, ``to_act``, ``phase``, ``hands`` (``{seat: [cards] | count}``),
        ``talon`` (``[cards] | count``; 501's talon, Five Hundred's kitty), ``talon_word`` (the
        game's word for it), ``trick`` (the trick in
        progress, or ``None``), ``tricks`` (complete tricks), ``calls``, ``scores`` (running, after
        the hand once it is over), ``returns``, ``summary``, ``legal`` (action texts, for the seat
        to act only; ``["next hand"]`` for everyone between hands, for the teacher only at a table
        where the teacher deals, :attr:`teacher_deals`), ``log`` (this hand's steps as
        the viewer may read them), what the game's view declares (``badges`` and ``tallies`` per
        seat, ``notes``, ``score_rows``, ``talon_turned_up``: ``{"cards", "by"}`` or ``None``; see
        :class:`cardkit.game.View`), ``groups`` (:func:`group_json`), ``computer``, ``over``,
        ``outcome``; :attr:`everyone`'s view has ``seat`` ``None``. Only a view asked for with the
        teacher's code (``viewer`` ``None``, or ``teacher`` true: the projector with the hands
        hidden) has ``seats``, each seat's code: a seat's view never holds another seat's code or the
        teacher's, whatever it asks to see (docs/server.md §2).

        In a language other than English (``lang``, one of :data:`cardkit.i18n.LANGUAGES`; the
        caller has switched to it) the texts people read (``title``, ``talon_word``, ``summary``,
        ``log``, ``outcome``) are in that language, and ``labels`` gives each ``legal`` action as
        people read it there; ``legal`` keeps the actions' own (English) text, which is what acting
        takes.
        """
        st = self.state
        v = st.view(viewer)
        done = st.is_terminal()
        names = self.game.names
        acts: list[Action] = []
        legal: list[str] = []
        if done:
            if self.can_deal() and (viewer is None or teacher or not self.teacher_deals):
                legal = [NEXT_HAND]
        elif viewer is not None and v.current_player == viewer and viewer not in self.players:
            acts = st.legal_actions()
            legal = [str(a) for a in acts]
        turned = v.talon_turned_up()
        out: dict[str, Any] = {
            "table": self.id, "game": self.game.name, "title": _(self.game.title), "players": self.game.players,
            "names": list(self.game.names), "seat": None if viewer == self.everyone else viewer, "step": self.step,
            "hand": self.replay.cursor[0] + 1, "dealer": v.dealer, "to_act": v.current_player, "phase": v.phase,
            "hands": {str(s): h if isinstance(h, int) else held_order(st, h) for s, h in enumerate(v.hands)},
            "talon": v.talon, "talon_word": self.game.talon_word, "trick": v.current_trick, "tricks": v.tricks,
            "calls": [(s, str(a)) for s, a in v.calls],
            "scores": st.scores_after() if done else list(v.scores), "returns": st.returns() if done else None,
            "summary": st.summary(), "legal": legal,
            "log": self._log_lines(viewer, lang),
            "badges": [v.badges(s) for s in range(self.game.players)],
            "tallies": [v.tally(s) for s in range(self.game.players)],
            "notes": v.notes(names), "score_rows": v.score_rows(names),
            "talon_turned_up": None if turned is None else {"cards": turned[0], "by": turned[1]},
            "groups": group_json(self.game.action_groups(acts)) if acts else next_hand_group(legal),
            "computer": list(self.computer), "over": self.is_over(),
            "outcome": self.replay.outcome.result(self.game.names) if self.replay.outcome else None,
        }
        seat = None if viewer is None or viewer == self.everyone else viewer
        own = out["hands"][str(seat)] if seat is not None else None
        out["hand_actions"] = self._hand_actions(own, acts) if isinstance(own, list) and not done else []
        out["pick"] = self._together(seat, acts) if seat is not None else 0
        out["partners"] = [] if seat is None else [s for u in self.game.units if seat in u for s in u if s != seat]
        out["sides"] = self._sides(v.tricks, out["scores"], out["returns"])
        self._offer_all(out["groups"], acts)
        if viewer is None or teacher:
            out["seats"] = self.seats()
        if lang != "en":
            out["talon_word"] = _(self.game.talon_word)
            out["labels"] = [a.translated() for a in acts] if acts else [_(a) for a in legal]
        return out

    def _hand_actions(self, hand: list[Card], legal: list[Action]) -> list[dict[str, Any]]:
        """Each card of the seat's own ``hand`` with the action a click on it takes in this phase,
        legal or not: the game's own card action of the phase (a legal action of the seat to act
        whose :attr:`~cardkit.game.Action.form` is ``"cards"``) made with that card
        (:meth:`~cardkit.game.Action.with_card`). ``{"card", "action", "label", "legal"}``, in the
        hand's order; empty in a phase where no card is played, given or buried. A click out of
        turn is sent too: the server's refusal says whose turn it is (docs/server.md §8)."""
        pool = legal or self.state.legal_actions()
        like = next((a for a in pool if a.form == "cards" and not a.special and a.card is not None), None)
        if like is None:
            return []
        allowed = {str(a) for a in legal}
        out = []
        for c in hand:
            a = like.with_card(c)
            out.append({"card": str(c), "action": str(a), "label": a.words(), "legal": str(a) in allowed})
        return out

    def _together(self, seat: int, legal: list[Action]) -> int:
        """How many cards ``seat`` chooses at once and confirms together (an action kind that
        declares :attr:`~cardkit.game.Action.together`: Five Hundred's burial of three, rules.md
        500 §5): the run of such actions the engine will ask of it in a row, counted on a copy of
        the hand; 0 when the seat chooses one card at a time, or is not to act."""
        like = next((a for a in legal if a.together), None)
        if like is None:
            return 0
        st, n = self.state.clone(), 0
        while st.current_player() == seat and n < MAX_TOGETHER:
            nxt = next((a for a in st.legal_actions() if type(a) is type(like)), None)
            if nxt is None:
                break
            st.apply_action(nxt)
            n += 1
        return n

    def _sides(self, tricks: Sequence[Trick], scores: Sequence[int],
               returns: Sequence[int] | None) -> list[dict[str, Any]]:
        """The game's scoring units (:attr:`~cardkit.game.Game.units`) when seats share a score
        (Five Hundred's partners, rules.md 500 §1, §10): each unit's ``seats``, ``score``, the hand's
        ``change`` (``None`` until it is over) and the ``tricks`` its seats have taken; empty when
        every seat scores alone."""
        units = self.game.units
        if all(len(u) == 1 for u in units):
            return []
        return [{"seats": list(u), "score": scores[u[0]], "change": None if returns is None else returns[u[0]],
                 "tricks": sum(1 for t in tricks if t.winner in u)} for u in units]

    def _offer_all(self, groups: list[dict[str, Any]], legal: list[Action]) -> None:
        """Give each ``"choice"`` group of a ladder (a kind whose actions declare amounts, at most
        :data:`MAX_OFFERED` in all) ``every``: each action of its kind in the game's order, legal now or not (``action``,
        ``label``, ``amount``, ``choice``, ``choice_label``, ``legal``), so that a page can lay out
        the whole ladder (Five Hundred's bids, rules.md 500 §4) and a learner who picks a bid too
        low reads the refusal."""
        allowed = {str(a) for a in legal}
        for g, group in zip(groups, self.game.action_groups(legal)):
            if g["kind"] != "choice":
                continue
            kind = type(group.actions[0])
            every = [a for a in self._space() if type(a) is kind]
            if len(every) <= MAX_OFFERED and any(a.amount is not None for a in every):  # a ladder, not a call
                g["every"] = [{"action": str(a), "label": a.words(), "amount": a.amount, "choice": a.choice,
                               "choice_label": a.choice_words(), "legal": str(a) in allowed} for a in every]

    def _space(self) -> list[Action]:
        """The game's every action (:meth:`~cardkit.game.Game.action_space`), made once."""
        if self._every is None:
            try:
                self._every = self.game.action_space()
            except CardkitError:
                self._every = []
        return self._every

    def view_json(self, viewer: int | None, lang: str = "en", *, teacher: bool = False) -> str:
        """The JSON text of :meth:`view` (the inside of :meth:`message`, not parsed again)."""
        text = self.message(viewer, lang, teacher=teacher)
        assert text.startswith('{"view": ') and text.endswith("}")
        return text[len('{"view": '):-1]

    def _log_lines(self, viewer: int | None, lang: str) -> list[str]:
        """This hand's steps as ``viewer`` may read them (the engine's ``describe``; rules.md 501
        §7, 500 §5) in ``lang``, each line made once and kept until the next hand.

        After a step's line come the notes of the view (:meth:`~cardkit.game.View.notes`) that
        the step added and that name a card its line does not: 501's talon, turned up for all
        when the bidder takes it (rules.md 501 §7), "B turned up the talon and took it: A♠ Q♥ K♠";
        a note that only repeats its step (a give, a marriage) is left out."""
        done, lines = self._log.get((viewer, lang), (0, []))
        log = self.replay.log
        if done < len(log):
            st = self.state
            notes = st.view(viewer).notes(self.game.names)
            for i in range(done, len(log)):
                seat, a = log[i]
                line = st.describe(a, seat, viewer)
                lines.append(line)
                before = self._notes_at[i - 1] if i > 0 else 0
                named = set(_CARD.findall(line))
                lines.extend(n for n in notes[before:self._notes_at[i]] if set(_CARD.findall(n)) - named)
            self._log[viewer, lang] = (len(log), lines)
        return list(lines)

    def message(self, viewer: int | None, lang: str = "en", *, teacher: bool = False) -> str:
        """The JSON text of ``{"view": view(viewer)}`` in ``lang`` (``"en"`` or ``"es"``), made
        once per step, viewer, language and code (``teacher``: asked with the teacher's code).

        Raises:
            ValueError: a language the kit has no catalog for.
        """
        teacher = teacher or viewer is None
        hit = self._cache.get((viewer, lang, teacher))
        if hit is not None and hit[0] == self.step:
            return hit[1]
        with speaking(lang):
            text = json.dumps({"view": self._view(viewer, lang, teacher)}, ensure_ascii=False, default=_json_default)
        self._cache[viewer, lang, teacher] = (self.step, text)
        return text

    def record(self) -> str:
        """The match's record in the kit's format (:mod:`cardkit.records`), for ``cardkit replay``."""
        from ..records import dumps

        return dumps(self.replay.match, title=f"Table {self.id}")


def group_json(groups: Sequence[ActionGroup]) -> list[dict[str, Any]]:
    """The action groups of a view (:meth:`cardkit.game.Game.action_groups`) as a page renders
    them: each group's ``kind``, ``verb``, ``label`` (the verb in the language in use) and
    ``actions``, each the index ``i`` of its text in the view's ``legal`` (and ``labels``) with
    what it declares: ``amount``, ``choice`` and ``choice_label`` where it has them, and, for a
    card of the seat's own hand (the ``"cards"`` and ``"special"`` groups), ``card`` and
    ``detail`` (a marriage, a suit named)."""
    out, i = [], 0
    for g in groups:
        items = []
        for a in g.actions:
            item: dict[str, Any] = {"i": i}
            i += 1
            if a.amount is not None:
                item["amount"] = a.amount
            if a.choice is not None:
                item["choice"], item["choice_label"] = a.choice, a.choice_words()
            if g.kind in ("cards", "special") and a.card is not None:
                item["card"], item["detail"] = str(a.card), a.detail_words()
            items.append(item)
        out.append({"kind": g.kind, "verb": g.verb, "label": g.label(), "actions": items})
    return out


def next_hand_group(legal: Sequence[str]) -> list[dict[str, Any]]:
    """The one button between hands (``["next hand"]``), or no group."""
    if not legal:
        return []
    return [{"kind": "buttons", "verb": "next", "label": _(NEXT_HAND), "actions": [{"i": 0}]}]


Listener = Callable[[Room], None]
