"""Reaching a play position to solve: a seeded deal with a random legal auction and exchange.

>>> from cardkit.game501 import Game501
>>> random_play_state(Game501(), seed=7).phase
'play'
"""

from __future__ import annotations

import random
from typing import Any, Sequence

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


def setup_500(hands: Sequence[str | Sequence[Card]], contractor: int, contract: str, leader: int | None = None,
              winners: Sequence[int] | None = None, dealer: int | None = None, nominate: str | None = None,
              seed: int = 0, **options: Any) -> State:
    """A Five Hundred hand in its play phase with the given hands: a whole hand at the opening
    lead, or an ending of fewer cards each, without writing the pack, the auction or the burying.

    The hand is reached through the engine's own actions (rules.md 500 §3–§8): the contractor bids
    ``contract`` and the others pass, it buries the three kitty cards (cards in no hand), goes
    alone with five players, leaves the joker unnominated in no-trumps unless ``nominate`` names
    a suit, and, for an ending of ``k`` cards each, ``10 − k`` earlier tricks are played, legally,
    with the cards not in any hand. Those tricks count: ``state.tricks_won`` holds them, and the
    solver's trick count includes them (``state.contract_tricks()`` of them are the contracting
    side's).

    Args:
        hands: every seat's cards, in seat order (3–6 seats: the table size), all of one size
            from 1 to 10; card texts (``"JK JH AH"``) or cards.
        contractor: the contracting seat; ``contract``: its bid, ``"8H"``, ``"10NT"`` (a suit or
            no-trump contract; misère is not set up here).
        leader: the seat to lead the ending (the contractor by default; at the opening lead, when
            every hand holds ten cards, it is always the contractor, rules.md 500 §5).
        winners: who won each earlier trick, in order (``10 − k`` seats, the last one ``leader``);
            all by ``leader`` by default.
        dealer: the dealer (the contractor's right by default, so the contractor bids first).
        nominate: ``"H"`` and so on: the suit a no-trump contractor holding the joker names (§8).
        seed: seeds the search for earlier tricks that fit.
        options: Five Hundred rule options (``**{"joker-lead": "loose"}``).

    Raises:
        CardkitError: not one hand per seat, hands of unequal sizes, a card twice or not in the
            pack, a misère or unknown contract, a leader other than the contractor at the
            opening lead, ``winners`` of the wrong length or not ending with the leader, or no
            earlier tricks found that the rules allow with the cards left.

    >>> st = setup_500(["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"], contractor=0, contract="6H")
    >>> st.phase, [len(h) for h in st.hands], st.current_player(), st.tricks_won
    ('play', [3, 3, 3, 3], 0, [7, 0, 0, 0])
    """
    from ..cards import JOKER, Cards, Suit
    from ..errors import CardkitError, IllegalActionError
    from ..game import TALON
    from ..game500 import Contract, Game500
    from ..explore.estimate import force_contract

    n = len(hands)
    try:
        game = Game500(n, **options)
    except CardkitError as e:
        raise CardkitError(f"{n} hands: {e}") from None
    ending = [list(Cards.parse(h)) if isinstance(h, str) else [Card.parse(c) for c in h] for h in hands]
    sizes = {len(h) for h in ending}
    if len(sizes) != 1:
        raise CardkitError("hands of unequal sizes: " + ", ".join(f"{game.names[s]} {len(h)}"
                                                                 for s, h in enumerate(ending)))
    k = sizes.pop()
    if not 1 <= k <= 10:
        raise CardkitError(f"hands of {k} cards: give 1 to 10 cards each")
    if not 0 <= contractor < n:
        raise CardkitError(f"contractor {contractor}: the seats are 0..{n - 1}")
    try:
        bid = Contract.parse(str(contract))
    except ValueError as e:
        raise CardkitError(f"contract {contract!r}: {e}") from None
    if bid.is_misere:
        raise CardkitError("a misère is not set up here: give a suit or no-trump contract")
    lead = contractor if leader is None else leader
    if not 0 <= lead < n:
        raise CardkitError(f"leader {lead}: the seats are 0..{n - 1}")
    early = 10 - k
    if early == 0 and lead != contractor:
        raise CardkitError("at the opening lead the contractor leads (rules.md 500 §5): give fewer cards each")
    wins = [lead] * early if winners is None else list(winners)
    if len(wins) != early or (wins and wins[-1] != lead) or any(not 0 <= w < n for w in wins):
        raise CardkitError(f"winners: {early} seats, one per earlier trick, the last one the leader {lead}")
    pack = game.new_pack()
    spare = list(pack)
    for s, h in enumerate(ending):
        for c in h:
            if c not in spare:
                where = [game.names[t] for t, hh in enumerate(ending) if c in hh]
                raise CardkitError(f"{c} is not in the {len(pack)}-card pack" if c not in pack else
                                   f"{c} is given twice (seats {', '.join(where)}); the pack holds it "
                                   f"{'once' if pack.count(c) == 1 else str(pack.count(c)) + ' times'}")
            spare.remove(c)
    suit_of, order = game.ranking(bid.trump)
    dealer = (contractor - 1) % n if dealer is None else dealer
    nominated = None if nominate is None else Suit.parse(nominate)

    def power(c: Card, led: Suit | None) -> int:
        s = suit_of[c]
        if s is None:  # the free joker (no-trump) beats everything (rules.md 500 §8)
            return 10_000
        return 1000 + order[c] if s is bid.trump and s is not None else order[c] if s is led else -1

    rng = random.Random(seed)
    holds = [{suit_of[c] for c in h} for h in ending]
    last_error = "no earlier tricks fit"
    for attempt in range(3000):
        pool = list(spare)
        rng.shuffle(pool)
        # the joker is buried at first (it leads under rules of its own), later tries may play it
        kitty = [JOKER] if JOKER in pool and attempt < 1500 else []
        if kitty:
            pool.remove(JOKER)
        fillers: list[list[Card]] = [[] for _ in range(n)]
        barred: list[set[Suit | None]] = [set() for _ in range(n)]  # suits a seat showed void in
        ok = True
        first = contractor
        for t in range(early):
            ring = [(first + i) % n for i in range(n)]
            suits = [s for s in {suit_of[c] for c in pool} if s is not None and s not in barred[first]]
            if not suits:
                ok = False
                break
            led = rng.choice(sorted(suits, key=lambda s: s.value))
            want = wins[t]
            plays: dict[int, Card] = {}
            for seat in ring:
                follow = [c for c in pool if suit_of[c] is led and led not in barred[seat]]
                if follow and (seat == first or seat == want or led in holds[seat] or rng.random() < 0.8):
                    # the trick's winner-to-be plays its best card of the suit, the others their lowest
                    card = max(follow, key=lambda c: order[c]) if seat == want else \
                        (follow[0] if rng.random() < 0.5 else min(follow, key=lambda c: order[c]))
                elif led in holds[seat] or seat == first:
                    ok = False
                    break
                else:  # void in the led suit: any card of a suit it has not shown void in
                    other = [c for c in pool if suit_of[c] is not led and suit_of[c] not in barred[seat]]
                    if not other:
                        ok = False
                        break
                    trumps = [c for c in other if bid.trump is not None and suit_of[c] is bid.trump]
                    plain = [c for c in other if c not in trumps]
                    # the winner-to-be ruffs; the others discard a plain card where they can
                    card = max(trumps, key=lambda c: order[c]) if seat == want and trumps else \
                        (plain or other)[0]
                    barred[seat].add(led)
                pool.remove(card)
                plays[seat] = card
            if not ok:
                break
            best = max(plays, key=lambda s: power(plays[s], led))
            if best != want:
                a, b = plays[best], plays[want]
                if suit_of[a] is suit_of[b] and (suit_of[a] is led or suit_of[a] is bid.trump):
                    plays[best], plays[want] = b, a
                else:
                    ok = False
                    break
            for seat, card in plays.items():
                fillers[seat].append(card)
            first = want
        if not ok:
            continue
        kitty += pool
        dealt = [fillers[s] + ending[s] for s in range(n)]
        try:
            state = game.new_hand(dealer, game.initial_scores(), game.deal_from_hands(dealer, dealt, kitty))
            force_contract(state, contractor, str(bid))
            for c in kitty:
                state.apply_action(f"bury {c.code}")
            while state.phase != "play":
                names = [str(a) for a in state.legal_actions()]
                if "go alone" in names:
                    state.apply_action("go alone")
                elif state.phase == "nominate":
                    state.apply_action(f"nominate {nominated.letter if nominated else 'none'}")
                else:
                    raise CardkitError(f"unexpected step {state.phase!r} before the play")
            for _t in range(early):
                for _i in range(n):
                    seat = state.actor()
                    state.apply_action(f"play {fillers[seat][len(state.tricks)].code}")
        except IllegalActionError as e:
            last_error = str(e)
            continue
        if state.phase == "play" and state.current_player() == lead:
            return state
        last_error = "the earlier tricks were not won as asked"
    raise CardkitError(f"no earlier tricks found for this ending that the rules allow ({last_error}); "
                       "give other winners or another seed")
