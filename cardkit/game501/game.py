"""501♠ the table: :class:`Game501`, what it declares and how it deals (rules.md 501 §1–§4, §11)."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from ..actions import PASS
from ..cards import SUITS, Card, Cards, make_pack
from ..errors import CardkitError, InvalidActionError, UnknownOptionError
from ..game import TALON, Action, Game, Outcome, State
from ..i18n import _
from .actions import ABANDON, BIDS, DECLARES, LOOK, MARRIAGE_PLAYS, PLAYS, TRUMP_CHOICES, Bid, Give, parse_action
from .rules import PHASE_RULES
from .rulewords import rule_items
from .scoring import RANKS, START_SCORE, card_points
from .state import State501

class Game501(Game):
    """501♠ for 3 or 4 players (rules.md 501 §1); with 4 the dealer sits each hand out.

    Args:
        players: 3 or 4.
        names: seat names, ``A B C (D)`` by default, as in the rule text's example.

    Raises:
        UnknownOptionError: for another number of players, or any rule option (501 has none).
    """

    name = "501"
    title = "501♠"
    rules_word = "501"
    rule_items = staticmethod(rule_items)
    phase_rules: ClassVar[Mapping[str, Any]] = PHASE_RULES
    talon_word = "talon"
    lower_is_better = True
    default_player = "sensible"
    rule_player = "sensible"
    table_sizes = (3, 4)
    option_defaults: ClassVar[dict[str, Any]] = {}
    look_action = LOOK
    max_change = 440  # a blind 220 counts double (rules.md 501 §6)
    solver_warmup: ClassVar[tuple[tuple[int | None, tuple[str, ...]], ...]] = ((3, ()), (None, ()))
    bid_example: ClassVar[dict[str, Any]] = {"hand": "AS 10S KS QS AH 10H KD", "contract": 100, "seat": 1}

    def __init__(self, players: int = 3, names: Sequence[str] | None = None, **options: Any) -> None:
        if players not in (3, 4):
            raise UnknownOptionError(_("501♠ is for 3 or 4 players, not {n} (rules.md 501 §1)").format(n=players))
        if options:
            raise UnknownOptionError(_("501♠ has no rule options, so {names} cannot be set").format(
                names=", ".join(sorted(options))))
        super().__init__(players, names)

    @property
    def options(self) -> dict[str, Any]:
        """501 has no disputed rules: ``{}``."""
        return {}

    def new_pack(self) -> Cards:
        """The 24-card pack, A 10 K Q J 9 in each suit (rules.md 501 §3)."""
        return make_pack({s: RANKS for s in SUITS})

    def card_points(self) -> dict[Card, int]:
        """Each card's points, from :func:`~cardkit.game501.scoring.card_points` (rules.md 501 §3)."""
        return {c: card_points(c) for c in self.new_pack()}

    def active_seats(self, dealer: int) -> list[int]:
        """The three seats dealt in, from the dealer's left; with 4 the dealer sits out (§1)."""
        n = self.players
        return [(dealer + i) % n for i in range(1, 4)]

    def deal_targets(self, dealer: int) -> list[int]:
        """``p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 T | p1 p2 p3 ×4`` (rules.md 501 §4)."""
        active = self.active_seats(dealer)
        return (active + [TALON]) * 3 + active * 4

    def new_hand(self, dealer: int, scores: Sequence[int], pack: Sequence[Card]) -> State501:
        """Deal a hand from ``pack`` in deal order (rules.md 501 §4).

        Raises:
            CardkitError: a dealer who is not a seat, scores not one per seat, or a pack that is not
                the 24 cards of §3.
        """
        self.check_table(dealer, scores)
        self.check_pack(pack)
        return State501(self, dealer, scores, pack)

    def action_space(self) -> list[Action]:
        """Every action of this table, each once, in a fixed order: pass, look, abandon, every bid,
        every declaration by trump (♠ ♣ ♦ ♥, no trump) then value, then per card of the pack its give,
        its play, and for a king or queen its play declaring the marriage (rules.md 501 §5–§9)."""
        acts: list[Action] = [PASS, LOOK, ABANDON, *BIDS]
        for t in TRUMP_CHOICES:
            acts += DECLARES[t]
        pack = list(dict.fromkeys(self.new_pack()))
        acts += [Give(c) for c in pack]
        acts += [PLAYS[c] for c in pack]
        acts += [MARRIAGE_PLAYS[c] for c in pack if c in MARRIAGE_PLAYS]
        return acts

    def max_actions(self) -> int:
        """187, the longest hand (rules.md 501 §5–§8): each of the three seats dealt in looks at
        most once (3); every bid is higher than the standing one, so at most one bid per value
        from 66 to 220 (155); a contract stands only once the other two have passed, and a pass
        is final (2); one declaration, two gives, eight tricks of three cards (1 + 2 + 24).
        Reached by bidding up one point at a time, each seat looking before its first bid."""
        return 3 + len(BIDS) + 2 + 1 + 2 + 8 * 3

    def max_plain_actions(self) -> int:
        """Every bid at most once, as each must top the standing bid (rules.md 501 §5), a look and
        a pass per seat, and the bidder's declaration or abandon (§7), with one to spare."""
        return len(BIDS) + 2 * self.players + 2

    def initial_scores(self) -> list[int]:
        """Everyone starts at 501 (rules.md 501 §1)."""
        return [START_SCORE] * self.players

    def parse_action(self, text: str | Action) -> Action:
        """See :func:`parse_action`."""
        return parse_action(text)

    def bid_action(self, contract: int | str) -> Action:
        """The bid of ``contract`` points (``80`` or ``"80"``; rules.md 501 §5), legal or not.

        Raises:
            InvalidActionError: not a whole number.
        """
        try:
            return Bid(int(contract))
        except ValueError:
            raise InvalidActionError(f"cannot read action {f'bid {contract}'!r}: a bid is a number of points") from None

    def check_match_scores(self, scores: Sequence[int]) -> None:
        """Refuse running scores that have already ended the match: a score ≤ 0 (rules.md 501 §11).

        Raises:
            CardkitError: naming the seats at or below 0.
        """
        done = [f"{self.names[s]} {scores[s]}" for s in range(self.players) if scores[s] <= 0]
        if done:
            raise CardkitError(_("scores {scores}: the match is already over ({done} at or below 0), so no hand "
                                 "may be dealt [rules.md 501 §11]").format(scores=list(scores), done=", ".join(done)))

    def match_outcome(self, hand: State) -> Outcome | None:
        """Any score ≤ 0 after a hand ends the match; the lowest of those wins, ties share (§11)."""
        scores = hand.scores_after()
        out = [s for s in range(self.players) if scores[s] <= 0]
        if not out:
            return None
        low = min(scores[s] for s in out)
        winners = tuple(s for s in out if scores[s] == low)
        return Outcome(winners, tuple(scores), _("a score reached 0 or below; the lowest wins"))
