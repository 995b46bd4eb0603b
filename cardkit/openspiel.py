"""Both games as OpenSpiel games: ``python_cardkit_501`` and ``python_cardkit_500``.

Importing this module registers the two games with ``pyspiel.register_game`` (it needs the
optional extra ``openspiel``: ``pip install -e '.[openspiel]'``). Then any OpenSpiel algorithm can
load them by name, with the table size and the rule options as game parameters::

    >>> import pyspiel
    >>> import cardkit.openspiel
    >>> game = pyspiel.load_game("python_cardkit_500(players=5,call_holder=surfaces)")
    >>> game.num_players(), game.get_type().information.name
    (5, 'IMPERFECT_INFORMATION')

How the kit's hand maps onto OpenSpiel's verbs:

- **Chance.** The deal is explicit chance: the pack is filled position by position, in deal order
  (rules.md 501 §4, 500 §3), each outcome being a card not yet dealt. Outcome ``i`` is the ``i``-th
  distinct card of the game's unshuffled pack (:meth:`Game.new_pack`); identical cards (the
  improvised six-hand pack's second 2s, 3s and red 4s, rules.md 500 §2) are one outcome, with
  probability copies left / cards left, so a pack of 63 cards has 53 outcomes. The
  dealer is the game parameter ``dealer`` (0 by default); every seat starts from the game's
  initial scores.
- **Actions.** Every action the game can ever take has a fixed integer: :class:`ActionCodec` lists
  them (:meth:`ActionCodec.encode` / :meth:`ActionCodec.decode` round-trip with the readable
  actions, ``"bid 80"``, ``"play KS marriage"``, ``"bury 5S"``, ``"play Jo naming ♥"``).
- **Why 501's contract is one action.** ``num_distinct_actions`` is 989 for 501♠ (3 or 4 seats):
  pass, look, abandon (3), the bids 66..220 (155), the declarations, trump (♠ ♣ ♦ ♥ or no trump)
  by contract 66..220 (5 × 155 = 775), then per card its give (24), its play (24) and a king's or
  queen's play declaring the marriage (8). Five Hundred: 137, 167, 197, 227 for 3 to 6 seats (197
  with the improvised six-hand pack, whose doubled cards share an action). The declaration stays
  one action because the engine's rules take it as one (rules.md 501 §7: a trump and a contract
  at least the bid, announced together); splitting it into trump then amount would add a phase
  with a half-made contract the engine does not have, and the records and tables read it whole.
- **Length.** ``max_chance_nodes_in_history`` is the pack (24; 33, 43, 53, 63);
  ``max_game_length`` adds :meth:`Game.max_actions`, the longest hand each game proves from its
  rules (501♠: 187, reached by bidding up one point at a time; Five Hundred: 63, 74, 86, 96).
- **Rewards.** General-sum, at the end of the hand: each seat's score change, with the sign that
  makes higher better. Five Hundred's change is its own sign; 501♠ scores count down
  (rules.md 501 §10), so its reward is minus the change.
- **Information.** ``observation_string(p)`` is what seat ``p`` may see now (the engine's
  :meth:`State.view`, so a seat never sees what the rules hide from it); ``information_state_string(p)``
  adds the seat's own dealt cards (once it has seen them) and the transcript of the hand as ``p``
  may read it (:meth:`State.describe`: 501's gives and Five Hundred's buried cards stay face down).
- **Tensors.** ``information_state_tensor(p)`` and ``observation_tensor(p)`` are the same two
  views as numbers, of a fixed length per table (:class:`cardkit.tensors.TensorLayout`; the slices
  are listed in docs/openspiel.md), so learning agents and ``rl_environment`` can attach.
- **Resampling.** ``resample_from_infostate(p, sampler)`` deals the cards hidden from ``p`` again,
  consistently with what ``p`` has seen, with the engine's sampler, and returns a whole state of
  that deal (:func:`~cardkit.players.resample.resample_whole`, :meth:`State.redealt`: the hand
  replayed through the rules from a pack, the face-down actions ``p`` did not see drawn again):
  its ``history()`` and ``serialize()`` deal the sampled cards, and the other seats' strings and
  tensors show them; ``p``'s own are unchanged. During the deal the dealt cards are drawn again.
- **Copies.** ``state.clone()`` is copy-on-write: the copy shares the engine's state with the
  original until either applies an action, which then takes its own copy (:meth:`State.clone`).
  A state keeps, per position, its legal action numbers and the view texts it has written, and per
  seat the transcript lines (an action's line never changes once it is taken), so the strings of a
  position reached by play cost the view and the new lines only. The engine still decides every
  rule and writes every word; ``benchmarks/bench_openspiel.py`` times all this beside euchre
  (docs/openspiel.md, "Costs", has one run's figures).
- **Saving.** ``state.serialize()`` is plain text (the game's parameters and the action numbers)
  and ``game.deserialize_state(text)`` replays it through the engine's checks; no code runs on
  loading. (OpenSpiel's C++ side, e.g. ``pyspiel.random_sim_test``, uses its own pickled form.)

The engine's state of a position is :func:`engine_state`; :func:`from_engine` goes the other way,
from a kit :class:`~cardkit.game.State` (its pack and history) to an OpenSpiel state.
"""

from __future__ import annotations

import base64
import pickle
import random
from collections import Counter
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError("cardkit.openspiel needs OpenSpiel: pip install -e '.[openspiel]' "
                      "(the package open_spiel)") from e

from .cards import Card, Cards
from .errors import CardkitError
from .game import Action, Game, State, View, deal_cards
from .registry import GAMES, find_game
from .tensors import Floats, TensorLayout
from .players.resample import resample, resample_whole

def short_name(name: str) -> str:
    """The OpenSpiel registry name of the kit's game ``name`` (``Game.name``): ``python_cardkit_NAME``."""
    return f"python_cardkit_{name}"


#: The OpenSpiel short names of the kit's games (:data:`cardkit.registry.GAMES`), by the kit's game name.
SHORT_NAMES = {g.name: short_name(g.name) for g in GAMES}
#: Size limit of a saved state's text (characters), checked before anything is read.
MAX_SERIALIZED = 100_000


# ---------------------------------------------------------------- the action codec


class ActionCodec:
    """The integer of every action of ``game`` (a fixed list; the same for every hand of the table).

    >>> from cardkit.game501 import Game501
    >>> codec = ActionCodec(Game501())
    >>> codec.decode(codec.encode("bid 80"))
    Bid.parse('bid 80')
    >>> codec.encode("play KS marriage") == codec.encode(codec.decode(codec.encode("play KS marriage")))
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: list[Action] = game.action_space()
        #: The largest score change of a hand (the game's declared :attr:`~cardkit.game.Game.max_change`).
        self.max_change = game.max_change
        self.index: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self.index:
                raise CardkitError(f"the action {a} is listed twice")
            self.index[a] = i

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action | str) -> int:
        """The integer of ``action`` (an action or its text).

        Raises:
            InvalidActionError: the text is not an action of this game.
            CardkitError: an action this table can never take (e.g. a card not in its pack).
        """
        a = self.game.parse_action(action)
        try:
            return self.index[a]
        except KeyError:
            raise CardkitError(f"{a} is not an action of this table ({self.game.title}, "
                               f"{self.game.players} players)") from None

    def decode(self, number: int) -> Action:
        """The action numbered ``number``. Raises :class:`CardkitError` outside ``0..len-1``."""
        if not isinstance(number, int) or not 0 <= number < len(self.actions):
            raise CardkitError(f"action number {number!r}: use 0 to {len(self.actions) - 1}")
        return self.actions[number]


# ---------------------------------------------------------------- parameters


def _param(option: str) -> str:
    return option.replace("-", "_")


@lru_cache(maxsize=None)
def _defaults(name: str) -> dict[str, Any]:
    base = find_game(name)
    spec: dict[str, Any] = {"players": base.players, "dealer": 0}
    for k, v in base.options.items():
        spec[_param(k)] = v
    return spec


@lru_cache(maxsize=64)
def _table(name: str, params: tuple[tuple[str, Any], ...]) -> tuple[Game, ActionCodec, tuple[Card, ...]]:
    opts = dict(params)
    players = int(opts.pop("players"))
    opts.pop("dealer")
    game = find_game(name, players, **{k.replace("_", "-"): v for k, v in opts.items()})
    return game, ActionCodec(game), tuple(dict.fromkeys(game.new_pack()))


class _Table:
    """The kit's side of one OpenSpiel game: the rules, the codec, the pack. Shared by every state
    of the game (a state's copy keeps the same table); pickles as its game's name and parameters."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = dict(params)
        #: ``pack``: the distinct cards of the game's pack in pack order, chance outcome ``i``
        #: dealing ``pack[i]``; ``copies[i]``: how many of it the pack holds (2 for the improvised
        #: six-hand pack's second 2s, 3s and red 4s, else 1); ``size``: the pack's cards.
        self.game, self.codec, self.pack = _table(name, tuple(sorted(params.items())))
        counts = Counter(self.game.new_pack())
        self.copies = tuple(counts[c] for c in self.pack)
        self.size = sum(self.copies)
        self.outcome = {c: i for i, c in enumerate(self.pack)}
        self.dealer = int(params["dealer"])
        if not 0 <= self.dealer < self.game.players:
            raise CardkitError(f"dealer {self.dealer}: use a seat, 0 to {self.game.players - 1}")
        self.targets = self.game.deal_targets(self.dealer)
        self.sign = _gain_sign(self.game)
        #: The number of each of the codec's actions by the action object's identity (the engine
        #: lists the same objects, so no action is hashed); :meth:`number` falls back on equality.
        self.numbers = {id(a): i for i, a in enumerate(self.codec.actions)}

    def number(self, action: Action) -> int:
        """The codec's number of ``action`` (one of the engine's legal actions)."""
        n = self.numbers.get(id(action))
        return self.codec.index[action] if n is None else n

    def numbers_of(self, actions: Sequence[Action]) -> list[int]:
        """The numbers of ``actions``, each once, in increasing order (OpenSpiel's legal list)."""
        get = self.numbers.get
        out = {get(id(a), -1) for a in actions}
        if -1 in out:  # an action object the codec does not hold: by equality
            index = self.codec.index
            out = {index[a] for a in actions}
        return sorted(out)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Table, (self.name, self.params))


def _gain_sign(game: Game) -> int:
    """+1 when a higher score is better, -1 when the game declares scores count down (501♠)."""
    return -1 if game.lower_is_better else 1


#: OpenSpiel's player ids of a chance node and of the end of the hand.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: No Python attributes, in the form OpenSpiel's C++ loading of a Python state reads them (a pickled
#: dict in base 64): :meth:`CardkitState._determinization` sets the state's core itself.
_NO_ATTRIBUTES = base64.b64encode(pickle.dumps({})).decode("ascii")


class _Core:
    """Everything an OpenSpiel state of a kit game holds, in one attribute.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each attribute
    of the old one: one attribute with its own :meth:`__deepcopy__` keeps that to a single call.
    The copy is copy-on-write: both states share the engine's state (``own`` false in both) until
    one of them applies an action, which first takes its own copy (:meth:`State.clone`).

    What is kept between calls is dropped whenever the position changes (:meth:`moved`): the
    legal action numbers and the view texts of this position. The transcript lines (append-only:
    an action, once described for a viewer, reads the same for the rest of the hand) are kept per
    viewer and extended (:func:`_transcript`).
    """

    __slots__ = ("table", "dealt", "left", "state", "own", "seats", "player", "legal", "views", "lines", "deal")

    table: _Table
    dealt: list[int]  # the chance outcomes so far (the distinct cards' positions, in deal order)
    left: list[int]  # by chance outcome: the copies of its card not dealt yet
    state: State | None  # the engine's state once the deal is done
    own: bool  # whether ``state`` is this core's alone (else copy it before changing it)
    seats: list[int]  # the seat of each player action, in order
    player: int  # OpenSpiel's current player
    legal: list[int] | None  # the legal action numbers of this position, once asked
    views: dict[int, tuple[str, bool]]  # by viewer: the view text of this position, own cards seen
    lines: dict[int, tuple[int, str]]  # by viewer: (actions described, their transcript lines)
    deal: dict[int, str] | None  # each seat's "dealt to you" line, once asked

    @classmethod
    def initial(cls, table: _Table) -> _Core:
        """The core of a hand before its first card is dealt."""
        c = cls.__new__(cls)
        c.table = table
        c.dealt = []
        c.left = list(table.copies)
        c.state = None
        c.own = True
        c.seats = []
        c.player = _CHANCE
        c.legal = None
        c.views = {}
        c.lines = {}
        c.deal = None
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        c = _Core.__new__(_Core)
        c.table = self.table
        if self.state is None:  # the deal changes these lists; after it, nothing does
            c.dealt, c.left = list(self.dealt), list(self.left)
        else:
            c.dealt, c.left = self.dealt, self.left
        c.state = self.state
        c.own = self.own = False
        c.seats = list(self.seats)
        c.player = self.player
        c.legal = self.legal  # never changed in place: replaced when the position changes
        c.views = self.views  # likewise
        c.lines = dict(self.lines)  # each copy extends its own
        c.deal = self.deal
        return c

    def owned(self) -> State:
        """The engine's state, this core's own (copied first if it is shared)."""
        st = self.state
        assert st is not None
        if not self.own:
            st = self.state = st.clone()
            self.own = True
        return st

    def moved(self) -> None:
        """The position changed: drop what was kept for the last one."""
        st = self.state
        if st is None:
            self.player = _CHANCE
        else:
            seat = st.current_player()
            self.player = _TERMINAL if seat is None else seat
        self.legal = None
        self.views = {}

    def resampled(self, dealt: list[int], state: State | None, seat: int) -> _Core:
        """The core of a determinization of this hand for ``seat``: the chance outcomes ``dealt``
        and, once the deal is done, the engine's ``state`` (its own). The same seats acted in the
        same order (who acts when is seen by all). Of what is kept between calls only ``seat``'s
        texts carry over: its view and transcript read the same in the resampled hand (the
        resampler keeps what ``seat`` has seen; ``tests/test_openspiel.py`` checks them against a
        fresh reading); the other seats' describe the resampled cards and are written anew."""
        c = _Core.__new__(_Core)
        c.table = t = self.table
        c.dealt = dealt
        left = list(t.copies)
        for i in dealt:
            left[i] -= 1
        c.left = left
        c.state = state
        c.own = True
        c.seats = list(self.seats)
        c.player = self.player
        c.legal = None
        view = self.views.get(seat)
        c.views = {} if view is None else {seat: view}
        line = self.lines.get(seat)
        c.lines = {} if line is None else {seat: line}
        mine = None if self.deal is None else self.deal.get(seat)
        c.deal = None if mine is None else {seat: mine}
        return c


# ---------------------------------------------------------------- game and state


def _table_sizes(name: str) -> tuple[int, ...]:
    """The numbers of players the game declares it can be played by."""
    return tuple(type(find_game(name)).table_sizes)


def _game_type(name: str) -> Any:
    base = find_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardkit {base.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(_table_sizes(name)),
        min_num_players=min(_table_sizes(name)),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(name),
    )


class CardkitGame(pyspiel.Game):
    """One table of a kit game as an OpenSpiel game (see the module doc).

    Args:
        name: the kit's game name, ``"501"`` or ``"500"``.
        params: the game parameters: ``players``, ``dealer`` and the rule options (``-`` written
            ``_``, e.g. ``joker_lead``); missing ones take their defaults.

    Raises:
        UnknownOptionError: a table size or option value the game does not have.
    """

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        full = dict(_defaults(name))
        for k, v in (params or {}).items():
            full[k] = v
        self.table = _Table(name, full)
        t = self.table
        info = pyspiel.GameInfo(
            num_distinct_actions=len(t.codec),
            max_chance_outcomes=len(t.pack),
            num_players=t.game.players,
            min_utility=-float(t.codec.max_change),
            max_utility=float(t.codec.max_change),
            utility_sum=None,
            max_game_length=t.size + t.game.max_actions(),
        )
        super().__init__(_game_type(name), info, full)

    def max_chance_nodes_in_history(self) -> int:
        """The deal: one chance node per card of the pack (24 for 501♠; 33, 43, 53, 63 for Five
        Hundred by table size). ``max_game_length`` is this plus :meth:`Game.max_actions`."""
        return self.table.size

    def new_initial_state(self) -> CardkitState:
        """The hand before the deal: a chance node."""
        return CardkitState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardkitObserver:
        """The observer behind ``observation_string`` / ``observation_tensor`` (not perfect recall)
        and ``information_state_string`` / ``information_state_tensor`` (perfect recall)."""
        recall = isinstance(iig_obs_type, pyspiel.IIGObservationType) and iig_obs_type.perfect_recall
        return CardkitObserver(perfect_recall=recall, layout=tensor_layout(self))

    def deserialize_state(self, text: str) -> CardkitState:
        """The state saved by :meth:`CardkitState.serialize`, replayed through the engine's checks.

        Raises:
            CardkitError: text not written by ``serialize``, over :data:`MAX_SERIALIZED`
                characters, for another game or parameters, or an action illegal where it stands.
        """
        if not isinstance(text, str) or len(text) > MAX_SERIALIZED:
            raise CardkitError(f"a saved state is text of at most {MAX_SERIALIZED} characters")
        lines = text.strip().split("\n")
        if len(lines) != 3 or lines[0] != f"cardkit-openspiel 1 {short_name(self.table.name)}":
            raise CardkitError("not a saved cardkit OpenSpiel state (its first line must be "
                               f"'cardkit-openspiel 1 {short_name(self.table.name)}')")
        if lines[1] != _params_text(self.table.params):
            raise CardkitError(f"the saved state's parameters {lines[1]!r} are not this game's "
                               f"{_params_text(self.table.params)!r}")
        state = self.new_initial_state()
        words = lines[2].split()
        for w in words:
            if not w.lstrip("-").isdigit():
                raise CardkitError(f"saved action {w!r} is not a whole number")
            a = int(w)
            if state.is_terminal() or a not in state.legal_actions():
                raise CardkitError(f"saved action {a} is not legal after {len(state.history())} actions")
            state.apply_action(a)
        return state


def _params_text(params: dict[str, Any]) -> str:
    return ",".join(f"{k}={params[k]}" for k in sorted(params))


class CardkitState(pyspiel.State):
    """A hand of a kit game in OpenSpiel's terms (see the module doc). Build with
    ``game.new_initial_state()`` or :func:`from_engine`."""

    def __init__(self, game: CardkitGame) -> None:
        super().__init__(game)
        self._c = _Core.initial(game.table)  # the only attribute: OpenSpiel's clone copies it (see _Core)

    # -- the engine's side

    @property
    def engine(self) -> State | None:
        """The kit's state of this hand, ``None`` while the deal is in progress. Read it only (a
        clone shares it until one of the two applies an action)."""
        return self._c.state

    @property
    def _table(self) -> _Table:
        """The kit's side of the game: rules, codec, pack."""
        return self._c.table

    @property
    def _dealt(self) -> list[int]:
        """The chance outcomes so far. Read it only."""
        return self._c.dealt

    @property
    def _left(self) -> list[int]:
        """By chance outcome, the copies of its card not dealt yet. Read it only."""
        return self._c.left

    @property
    def _seats(self) -> list[int]:
        """The seat of each player action, in order. Read it only."""
        return self._c.seats

    # -- OpenSpiel API

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` during the deal, ``TERMINAL`` once the hand is over."""
        return self._c.player

    def is_terminal(self) -> bool:
        """True once the hand is over."""
        return self._c.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """True during the deal (as OpenSpiel's own, without the round trip through C++)."""
        return self._c.player == _CHANCE

    def is_player_node(self) -> bool:
        """True when a seat is to act."""
        return self._c.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``, answered here for Python callers (C++ callers reach
        :meth:`_legal_actions` and :meth:`chance_outcomes`, with the same answer): nothing once
        the hand is over, the cards left to deal during the deal (whatever ``player``), else the
        legal action numbers of ``player`` (the seat to act by default; none for another seat)."""
        c = self._c
        if c.player == _TERMINAL:
            return []
        if c.state is None:
            return [i for i, k in enumerate(c.left) if k]
        if player is None or player == c.player:
            return list(self._legal_actions(c.player))
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        c = self._c
        if c.state is None or player != c.player:
            return []
        legal = c.legal
        if legal is None:
            legal = c.legal = c.table.numbers_of(c.state.legal_actions())
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The distinct cards not yet dealt, each with probability copies left / cards left."""
        c = self._c
        total = c.table.size - len(c.dealt)
        return [(i, k / total) for i, k in enumerate(c.left) if k]

    def _apply_action(self, action: int) -> None:
        c = self._c
        if c.state is None:
            t = c.table
            if not 0 <= action < len(c.left) or not c.left[action]:
                card = t.pack[action] if 0 <= action < len(t.pack) else "such card"
                raise CardkitError(f"chance outcome {action}: no {card} left to deal")
            c.left[action] -= 1
            c.dealt.append(action)
            if len(c.dealt) == t.size:
                c.state = t.game.new_hand(t.dealer, t.game.initial_scores(), [t.pack[i] for i in c.dealt])
                c.moved()
            return
        seat = c.player
        actions = c.table.codec.actions
        st = c.state if c.own else c.owned()
        st.apply_action(actions[action] if 0 <= action < len(actions) else c.table.codec.decode(action))
        c.seats.append(seat)
        now = st.current_player()
        c.player = _TERMINAL if now is None else now
        c.legal = None
        c.views = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {self._c.table.pack[action]}"
        return str(self._c.table.codec.decode(action))

    def returns(self) -> list[float]:
        """Each seat's score change with the sign that makes higher better; zeros until the end."""
        c = self._c
        if c.state is None:
            return [0.0] * c.table.game.players
        sign = c.table.sign
        return [float(sign * r) for r in c.state.returns()]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> CardkitState:
        """A copy of this state with the cards hidden from ``player`` dealt again at random,
        consistently with everything ``player`` has seen (see :func:`resample`).

        ``probability_sampler()`` returns a number in [0, 1) (OpenSpiel's sampler); it seeds the deal.
        A determinization is a whole state: its chance outcomes deal the resampled cards (the
        engine's :meth:`State.redealt` also draws again the face-down actions ``player`` did not
        see: 501's gives, Five Hundred's kitty and buried cards), so ``history()``, ``serialize()``
        and the other seats' strings are those of the resampled hand; ``player``'s own strings
        are unchanged. During the deal nobody has seen a card: the dealt cards are drawn again.
        """
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        c = self._c
        t = c.table
        if c.state is None:
            cards = [i for i, k in enumerate(t.copies) for _ in range(k)]
            return self._determinization(c.resampled(rng.sample(cards, len(c.dealt)), None, player))
        eng = resample_whole(c.state, player, rng)
        outcome = t.outcome
        return self._determinization(c.resampled([outcome[x] for x in eng.pack], eng, player))

    def _determinization(self, core: _Core) -> CardkitState:
        """A new state of this game holding ``core``, its history the core's chance outcomes and
        actions. OpenSpiel keeps a state's history on its C++ side, where only applying actions or
        its own loading of a saved state (``Game.deserialize_state`` in C++, given the history and
        no Python attributes) write it: the latter is used, then the core is put in place."""
        t = core.table
        hist = [f"{_CHANCE}:{i}" for i in core.dealt]
        if core.state is not None:
            number = t.number
            hist += [f"{s}:{number(a)}" for s, a in zip(core.seats, core.state.history())]
        text = f"history={','.join(hist)}\nmove_number={len(hist)}\n__dict__={_NO_ATTRIBUTES}"
        new: CardkitState = pyspiel.Game.deserialize_state(self.get_game(), text)
        new._c = core
        return new

    def serialize(self) -> str:
        """Plain text: a header line, the game's parameters, the action numbers (chance included)."""
        t = self._table
        acts = " ".join(str(a) for a in self.history())
        return f"cardkit-openspiel 1 {short_name(t.name)}\n{_params_text(t.params)}\n{acts}"

    def __str__(self) -> str:
        c = self._c
        if c.state is None:
            return f"dealing: {len(c.dealt)} of {c.table.size} cards"
        return _view_text(c.state, None)


class CardkitObserver:
    """OpenSpiel's observer for the kit games: a string and a flat float32 ``tensor`` with named
    views ``dict`` (the slices of :class:`~cardkit.tensors.TensorLayout`, see docs/openspiel.md).

    Args:
        perfect_recall: the information state (all the seat has seen) rather than the observation.
        layout: the table's tensor layout (:func:`tensor_layout`).
    """

    def __init__(self, perfect_recall: bool, layout: TensorLayout) -> None:
        self.perfect_recall = perfect_recall
        self.layout = layout
        self.slices = layout.information if perfect_recall else layout.observation
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] = np.zeros(layout.size(self.slices), np.float32)
        self.dict: dict[str, Floats] = layout.views(self.tensor, self.slices)

    def set_from(self, state: CardkitState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees now or (perfect recall) has seen in ``state``."""
        self.tensor.fill(0)
        c = state._c
        eng = c.state
        if eng is None:
            self.layout.fill_dealing(self.dict, c.table.dealer, player)
        elif self.perfect_recall:
            self.layout.fill_information(self.dict, eng, player, c.seats)
        else:
            self.layout.fill_observation(self.dict, eng, player, c.seats)

    def string_from(self, state: CardkitState, player: int) -> str:
        """What ``player`` may see now, or (perfect recall) all it has seen in this hand: the same
        text as :func:`information_text`, built from what the state keeps between calls."""
        c = state._c
        eng = c.state
        if eng is None:
            return f"seat {player}; dealing: {len(c.dealt)} of {c.table.size} cards"
        kept = c.views.get(player)
        if kept is None:
            v = eng.view(player)
            kept = c.views[player] = (_view_lines(v, eng.game.names), not isinstance(v.hands[player], int))
        if not self.perfect_recall:
            return kept[0]
        text = kept[0]
        if kept[1]:
            text += "\n" + _dealt_line(c, eng, player)
        return text + _transcript(c, eng, player)


def tensor_layout(game: CardkitGame) -> TensorLayout:
    """The tensor layout of ``game``'s table (built once per table and shared)."""
    t = game.table
    return _layout(t.name, tuple(sorted(t.params.items())))


@lru_cache(maxsize=64)
def _layout(name: str, params: tuple[tuple[str, Any], ...]) -> TensorLayout:
    return TensorLayout(_table(name, params)[0])


#: How :func:`_fmt` writes a value of each type met so far: 1 a list or tuple, 2 a set, 3 a dict,
#: 0 anything else (its ``str``); worked out once per type, by ``isinstance``.
_KINDS: dict[type, int] = {}


def _kind(t: type) -> int:
    k = 1 if issubclass(t, (list, tuple)) else 2 if issubclass(t, set) else 3 if issubclass(t, dict) else 0
    _KINDS[t] = k
    return k


#: Types whose ``str`` is their ``repr``: a plain list of them is written by ``repr`` at once.
_REPR_IS_STR = frozenset({int, bool, float, type(None)})
_LISTS = {list}


def _fmt(value: Any) -> str:
    t = type(value)
    if t is list:
        types = set(map(type, value))
        if types <= _REPR_IS_STR:
            return repr(value)
        if types == _LISTS:  # a list of lists (seats' suits, the scoring units)
            return "[" + ", ".join([_fmt(v) for v in value]) + "]"
    k = _KINDS.get(t)
    if k is None:
        k = _kind(t)
    if k == 0:
        return str(value)
    if k == 3:
        return "{" + ", ".join([f"{key}: {_fmt(v)}" for key, v in value.items()]) + "}"
    parts = list(map(str, value)) if _plain(value) else [_fmt(v) for v in value]  # str of a plain item
    if k == 1:
        return "[" + ", ".join(parts) + "]"
    return "{" + ", ".join(sorted(parts)) + "}"


def _plain(values: Any) -> bool:
    """Whether every item of ``values`` is written as its ``str`` (no list, set or dict inside)."""
    for t in set(map(type, values)):
        k = _KINDS.get(t)
        if k is None:
            k = _kind(t)
        if k:
            return False
    return True


#: The game fields of each view class, sorted by name (read once per class from
#: :meth:`View.game_fields`, whose names a class declares).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _game_fields(v: View) -> list[tuple[str, Any]]:
    """``v.game_fields()`` sorted by name."""
    if type(v).game_fields is not View.game_fields:  # a view of its own choosing: ask it each time
        return sorted(v.game_fields(), key=lambda kv: kv[0])
    names = _FIELD_NAMES.get(type(v))
    if names is None:
        names = _FIELD_NAMES[type(v)] = tuple(sorted(k for k, _ in v.game_fields()))
    return [(k, getattr(v, k)) for k in names]


def _view_text(state: State, seat: int | None) -> str:
    """The engine's :meth:`State.view` for ``seat`` as lines of text."""
    return _view_lines(state.view(seat), state.game.names)


def _view_lines(v: View, names: Sequence[str]) -> str:
    """The view ``v`` as lines of text, seats called by ``names``."""
    seat = v.seat
    lines = [f"seat {names[seat] if seat is not None else 'all'}; dealer {names[v.dealer]}; phase {v.phase}; "
             f"to act {names[v.current_player] if v.current_player is not None else '-'}"]
    last = _LAST
    who = tuple(names)
    for s, h in enumerate(v.hands):
        key: tuple[Any, ...] = ("hand", s, who)
        seen = last.get(key)
        if seen is not None and type(seen[0]) is type(h) and seen[0] == h:
            lines.append(seen[1])
        else:
            text = f"{names[s]}: {h} cards" if isinstance(h, int) else f"{names[s]}: {h}"
            last[key] = (h, text)
            lines.append(text)
    lines.append(f"talon: {v.talon} cards" if isinstance(v.talon, int) else f"talon: {v.talon}")
    seen = last.get(("calls", who))
    if seen is not None and seen[0] == v.calls:
        lines.append(seen[1])
    else:
        text = "calls: " + ", ".join([f"{names[s]} {c}" for s, c in v.calls])
        last[("calls", who)] = (v.calls, text)
        lines.append(text)
    for i, t in enumerate(v.tricks, 1):
        key = ("trick", i, who)
        seen = last.get(key)
        if seen is not None and seen[0] == t.plays:
            lines.append(seen[1])
        else:
            text = f"trick {i}: " + " ".join([f"{names[s]} {c}" for s, c in t.plays])
            last[key] = (t.plays, text)
            lines.append(text)
    if v.current_trick is not None:
        lines.append("trick now: " + " ".join([f"{names[s]} {c}" for s, c in v.current_trick.plays]))
    lines.append("scores: " + " ".join([str(x) for x in v.scores]))
    for k, value in _game_fields(v):
        key = (type(v), k)
        seen = last.get(key)
        if seen is not None and type(seen[0]) is type(value) and seen[0] == value:
            lines.append(seen[1])
        else:
            text = f"{k}: {_fmt(value)}"
            last[key] = (value, text)
            lines.append(text)
    return "\n".join(lines)


#: The last value written of each game field of each view class, of each seat's hand, of the
#: calls and of each completed trick (with the seats' names), and its line: the next view holding
#: an equal value of the same type there (most of a view changes seldom in a hand) takes the line
#: as it is. A field's values keep its one declared type, so equal values read the same.
_LAST: dict[tuple[Any, ...], tuple[Any, str]] = {}


def _dealt_line(c: _Core, state: State, seat: int) -> str:
    """``"dealt to you: …"``: the cards ``seat`` was dealt (kept per hand)."""
    if c.deal is None:
        c.deal = {}
    line = c.deal.get(seat)
    if line is None:
        hands, _talon = deal_cards(state.pack, state.game.deal_targets(state.dealer))
        line = c.deal[seat] = f"dealt to you: {Cards(hands[seat]) if seat < len(hands) else Cards()}"
    return line


def _transcript(c: _Core, state: State, seat: int) -> str:
    """Every action of the hand as ``seat`` may read it (:meth:`State.describe`), a line each, each
    line starting with a new line. The lines already written for ``seat`` are kept in ``c`` and
    only the actions since are described: an action's line never changes once it is taken (the
    engine's transcript is append-only; ``tests/test_openspiel.py`` checks it against
    :func:`information_text`)."""
    seats = c.seats
    n = len(seats)
    done, text = c.lines.get(seat, (0, ""))
    if done < n:
        history = state.history()
        describe = state.describe
        text += "".join(["\n> " + describe(history[i], seats[i], viewer=seat) for i in range(done, n)])
        c.lines[seat] = (n, text)
    return text


def information_text(state: State, seat: int, seats: Sequence[int]) -> str:
    """All ``seat`` has seen of the hand: its view now, its own dealt cards (once it has seen them),
    and every action as ``seat`` may read it (``seats[i]`` is who took the ``i``-th action)."""
    v = state.view(seat)
    lines = [_view_text(state, seat)]
    if not isinstance(v.hands[seat], int):
        hands, _talon = deal_cards(state.pack, state.game.deal_targets(state.dealer))
        lines.append(f"dealt to you: {Cards(hands[seat]) if seat < len(hands) else Cards()}")
    for s, a in zip(seats, state.history()):
        lines.append("> " + state.describe(a, s, viewer=seat))
    return "\n".join(lines)


# ---------------------------------------------------------------- between the kit and OpenSpiel


def load(game: Game, dealer: int = 0) -> CardkitGame:
    """The OpenSpiel game of the kit's table ``game`` with ``dealer`` as the dealer."""
    params: dict[str, Any] = {"players": game.players, "dealer": dealer}
    params.update({_param(k): v for k, v in game.options.items()})
    osgame = pyspiel.load_game(short_name(game.name), params)
    assert isinstance(osgame, CardkitGame), "the kit's games are registered with pyspiel as CardkitGame"
    return osgame


def from_engine(state: State, osgame: CardkitGame | None = None) -> CardkitState:
    """The OpenSpiel state of the kit's hand ``state``: its deal (``state.pack``) as chance outcomes,
    then its actions. ``osgame`` is reused when given (it must be the same table and dealer).
    OpenSpiel hands start from the game's initial scores; a hand's running scores change no rule
    of its play, so the hand is the same.

    Raises:
        CardkitError: ``osgame`` deals from another seat than the hand's dealer.
    """
    g = osgame or load(state.game, state.dealer)
    t = g.table
    if t.dealer != state.dealer:
        raise CardkitError(f"the OpenSpiel game deals from seat {t.dealer}, the hand from {state.dealer}")
    os_state = g.new_initial_state()
    for c in state.pack:
        os_state.apply_action(t.outcome[c])
    for a in state.history():
        os_state.apply_action(t.codec.encode(a))
    return os_state


def engine_state(os_state: CardkitState) -> State:
    """The kit's state behind an OpenSpiel state (a copy). Raises :class:`CardkitError` during the deal."""
    if os_state.engine is None:
        raise CardkitError("the hand is still being dealt")
    return os_state.engine.clone()


def _game_class(game: type[Game]) -> type[CardkitGame]:
    """``CardkitNAME``: the kit's ``game`` as an OpenSpiel game class, a module attribute."""
    name = game.name

    def __init__(self: CardkitGame, params: dict[str, Any] | None = None) -> None:
        CardkitGame.__init__(self, name, params)

    cls = type(f"Cardkit{name}", (CardkitGame,), {
        "__init__": __init__, "__module__": __name__,
        "__doc__": f"``{short_name(name)}``: {game.title} as an OpenSpiel game (see :class:`CardkitGame`)."})
    globals()[cls.__name__] = cls
    return cls


#: The OpenSpiel game class of each of the kit's games, by the kit's game name: ``Cardkit501``,
#: ``Cardkit500`` (also attributes of this module).
GAME_CLASSES: dict[str, type[CardkitGame]] = {g.name: _game_class(g) for g in GAMES}

# Classes, not closures, are registered: OpenSpiel keeps its creators until after the interpreter
# has shut down, and a class (unlike a plain function) is never freed at that point.
for _name, _cls in GAME_CLASSES.items():
    if short_name(_name) not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_name), _cls)


__all__ = ["ActionCodec", "CardkitGame", "GAME_CLASSES", "CardkitObserver", "CardkitState", "SHORT_NAMES",
           "engine_state", "from_engine", "information_text", "load", "resample", "tensor_layout"]
