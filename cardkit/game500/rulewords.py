"""The numbered rules of Five Hundred (the items of ``docs/rules.md``) as a learner reads them: each
rule's title and its plain words, in the language in use (gettext; rule cards and the progress
page read them through :meth:`cardkit.game.Game.rule_items`)."""

from __future__ import annotations

from ..i18n import pgettext


def rule_items() -> dict[int, tuple[str, str]]:
    """Each rule item → (its title, its words), translated; literal pgettext calls, so that
    ``make messages`` finds every one."""
    return {
        1: (pgettext("rule", "Seats and sides"),
            pgettext("rule words", "Four players in two sides; partners sit opposite each other. Everything "
                                   "goes round to the left.")),
        2: (pgettext("rule", "Packs"),
            pgettext("rule words", "With four players the pack has 43 cards: A down to 5 in the black suits, A"
                                   " down to 4 in the red suits, and one joker. Three players use 33 cards, "
                                   "five use 53 and six use 63, always with one joker.")),
        3: (pgettext("rule", "Deal"),
            pgettext("rule words", "Ten cards each and three to the kitty, dealt from the dealer's left: 3 "
                                   "each, 1 to the kitty, 4 each, 1 to the kitty, 3 each, 1 to the kitty.")),
        4: (pgettext("rule", "Auction"),
            pgettext("rule words", "The player on the dealer's left speaks first, then the turn goes left. A "
                                   "bid is a number of tricks (6 to 10) with a suit or no trumps, and must "
                                   "outrank the standing bid: more tricks, or as many in a higher suit (♠ ♣ ♦ "
                                   "♥ NT, lowest first). A pass is final. Misère (250) and open misère (500) "
                                   "are bids too. If everyone passes, the hand is thrown in.")),
        5: (pgettext("rule", "Kitty"),
            pgettext("rule words", "The contractor takes the three kitty cards without showing them, puts any "
                                   "three cards face down out of the game (buries them), then leads the first "
                                   "trick.")),
        6: (pgettext("rule", "Trumps"),
            pgettext("rule words", "In a suit contract the trumps are, highest first: the joker, the jack of "
                                   "trumps (right bower), the other jack of the same colour (left bower, a "
                                   "trump for everything, following suit too), then A K Q 10 9 … of trumps. So"
                                   " the left bower's own suit has no jack.")),
        7: (pgettext("rule", "Play"),
            pgettext("rule words", "Follow the suit led if you can; otherwise play any card. The highest trump"
                                   " wins the trick, else the highest card of the suit led; the winner leads "
                                   "next.")),
        8: (pgettext("rule", "No trumps and misère: the joker"),
            pgettext("rule words", "In no trumps and misère the joker belongs to no suit and beats every card,"
                                   " unless its holder, the contractor, named a suit for it before the first "
                                   "lead. You may play it on a lead only when you hold none of the suit led "
                                   "(in misère you must then). Leading it, you name a suit the others must "
                                   "follow.")),
        9: (pgettext("rule", "Misère"),
            pgettext("rule words", "A misère contractor must lose every trick: no trumps, the partner sits "
                                   "out, and the hand stops as soon as the contractor wins a trick. In open "
                                   "misère the contractor's cards lie face up after the first trick.")),
        10: (pgettext("rule", "Scoring"),
            pgettext("rule words", "Contract made: the contracting side scores its value (all ten tricks on a "
                                   "contract worth less than 250 score 250). Contract failed: the value comes "
                                   "off. The defenders score 10 for each trick they took. A misère scores 250 "
                                   "(open misère 500), won or lost, for the contractor only.")),
        11: (pgettext("rule", "Winning"),
            pgettext("rule words", "A side wins by reaching 500 on a hand it bid and made (the usual rule "
                                   "option); a side at −500 or below has lost.")),
        12: (pgettext("rule", "Three players"),
            pgettext("rule words", "Three players use a 33-card pack. The contractor plays alone against the "
                                   "other two, who score each for themselves.")),
        13: (pgettext("rule", "Five players"),
            pgettext("rule words", "Five players use a 53-card pack. After burying, the contractor goes alone "
                                   "or calls a card: whoever holds it is the partner, two against three.")),
        14: (pgettext("rule", "Six players"),
            pgettext("rule words", "Six players use a 63-card pack and play in two sides of three (or, with a "
                                   "rule option, three pairs).")),
    }
