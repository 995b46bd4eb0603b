"""The numbered rules of 501♠ (the items of ``docs/rules.md``) as a learner reads them: each
rule's title and its plain words, in the language in use (gettext; rule cards and the progress
page read them through :meth:`cardkit.game.Game.rule_items`)."""

from __future__ import annotations

from ..i18n import pgettext


def rule_items() -> dict[int, tuple[str, str]]:
    """Each rule item → (its title, its words), translated; literal pgettext calls, so that
    ``make messages`` finds every one."""
    return {
        1: (pgettext("rule", "Players"),
            pgettext("rule words", "Three players, or four. With four, the dealer sits out that hand: no "
                                   "cards, no turn, no change of score. Everyone starts at 501 points.")),
        2: (pgettext("rule", "Dealer"),
            pgettext("rule words", "The first dealer is drawn at random. After every hand the deal moves one "
                                   "seat to the left, also when everyone passed or the hand was abandoned.")),
        3: (pgettext("rule", "Pack and ranks"),
            pgettext("rule words", "24 cards: A 10 K Q J 9 in each suit, ranked in that order and worth 11, "
                                   "10, 4, 3, 2 and 0 points: 120 in the whole pack.")),
        4: (pgettext("rule", "Deal"),
            pgettext("rule words", "Cards are dealt one at a time, starting on the dealer's left. After each "
                                   "of the first three rounds one card goes face down to the talon. Each "
                                   "player ends with 7 cards and the talon with 3.")),
        5: (pgettext("rule", "Auction"),
            pgettext("rule words", "The player on the dealer's left speaks first, then the turn goes left. "
                                   "Each call is a pass or a bid of at least 66 points, higher than the last "
                                   "bid; a pass is final. The auction ends when one bid stands and everyone "
                                   "else has passed; if everyone passes, the next player deals. No bid may be "
                                   "over 220.")),
        6: (pgettext("rule", "Blind"),
            pgettext("rule words", "Everyone starts the hand blind, cards face down. On your turn you may look"
                                   " at your cards before you call; looking is final. If the winner of the "
                                   "auction is still blind, their result counts double.")),
        7: (pgettext("rule", "Talon and contract"),
            pgettext("rule words", "The winner of the auction turns the three talon cards face up and takes "
                                   "them. Then they either abandon (their last bid is added to their score and"
                                   " each opponent takes 25 off) or declare trumps or no trumps and a contract"
                                   " at least as high as their last bid, and give one card face down to each "
                                   "opponent. Everyone then holds 8 cards.")),
        8: (pgettext("rule", "Play"),
            pgettext("rule words", "The player on the dealer's left leads the first trick. Follow suit if you "
                                   "can; if you cannot, you must play a trump if you have one (any trump); "
                                   "otherwise play any card. In no trumps a player who cannot follow plays "
                                   "anything. The highest trump wins the trick, else the highest card of the "
                                   "suit led; the winner leads next.")),
        9: (pgettext("rule", "Marriages"),
            pgettext("rule words", "A player about to lead who holds the K and the Q of one suit may show both"
                                   " and lead one of them: a marriage, worth 40 if that suit is trumps and 20 "
                                   "otherwise (20 each in no trumps). It counts only if that player wins at "
                                   "least one trick in the hand.")),
        10: (pgettext("rule", "Scoring"),
            pgettext("rule words", "A player's hand total is the card points they took in tricks plus their "
                                   "marriages that count. If the declarer's total reaches the contract, the "
                                   "contract comes off their score; if not, it is added (twice as much when "
                                   "blind). Each defender takes their own hand total off their score.")),
        11: (pgettext("rule", "End of the game"),
            pgettext("rule words", "After each whole hand, if any score is 0 or below, the match ends: the "
                                   "lowest score wins, and an exact tie shares the win.")),
        12: (pgettext("rule", "A worked example"),
            pgettext("rule words", "The rule text's example: A wins the auction blind at 80, raises the "
                                   "contract to 100, takes 68 card points and a marriage of 20: 88 is less "
                                   "than 100, so A fails and goes from 501 to 701. B took 32 and goes to 469; "
                                   "C took 20 and goes to 481.")),
    }
