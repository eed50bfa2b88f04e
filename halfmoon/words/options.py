"""Words of the options: the switches and their hints, the theme, the felt, the pause."""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "option.errors": "Erros de jogada",  # fixed
    "option.placement-help": "Ajuda à colocação",  # fixed
    "option.pile-numbers": "Números dos montes",
    "option.language": "Idioma",
    "options.title": "Opções",
    "option.errors.hint": "Explica porque é que uma jogada não foi aceite.",
    "option.placement-help.hint": "Com uma carta selecionada, escurece as que não a podem completar.",
    "option.pile-numbers.hint": "Mostra por baixo de cada lugar o seu nome e quantas cartas tem.",
    "option.four-colour": "Baralho de quatro cores",
    "option.four-colour.hint": "Ouros a azul e paus a verde, para distinguir os naipes de relance.",
    "option.theme": "Tema",
    "theme.auto": "Automático",
    "theme.light": "Claro",
    "theme.dark": "Escuro",
    "option.reduce-motion": "Reduzir animações",
    "option.reduce-motion.hint": "As cartas saem sem movimento.",
    "option.large-index": "Índice grande",
    "option.large-index.hint": "O valor de cada carta em letra grande, para o ler de relance; o naipe fica mais pequeno ao lado.",
    "pause.title": "Em pausa",
    "pause.text": "O tempo parou. Toque ou prima uma tecla para continuar.",
    "option.sound": "Som",
    "option.sound.hint": "Sons curtos e suaves para as suas jogadas.",
    "option.felt": "Cor da mesa",
    "felt.green": "Verde",
    "felt.blue": "Azul",
    "felt.burgundy": "Bordéus",
    "felt.grey": "Cinzento",
}

EN: Final[dict[str, str]] = {
    "option.errors": "Move errors",  # fixed
    "option.placement-help": "Placement help",  # fixed (SPEC §6); its hint says what it does
    "option.pile-numbers": "Pile numbers",
    "option.language": "Language",
    "options.title": "Options",
    "option.errors.hint": "Explains why a move was not accepted.",
    "option.placement-help.hint": "While a card is selected, dims the cards that cannot complete it.",
    "option.pile-numbers.hint": "Shows under each place its name and how many cards it holds.",
    "option.four-colour": "Four-colour deck",
    "option.four-colour.hint": "Diamonds in blue and clubs in green, to tell suits apart at a glance.",
    "option.theme": "Theme",
    "theme.auto": "Automatic",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "option.reduce-motion": "Reduce motion",
    "option.reduce-motion.hint": "Cards leave without moving.",
    "option.large-index": "Large index",
    "option.large-index.hint": "Each card's rank in large print, to read at a glance; the suit smaller beside it.",
    "pause.title": "Paused",
    "pause.text": "The clock has stopped. Tap or press any key to go on.",
    "option.sound": "Sound",
    "option.sound.hint": "Short, soft sounds for your moves.",
    "option.felt": "Table colour",
    "felt.green": "Green",
    "felt.blue": "Blue",
    "felt.burgundy": "Burgundy",
    "felt.grey": "Grey",
}
