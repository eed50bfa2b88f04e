"""The player's options and the page's language, as the session holds them: the options
changed one by one (each a new :class:`~halfmoon.keeping.prefs.Prefs`), the language
the page speaks, and what is done when a language's words cannot be had."""

from __future__ import annotations

from dataclasses import replace

from .. import words
from ..keeping.prefs import Prefs
from ..words.i18n import LANGUAGES, Phrase, phrase


class Options:
    """The options as they are now, and the language the page speaks."""

    def __init__(self, prefs: Prefs, lang: str) -> None:
        self.prefs = prefs
        self.lang = lang
        self.lang_before = prefs.lang  # the language chosen before the last choice
        self.missing: set[str] = set()  # languages whose words could not be had, this visit

    def change_option(self, name: str, value: str | bool, *, framed: bool = False) -> Prefs:
        """The player set the page's option ``name`` to ``value``
        (:meth:`~halfmoon.keeping.prefs.Prefs.change`): the options as they are now.

        >>> options = Options(Prefs(), "en")
        >>> options.change_option("felt", "blue").felt, options.prefs.chosen
        ('blue', ('felt',))
        """
        if name == "language":
            self.lang_before = self.prefs.lang
            self.missing.clear()  # tried again (online now, perhaps)
        self.prefs = self.prefs.change(name, value, framed=framed)
        return self.prefs

    def language_wanted(self) -> str | None:
        """The language the page should speak and does not: the player's choice, unless
        its words could not be had in this visit (:meth:`words_missing`,
        :meth:`speak_at_hand`) and it has not been chosen again since."""
        wanted = self.prefs.lang
        if wanted is None or wanted == self.lang or wanted in self.missing:
            return None
        return wanted

    def words_missing(self, code: str) -> Phrase:
        """The words of ``code``, the language just chosen, could not be downloaded
        (offline, before the offline copy has kept them: docs/reliability.md,
        "Offline"): the choice is undone, so that the page goes on in its language and
        the next start does too, and the player is told why.

        >>> options = Options(Prefs(), "pt")
        >>> options.change_option("language", "fr").lang
        'fr'
        >>> options.words_missing("fr").key, options.prefs.lang
        ('option.language-missing', None)
        """
        self.missing.add(code)
        if self.prefs.lang == code:
            self.prefs = replace(self.prefs, lang=self.lang_before)
        return phrase("option.language-missing")

    def use_prefs(self, prefs: Prefs) -> None:
        """Options saved elsewhere (another tab, a restored backup) taken as they are."""
        self.prefs = prefs

    def speak_at_hand(self) -> Phrase | None:
        """Where the words of the session's language cannot be had as the page starts
        (offline, before the offline copy has kept that language: docs/reliability.md,
        "Offline"), the page speaks the first language whose words are at hand, the
        player's choice kept for when they can be had, and the player is told why
        (None: the session's language is at hand, or no language is).

        >>> from halfmoon.host.locale import use_locale
        >>> use_locale()  # the words of every language at hand (the page's: downloaded)
        >>> options = Options(Prefs(lang="xx"), "xx")
        >>> options.speak_at_hand().key, options.lang, options.prefs.lang
        ('app.language-missing', 'pt', 'xx')
        """
        if words.installed(self.lang):
            return None
        spoken = next((code for code in LANGUAGES if words.installed(code)), None)
        if spoken is None:
            return None
        self.missing.add(self.lang)
        self.speak(spoken)
        return phrase("app.language-missing")

    def speak(self, lang: str) -> None:
        """The page's language from now on (what the session says, and the page)."""
        self.lang = lang
