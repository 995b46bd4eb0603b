"""User-facing words through gettext message catalogs (``cardkit/locale/<lang>/LC_MESSAGES``).

The engine writes its messages in English as gettext message ids, wrapped in :func:`_`; a
catalog translates them. :func:`set_language` picks the language (``"en"`` or ``"es"``) for the
whole process; ``CARDKIT_LANG`` sets the default.

>>> set_language("en"); _("pass")
'pass'
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "cardkit"
LANGUAGES = ("en", "es")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(lang: str) -> None:
    """Use ``lang`` (one of :data:`LANGUAGES`) for every message from now on.

    Raises:
        ValueError: for a language the kit has no catalog for.
    """
    global _translation, _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    if lang == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    _language = lang


def get_language() -> str:
    """The language in use, ``"en"`` or ``"es"``."""
    return _language


def _(message: str) -> str:
    """Translate ``message`` (an English message id) into the language in use."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now."""
    return message


_env = os.environ.get("CARDKIT_LANG")
if _env in LANGUAGES:
    set_language(_env)
