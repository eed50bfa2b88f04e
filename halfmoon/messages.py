"""Every string the product shows to people, in European Portuguese and English.

Keys are stable identifiers; values may hold ``{placeholders}`` filled by
:func:`halfmoon.i18n.text`.  The strings that SPEC §6 fixes are marked ``# SPEC``.
Both languages must always have exactly the same keys (a test checks it).
"""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    # Options and actions
    "option.errors": "Erros de jogada",  # SPEC
    "option.placement-help": "Ajuda à colocação",  # SPEC
    "option.pile-numbers": "Números dos montes",
    "option.language": "Idioma",
    "action.undo": "Anular",  # SPEC
    "action.redo": "Refazer",
    "action.new": "Nova partida",  # SPEC
    "action.play-code": "Jogar um código",
    "action.copy-link": "Copiar ligação",
    "action.rules": "Regras",
    "action.options": "Opções",
    "action.close": "Fechar",
    "action.play": "Jogar",
    "action.cancel": "Cancelar",
    "action.reload": "Recarregar",
    # Errors of play
    "error.sum": "A soma tem de ser igual a 11",  # SPEC
    "error.trio": "É necessário um Valete, uma Dama e um Rei",  # SPEC
    # The bar
    "stat.time": "Tempo",
    "stat.score": "Pontos",
    "stat.moves": "Jogadas",
    "stat.code": "Código",
    # Deal codes
    "code.error.empty": "Escreva um código de partida, por exemplo HM1-N-AAAAAAB.",
    "code.error.too-long": "Esse texto é demasiado longo para ser um código de partida.",
    "code.error.characters": "Um código de partida só tem letras A–Z, o algarismo 1 e hífenes.",
    "code.error.version": "Esta versão do jogo só conhece códigos que começam por HM1.",
    "code.error.kind": "Depois de HM1- vem a letra N, por exemplo HM1-N-AAAAAAB.",
    "code.error.length": "A última parte do código tem exatamente 7 letras.",
    "code.error.letters": "A última parte do código só pode ter letras de A a Z.",
    "code.error.format": "Um código de partida tem a forma HM1-N-ABCDEFG.",
    "code.link-invalid": "A ligação aberta não tem um código de partida válido: {reason} A partida em curso continua.",
    "code.copied": "Ligação da partida copiada.",
    "code.copy-failed": "Não foi possível copiar. A ligação é: {link}",
    # Cards and places
    "rank.1": "Ás",
    "rank.2": "Dois",
    "rank.3": "Três",
    "rank.4": "Quatro",
    "rank.5": "Cinco",
    "rank.6": "Seis",
    "rank.7": "Sete",
    "rank.8": "Oito",
    "rank.9": "Nove",
    "rank.10": "Dez",
    "rank.11": "Valete",
    "rank.12": "Dama",
    "rank.13": "Rei",
    "rank-short.1": "A",
    "rank-short.11": "V",
    "rank-short.12": "D",
    "rank-short.13": "R",
    "suit.S": "Espadas",
    "suit.H": "Copas",
    "suit.D": "Ouros",
    "suit.C": "Paus",
    "card.name": "{rank} de {suit}",
    "place.pile": "monte {n}",
    "place.reserve": "reserva {n}",
    "place.count.0": "vazio",
    "place.count.1": "1 carta",
    "place.count.n": "{n} cartas",
    "card.aria": "{card}, {place}, {count}",
    # End of game
    "end.won.title": "Ganhou!",
    "end.won.text": "Retirou as 104 cartas: {score} pontos em {moves} jogadas e {time}.",
    "end.impasse.title": "Sem jogadas possíveis",
    "end.impasse.text": "Entre as cartas que podem ser jogadas não há nenhum par de soma 11 nem nenhum trio. Pode anular a última jogada ou começar uma nova partida.",
    # Command line
    "cli.usage": "uso: python -m halfmoon show CÓDIGO | new",
    "cli.reserve": "reserva",
}

EN: Final[dict[str, str]] = {
    "option.errors": "Move errors",  # SPEC
    "option.placement-help": "Placement help",  # SPEC
    "option.pile-numbers": "Pile numbers",
    "option.language": "Language",
    "action.undo": "Undo",  # SPEC
    "action.redo": "Redo",
    "action.new": "New game",  # SPEC
    "action.play-code": "Play a code",
    "action.copy-link": "Copy link",
    "action.rules": "Rules",
    "action.options": "Options",
    "action.close": "Close",
    "action.play": "Play",
    "action.cancel": "Cancel",
    "action.reload": "Reload",
    "error.sum": "The sum must be 11",  # SPEC
    "error.trio": "You need a Jack, a Queen and a King",  # SPEC
    "stat.time": "Time",
    "stat.score": "Score",
    "stat.moves": "Moves",
    "stat.code": "Deal",
    "code.error.empty": "Type a deal code, for example HM1-N-AAAAAAB.",
    "code.error.too-long": "That text is far too long to be a deal code.",
    "code.error.characters": "A deal code has only the letters A–Z, the digit 1 and hyphens.",
    "code.error.version": "This version of the game only knows codes that start with HM1.",
    "code.error.kind": "After HM1- comes the letter N, for example HM1-N-AAAAAAB.",
    "code.error.length": "The last part of the code has exactly 7 letters.",
    "code.error.letters": "The last part of the code may only hold the letters A to Z.",
    "code.error.format": "A deal code looks like HM1-N-ABCDEFG.",
    "code.link-invalid": "The link you opened has no valid deal code: {reason} Your game goes on.",
    "code.copied": "Link to this deal copied.",
    "code.copy-failed": "Could not copy. The link is: {link}",
    "rank.1": "Ace",
    "rank.2": "Two",
    "rank.3": "Three",
    "rank.4": "Four",
    "rank.5": "Five",
    "rank.6": "Six",
    "rank.7": "Seven",
    "rank.8": "Eight",
    "rank.9": "Nine",
    "rank.10": "Ten",
    "rank.11": "Jack",
    "rank.12": "Queen",
    "rank.13": "King",
    "rank-short.1": "A",
    "rank-short.11": "J",
    "rank-short.12": "Q",
    "rank-short.13": "K",
    "suit.S": "Spades",
    "suit.H": "Hearts",
    "suit.D": "Diamonds",
    "suit.C": "Clubs",
    "card.name": "{rank} of {suit}",
    "place.pile": "pile {n}",
    "place.reserve": "reserve {n}",
    "place.count.0": "empty",
    "place.count.1": "1 card",
    "place.count.n": "{n} cards",
    "card.aria": "{card}, {place}, {count}",
    "end.won.title": "You won!",
    "end.won.text": "All 104 cards are gone: {score} points in {moves} moves and {time}.",
    "end.impasse.title": "No moves left",
    "end.impasse.text": "No pair that makes 11 and no trio is among the cards you can play. Undo the last move or start a new game.",
    "cli.usage": "usage: python -m halfmoon show CODE | new",
    "cli.reserve": "reserve",
}

CATALOGUE: Final[dict[str, dict[str, str]]] = {"pt": PT, "en": EN}
"""Language code → key → text.  ``"pt"`` is European Portuguese, the default."""
