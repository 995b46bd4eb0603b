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
  (rules.md 501 §4, 500 §3), each outcome being one of the cards not yet dealt, all equally likely.
  Outcome ``i`` is the ``i``-th card of the game's unshuffled pack (:meth:`Game.new_pack`). The
  dealer is the game parameter ``dealer`` (0 by default); every seat starts from the game's
  initial scores.
- **Actions.** Every action the game can ever take has a fixed integer: :class:`ActionCodec` lists
  them (:meth:`ActionCodec.encode` / :meth:`ActionCodec.decode` round-trip with the readable
  actions, ``"bid 80"``, ``"play KS marriage"``, ``"bury 5S"``, ``"play Jo naming ♥"``).
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
  consistently with what ``p`` has seen, with the engine's sampler (see :func:`resample`).
- **Saving.** ``state.serialize()`` is plain text (the game's parameters and the action numbers)
  and ``game.deserialize_state(text)`` replays it through the engine's checks; no code runs on
  loading. (OpenSpiel's C++ side, e.g. ``pyspiel.random_sim_test``, uses its own pickled form.)

The engine's state of a position is :func:`engine_state`; :func:`from_engine` goes the other way,
from a kit :class:`~cardkit.game.State` (its pack and history) to an OpenSpiel state.
"""

from __future__ import annotations

import random
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
from .game import Action, Game, State, deal_cards
from .registry import GAMES, find_game
from .tensors import Floats, TensorLayout
from .players.resample import resample

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
    return game, ActionCodec(game), tuple(game.new_pack())


class _Table:
    """The kit's side of one OpenSpiel game: the rules, the codec, the pack. Shared by every state
    of the game (a state's copy keeps the same table); pickles as its game's name and parameters."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = dict(params)
        self.game, self.codec, self.pack = _table(name, tuple(sorted(params.items())))
        self.dealer = int(params["dealer"])
        if not 0 <= self.dealer < self.game.players:
            raise CardkitError(f"dealer {self.dealer}: use a seat, 0 to {self.game.players - 1}")
        self.targets = self.game.deal_targets(self.dealer)
        self.sign = _gain_sign(self.game)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Table, (self.name, self.params))


def _gain_sign(game: Game) -> int:
    """+1 when a higher score is better, -1 when the game declares scores count down (501♠)."""
    return -1 if game.lower_is_better else 1


class _Hand:
    """Holds the engine's state; copying it uses the engine's fast :meth:`State.clone`."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Hand:
        return _Hand(self.state.clone())


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
            max_game_length=len(t.pack) + len(t.codec) + 2 * len(t.pack) + 4 * t.game.players,
        )
        super().__init__(_game_type(name), info, full)

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
        self._table: _Table = game.table
        self._dealt: list[int] = []
        self._left: list[int] = list(range(len(self._table.pack)))
        self._hand: _Hand | None = None
        self._seats: list[int] = []  # the seat of each player action, in order

    # -- the engine's side

    @property
    def engine(self) -> State | None:
        """The kit's state of this hand, ``None`` while the deal is in progress. Read it only."""
        return None if self._hand is None else self._hand.state

    # -- OpenSpiel API

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` during the deal, ``TERMINAL`` once the hand is over."""
        if self._hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._hand.state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        """True once the hand is over."""
        return self._hand is not None and self._hand.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        if self._hand is None or player != self.current_player():
            return []
        index = self._table.codec.index
        return sorted(index[a] for a in dict.fromkeys(self._hand.state.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each with probability ``1 / len``."""
        p = 1.0 / len(self._left)
        return [(i, p) for i in self._left]

    def _apply_action(self, action: int) -> None:
        t = self._table
        if self._hand is None:
            self._left.remove(action)
            self._dealt.append(action)
            if not self._left:
                pack = [t.pack[i] for i in self._dealt]
                self._hand = _Hand(t.game.new_hand(t.dealer, t.game.initial_scores(), pack))
            return
        state = self._hand.state
        seat = state.current_player()
        state.apply_action(t.codec.decode(action))
        assert seat is not None
        self._seats.append(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {self._table.pack[action]}"
        return str(self._table.codec.decode(action))

    def returns(self) -> list[float]:
        """Each seat's score change with the sign that makes higher better; zeros until the end."""
        if self._hand is None:
            return [0.0] * self._table.game.players
        return [float(self._table.sign * r) for r in self._hand.state.returns()]

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> CardkitState:
        """A copy of this state with the cards hidden from ``player`` dealt again at random,
        consistently with everything ``player`` has seen (see :func:`resample`).

        ``probability_sampler()`` returns a number in [0, 1) (OpenSpiel's sampler); it seeds the deal.
        """
        seed = int(float(probability_sampler()) * 2**53)
        new: CardkitState = self.clone()  # OpenSpiel's clone keeps the Python class
        if self._hand is not None:
            new._hand = _Hand(resample(self._hand.state, player, random.Random(seed)))
        return new

    def serialize(self) -> str:
        """Plain text: a header line, the game's parameters, the action numbers (chance included)."""
        t = self._table
        acts = " ".join(str(a) for a in self.history())
        return f"cardkit-openspiel 1 {short_name(t.name)}\n{_params_text(t.params)}\n{acts}"

    def __str__(self) -> str:
        if self._hand is None:
            return f"dealing: {len(self._dealt)} of {len(self._table.pack)} cards"
        return _view_text(self._hand.state, None)


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
        eng = state.engine
        if eng is None:
            self.layout.fill_dealing(self.dict, state._table.dealer, player)
        elif self.perfect_recall:
            self.layout.fill_information(self.dict, eng, player, state._seats)
        else:
            self.layout.fill_observation(self.dict, eng, player, state._seats)

    def string_from(self, state: CardkitState, player: int) -> str:
        """What ``player`` may see now, or (perfect recall) all it has seen in this hand."""
        eng = state.engine
        if eng is None:
            return f"seat {player}; dealing: {len(state._dealt)} of {len(state._table.pack)} cards"
        if not self.perfect_recall:
            return _view_text(eng, player)
        return information_text(eng, player, state._seats)


def tensor_layout(game: CardkitGame) -> TensorLayout:
    """The tensor layout of ``game``'s table (built once per table and shared)."""
    t = game.table
    return _layout(t.name, tuple(sorted(t.params.items())))


@lru_cache(maxsize=64)
def _layout(name: str, params: tuple[tuple[str, Any], ...]) -> TensorLayout:
    return TensorLayout(_table(name, params)[0])


def _fmt(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if isinstance(value, set):
        return "{" + ", ".join(sorted(_fmt(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fmt(v)}" for k, v in value.items()) + "}"
    return str(value)


def _view_text(state: State, seat: int | None) -> str:
    """The engine's :meth:`State.view` for ``seat`` as lines of text."""
    v = state.view(seat)
    names = state.game.names
    lines = [f"seat {names[seat] if seat is not None else 'all'}; dealer {names[v.dealer]}; phase {v.phase}; "
             f"to act {names[v.current_player] if v.current_player is not None else '-'}"]
    for s, h in enumerate(v.hands):
        lines.append(f"{names[s]}: {h} cards" if isinstance(h, int) else f"{names[s]}: {h}")
    lines.append(f"talon: {v.talon} cards" if isinstance(v.talon, int) else f"talon: {v.talon}")
    lines.append("calls: " + ", ".join(f"{names[s]} {c}" for s, c in v.calls))
    for i, t in enumerate(v.tricks, 1):
        lines.append(f"trick {i}: " + " ".join(f"{names[s]} {c}" for s, c in t.plays))
    if v.current_trick is not None:
        lines.append("trick now: " + " ".join(f"{names[s]} {c}" for s, c in v.current_trick.plays))
    lines.append("scores: " + " ".join(str(x) for x in v.scores))
    for k, value in sorted(v.game_fields(), key=lambda kv: kv[0]):
        lines.append(f"{k}: {_fmt(value)}")
    return "\n".join(lines)


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
    free: dict[Card, list[int]] = {}
    for i, c in enumerate(t.pack):
        free.setdefault(c, []).append(i)
    for c in state.pack:
        os_state.apply_action(free[c].pop(0))
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


__all__ = ["ActionCodec", "CardkitGame", "GAME_CLASSES", "CardkitObserver", "CardkitState", "SHORT_NAMES", "engine_state", "tensor_layout",
           "from_engine", "information_text", "load", "resample"]
