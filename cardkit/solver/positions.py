"""Reaching a play position to solve: a seeded deal with a random legal auction and exchange.

>>> from cardkit.game501 import Game501
>>> random_play_state(Game501(), seed=7).phase
'play'
"""

from __future__ import annotations

import random
from typing import Sequence

from ..cards import Card
from ..game import Game, State


def random_play_state(game: Game, seed: int, tricks_left: int | None = None, mid_trick: int = 0,
                      prefer: Sequence[str] = ()) -> State:
    """A hand of ``game`` dealt from ``seed`` and driven by uniformly random legal actions
    (auction, talon, exchange, then ``tricks_left`` tricks short of the end, plus ``mid_trick``
    cards of the next trick) until it stands in its play phase. Deals that end before play
    (all passed, abandoned) are redealt from the same RNG.

    Args:
        game: the table's rules.
        seed: seeds the dealer, the shuffle and every random action.
        tricks_left: stop with this many tricks still to play (``None``: at the first lead).
        mid_trick: cards of the current trick already played (0 ≤ mid_trick < active seats).
        prefer: action texts to take before the play whenever one is legal (the first legal one),
            e.g. ``["bid misère", "bid 7♠", "pass"]`` to reach a misère with four players.

    Raises:
        ValueError: ``tricks_left`` or ``mid_trick`` out of range.
    """
    rng = random.Random(seed)
    wanted = [game.parse_action(t) for t in prefer]
    for _attempt in range(1000):
        dealer = rng.randrange(game.players)
        state = game.new_hand(dealer, game.initial_scores(), game.shuffled_pack(rng))
        while not state.is_terminal() and state.phase != "play":
            legal = state.legal_actions()
            pick = next((a for a in wanted if a in legal), None)
            state.apply_action(pick if pick is not None else rng.choice(legal))
        if state.is_terminal():
            continue
        total = len(state.hands[state.actor()])
        if tricks_left is not None:
            if not 1 <= tricks_left <= total:
                raise ValueError(f"tricks_left={tricks_left}: the play phase has {total} tricks")
            while len(state.hands[state.actor()]) > tricks_left or _mid(state):
                state.apply_action(rng.choice(state.legal_actions()))
                if state.is_terminal():
                    break
            if state.is_terminal():
                continue
        for _k in range(mid_trick):
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            return state
    raise RuntimeError("no play position reached in 1000 deals")  # pragma: no cover


def _mid(state: State) -> bool:
    trick = state.trick
    return bool(trick is not None and trick.plays)


def setup_501(hands: Sequence[str | Sequence[Card]], declarer: int, trump: str | None, contract: int,
              dealer: int = 2, plays: str | Sequence[str] = ()) -> State:
    """A 501♠ hand standing at the first lead with the given hands after the exchange.

    The hand is reached through the engine's own actions: the declarer bids ``contract``, the
    others pass, the declarer declares and gives one card to each opponent (rules.md 501 §5–§8).

    Args:
        hands: the three active seats' eight cards each, in seat order (card texts or
            :class:`~cardkit.cards.Card`), e.g. ``["AS 10S ...", "...", "..."]``.
        declarer: the declarer's seat; ``trump``: ``"S"``/``"♠"``… or ``None`` for no-trump.
        contract: the final contract (66..220); ``dealer``: the dealer (3 players; seat 2 by
            default, so seat 0 leads).
        plays: cards to play from there, in order (``"KH marriage"`` declares a marriage).

    Raises:
        CardkitError: the cards are not the 24-card pack, or a play is illegal.
    """
    from ..actions import PASS
    from ..cards import Cards
    from ..game501 import Game501

    game = Game501()
    final = [list(Cards.parse(h)) if isinstance(h, str) else list(h) for h in hands]
    active = game.active_seats(dealer)
    left, right = active[(active.index(declarer) + 1) % 3], active[(active.index(declarer) + 2) % 3]
    x_left, x_right = final[left][-1], final[right][-1]
    dealt = [list(h) for h in final]
    dealt[left] = final[left][:-1]
    dealt[right] = final[right][:-1]
    ten = final[declarer] + [x_left, x_right]
    dealt[declarer] = ten[:7]
    state = game.new_hand(dealer, game.initial_scores(), game.deal_from_hands(dealer, dealt, ten[7:]))
    while state.phase == "auction":
        seat = state.current_player()
        state.apply_action(game.bid_action(contract) if seat == declarer else PASS)
    state.apply_action(f"declare {trump or 'NT'} {contract}")
    state.apply_action(f"give {x_left.code}")
    state.apply_action(f"give {x_right.code}")
    for p in ([plays] if isinstance(plays, str) else plays):
        for item in ([p] if " " not in p or p.endswith("marriage") else p.split()):
            state.apply_action(f"play {item}")
    return state


def rewind(state: State, plays: int = 0) -> State:
    """A new state of ``state``'s hand replayed from its deal up to the first lead, then ``plays``
    more cards: a record's hand taken back to a position worth solving.

    Raises:
        ValueError: the hand never reached its play phase, or has fewer than ``plays`` cards played.

    >>> from cardkit.game501 import Game501
    >>> s = random_play_state(Game501(), seed=4, tricks_left=3)
    >>> r = rewind(s, plays=3)
    >>> len(r.tricks), r.phase, len(r.hands[r.current_player()])
    (1, 'play', 7)
    """
    fresh = state.game.new_hand(state.dealer, state.scores_before, state.pack)
    history = state.history()
    i = 0
    while fresh.phase != "play":
        if i >= len(history) or fresh.is_terminal():
            raise ValueError("the hand never reached its play phase")
        fresh.apply_action(history[i])
        i += 1
    if i + plays > len(history):
        raise ValueError(f"the hand has only {len(history) - i} cards played, not {plays}")
    for a in history[i:i + plays]:
        fresh.apply_action(a)
    return fresh
