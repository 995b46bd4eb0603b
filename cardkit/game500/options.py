"""Five Hundred's rule options: every choice the rule text leaves open, as one frozen
:class:`Options500` (rules.md 500 §2–§16)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..errors import UnknownOptionError
from ..i18n import N_, _

#: Every rule option: kebab-case name → allowed values, the default first (rules.md 500 §2–§16).
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "misere": ("after-seven", "after-eight-spades"),
    "joker-lead": ("strict", "loose"),
    "joker-void": ("off", "last-card-exempt", "last-card-loses"),
    "joker-lead-any": (False, True),
    "joker-lead-last": (False, True),
    "joker-first-last": (False, True),
    "no-nt-nomination": (False, True),
    "win": ("bid-out", "points"),
    "six-pack": ("purpose-made", "improvised"),
    "six-seating": ("two-threes", "three-pairs"),
    "call-cards": ("no-joker-or-bowers", "any", "no-trumps"),
    "call-holder": ("owns-up", "surfaces"),
    "self-call": ("off", "on"),
    "call-share": ("half", "full"),
    "five-misere": ("barred", "allowed"),
}

#: One line on every option, for help texts and the notebooks.
OPTION_DOCS: dict[str, str] = {
    "misere": "where misère (250) sits: above every seven-bid (after-seven) or between 8♠ and 8♣ (§4)",
    "joker-lead": "a led joker names only a suit nobody has led yet, any suit on the last trick (strict), "
                  "or any suit on any trick (loose) (§8)",
    "joker-void": "no joker to a suit you have shown void in; as your last card it may still go "
                  "(last-card-exempt) or goes and loses to the best card of the suit led (last-card-loses) (§8)",
    "joker-lead-any": "the joker may lead any trick, naming any suit you have not shown void in (§8)",
    "joker-lead-last": "the joker may not lead before the final trick, and only takes a suit you are void in (§8)",
    "joker-first-last": "the joker may go to a suit only as your first or your last card of it (§8)",
    "no-nt-nomination": "no advance nomination of the joker in no-trump; kept for misère (§8)",
    "win": "500 wins only on a contract bid and made (bid-out) or by any points (points) (§11)",
    "six-pack": "the 63-card pack: purpose-made 11s 12s 13s, or improvised from a second pack's 2s 3s red 4s (§2)",
    "six-seating": "six players: two sides of three, seated alternately (two-threes), or three pairs (§14)",
    "call-cards": "five players: which cards may be called (§13)",
    "call-holder": "five players: the called card's holder owns up at once, or surfaces when it is played (§13)",
    "self-call": "five players: whether a card you hold or buried may be called, going secretly alone (§13)",
    "call-share": "five players: contractor and called partner each score half, or each the full value (§13)",
    "five-misere": "five players: misère and open misère barred, or allowed single-handed against four (§13)",
}

#: Plain words for each option (its title) and each value of it, as learners read them in tables
#: and on the table's option controls (translated with ``_()``); records keep the names above.
OPTION_WORDS: dict[Any, str] = {
    "misere": N_("where misère ranks"),
    ("misere", "after-seven"): N_("above every seven"),
    ("misere", "after-eight-spades"): N_("between 8♠ and 8♣"),
    "joker-lead": N_("leading the joker"),
    ("joker-lead", "strict"): N_("a suit nobody has led"),
    ("joker-lead", "loose"): N_("any suit"),
    "joker-void": N_("the joker to a suit you are void in"),
    ("joker-void", "off"): N_("always allowed"),
    ("joker-void", "last-card-exempt"): N_("barred, except as your last card"),
    ("joker-void", "last-card-loses"): N_("barred; as your last card it loses"),
    "joker-lead-any": N_("the joker may lead any trick"),
    "joker-lead-last": N_("the joker leads only the last trick"),
    "joker-first-last": N_("the joker only as your first or last card of a suit"),
    "no-nt-nomination": N_("no nominating the joker in no trumps"),
    "win": N_("how to win"),
    ("win", "bid-out"): N_("make a contract to reach 500"),
    ("win", "points"): N_("reach 500 by any points"),
    "six-pack": N_("the 63-card pack"),
    ("six-pack", "purpose-made"): N_("made with 11s, 12s and 13s"),
    ("six-pack", "improvised"): N_("improvised from a second pack"),
    "six-seating": N_("six players sit as"),
    ("six-seating", "two-threes"): N_("two sides of three"),
    ("six-seating", "three-pairs"): N_("three pairs"),
    "call-cards": N_("cards that may be called"),
    ("call-cards", "no-joker-or-bowers"): N_("all but the joker and the bowers"),
    ("call-cards", "any"): N_("any card"),
    ("call-cards", "no-trumps"): N_("no trump"),
    "call-holder": N_("the called card's holder"),
    ("call-holder", "owns-up"): N_("owns up at once"),
    ("call-holder", "surfaces"): N_("is known when the card is played"),
    "self-call": N_("calling a card you hold or buried"),
    ("self-call", "off"): N_("barred"),
    ("self-call", "on"): N_("allowed"),
    "call-share": N_("a called partner's score"),
    ("call-share", "half"): N_("half each"),
    ("call-share", "full"): N_("the full value each"),
    "five-misere": N_("misère with five players"),
    ("five-misere", "barred"): N_("barred"),
    ("five-misere", "allowed"): N_("allowed"),
}

_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")


@dataclass(frozen=True)
class Options500:
    """The rule options of a Five Hundred table, defaults first (see :data:`OPTION_DOCS`).

    Attribute names are the option names in snake case; :meth:`as_dict` gives the kebab-case
    names used by ``--rule NAME=VALUE`` and saved in records.

    >>> Options500.from_dict({"joker-lead": "loose", "joker-lead-any": "on"}).joker_lead_any
    True
    >>> Options500.from_dict({"win": "first"})
    Traceback (most recent call last):
    ...
    cardkit.errors.UnknownOptionError: rule option win='first' is not known: use one of bid-out, points
    """

    misere: str = "after-seven"
    joker_lead: str = "strict"
    joker_void: str = "off"
    joker_lead_any: bool = False
    joker_lead_last: bool = False
    joker_first_last: bool = False
    no_nt_nomination: bool = False
    win: str = "bid-out"
    six_pack: str = "purpose-made"
    six_seating: str = "two-threes"
    call_cards: str = "no-joker-or-bowers"
    call_holder: str = "owns-up"
    self_call: str = "off"
    call_share: str = "half"
    five_misere: str = "barred"

    @classmethod
    def from_dict(cls, options: dict[str, Any]) -> Options500:
        """Options from ``{name: value}``; names in kebab or snake case, values as their text
        (booleans also as ``true/false/on/off/yes/no/1/0``).

        Raises:
            UnknownOptionError: an unknown name or value (the message lists the valid ones), or two
                readings that contradict each other.
        """
        kw: dict[str, Any] = {}
        for raw, value in options.items():
            name = str(raw).replace("_", "-")
            choices = OPTION_CHOICES.get(name)
            if choices is None:
                raise UnknownOptionError(_("unknown rule option {name!r} for Five Hundred: use one of {valid}").format(
                    name=raw, valid=", ".join(OPTION_CHOICES)))
            if isinstance(choices[0], bool):
                text = str(value).strip().lower()
                if isinstance(value, bool):
                    v: Any = value
                elif text in _TRUE:
                    v = True
                elif text in _FALSE:
                    v = False
                else:
                    raise UnknownOptionError(_("rule option {name}={value!r} is not known: use true or false").format(
                        name=name, value=value))
            else:
                v = str(value).strip().lower()
                if v not in choices:
                    raise UnknownOptionError(_("rule option {name}={value!r} is not known: use one of {valid}").format(
                        name=name, value=value, valid=", ".join(choices)))
            kw[name.replace("-", "_")] = v
        opts = cls(**kw)
        if opts.joker_lead_any and opts.joker_lead_last:
            raise UnknownOptionError(_("rule options joker-lead-any and joker-lead-last contradict each other: "
                                       "choose one"))
        return opts

    def as_dict(self) -> dict[str, Any]:
        """``{kebab-name: value}`` for every option, in :data:`OPTION_CHOICES` order."""
        return {f.name.replace("_", "-"): getattr(self, f.name) for f in fields(self)}
