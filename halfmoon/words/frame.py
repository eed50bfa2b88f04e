"""Words of the calm table (the option that takes the clock, score and moves off the
bar, and the end window's and the share text's cards cleared instead), and the title
of the frame a host page's ``<half-moon>`` element holds (static/embed.js)."""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "option.calm": "Mesa calma",
    "option.calm.hint": "Sem relógio, pontos nem jogadas na barra; no fim, as cartas retiradas.",
    "calm.end.won": "Retirou as {total} da mesa.",
    "calm.end.impasse": "Retirou {cleared} das {deck}.",
    "calm.cleared": "{cleared} de {total} retiradas",
    "calm.share": "Half Moon · {deal}: {result} · {cleared}",
    "embed.title": "Half Moon, jogo de paciência",
}

EN: Final[dict[str, str]] = {
    "option.calm": "Calm table",
    "option.calm.hint": "No clock, score or moves on the bar; at the end, the cards cleared.",
    "calm.end.won": "All {total} cleared from the table.",
    "calm.end.impasse": "You cleared {cleared} of {deck}.",
    "calm.cleared": "{cleared} of {total} cleared",
    "calm.share": "Half Moon · {deal}: {result} · {cleared}",
    "embed.title": "Half Moon solitaire",
}
