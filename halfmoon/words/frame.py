"""Words of the calm table (the option that takes the clock, score and moves off the
bar; the end window's and the share text's cards cleared instead; a move said without
its points), and the title of the frame a host page's ``<half-moon>`` element holds
(static/embed.js)."""

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
    "calm.announce.pair": "Par retirado: {a} e {b}.",
    "calm.announce.trio": "Trio retirado: {a}, {b} e {c}.",
    "calm.announce.undo.pair": "Jogada anulada: {a} e {b} voltaram à mesa.",
    "calm.announce.undo.trio": "Jogada anulada: {a}, {b} e {c} voltaram à mesa.",
    "calm.announce.redo.pair": "Jogada refeita: {a} e {b} saíram outra vez.",
    "calm.announce.redo.trio": "Jogada refeita: {a}, {b} e {c} saíram outra vez.",
}

EN: Final[dict[str, str]] = {
    "option.calm": "Calm table",
    "option.calm.hint": "No clock, score or moves on the bar; at the end, the cards cleared.",
    "calm.end.won": "All {total} cleared from the table.",
    "calm.end.impasse": "You cleared {cleared} of {deck}.",
    "calm.cleared": "{cleared} of {total} cleared",
    "calm.share": "Half Moon · {deal}: {result} · {cleared}",
    "embed.title": "Half Moon solitaire",
    "calm.announce.pair": "Pair removed: {a} and {b}.",
    "calm.announce.trio": "Trio removed: {a}, {b} and {c}.",
    "calm.announce.undo.pair": "Move undone: {a} and {b} are back on the table.",
    "calm.announce.undo.trio": "Move undone: {a}, {b} and {c} are back on the table.",
    "calm.announce.redo.pair": "Move redone: {a} and {b} removed again.",
    "calm.announce.redo.trio": "Move redone: {a}, {b} and {c} removed again.",
}
