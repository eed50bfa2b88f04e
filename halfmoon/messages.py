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
    # The page
    "meta.description": "Half Moon: paciência de dois baralhos. Retire pares que somam 11 e trios de Valete, Dama e Rei.",
    "app.loading": "A preparar a mesa…",
    "app.error": "Não foi possível iniciar o Half Moon. Recarregue a página.",
    "app.error.load": "Não foi possível carregar o motor do jogo. Verifique a ligação e recarregue a página.",
    "app.crash": "Algo correu mal. A partida foi guardada; recarregue a página para continuar.",
    "app.crash.title": "Ups — o jogo parou",
    "save.unreadable": "Não foi possível ler a partida guardada neste navegador.",
    "app.actions": "Ações",
    "options.title": "Opções",
    "option.errors.hint": "Explica porque é que uma jogada não foi aceite.",
    "option.placement-help.hint": "Com uma carta selecionada, escurece as que não a podem completar.",
    "option.pile-numbers.hint": "Mostra por baixo de cada lugar o seu nome e quantas cartas tem.",
    "lang.pt": "Português",
    "lang.en": "English",
    "code.title": "Jogar um código",
    "code.label": "Código da partida",
    "save.corrupt": "A partida guardada estava danificada e não pôde ser recuperada; começou uma nova.",
    "save.failed": "Este navegador não deixa guardar a partida; pode continuar a jogar.",
    "rules.title": "Como se joga",
    "rules.body": """## Objetivo
Tirar da mesa as 104 cartas de dois baralhos completos.

## A mesa
Doze montes de oito cartas formam um arco aberto em baixo e oito cartas de reserva ficam no meio. De cada monte só se vê a carta de cima; a seguinte aparece quando esta sai.

## Que cartas se jogam
A carta de cima de cada monte e qualquer carta que ainda esteja na reserva, misturadas como quiser.

## Pares e trios
Duas cartas numéricas que somam 11 saem juntas: Ás e 10, 2 e 9, 3 e 8, 4 e 7, 5 e 6. O naipe não conta. As figuras saem em trio: um Valete, uma Dama e um Rei. Uma figura nunca faz par.

## Tocar nas cartas
Toque numa carta para a escolher e noutra para fazer o par. Num trio, toque nas três figuras; saem ao terceiro toque. Tocar outra vez numa carta escolhida larga-a. Se a combinação não servir, a escolha é desfeita; a opção «Erros de jogada» explica porquê e a «Ajuda à colocação» escurece as cartas que não servem.

## Pontos
Cada par vale 10 pontos e cada trio 15. Como há 80 cartas numéricas e 24 figuras, uma partida ganha tem sempre 40 pares e 8 trios: 48 jogadas e 520 pontos. O tempo não conta para os pontos.

## O fim
Ganha quando a mesa fica vazia. Se entre as cartas jogáveis não houver nenhum par nem trio, a partida fica sem saída: pode anular jogadas (até às últimas 100) ou começar outra.

## Códigos
Cada distribuição tem um código, por exemplo HM1-N-AAAAAAB. Toque no código para copiar a ligação e desafiar alguém com as mesmas cartas.

## Teclado
Setas: passar de carta em carta. Enter ou Espaço: tocar na carta. U ou Ctrl+Z: anular. R, Ctrl+Shift+Z ou Ctrl+Y: refazer. N: nova partida. Esc: fechar uma janela.

Não há dicas nem solucionador: o jogo nunca diz se uma distribuição tem solução.""",
    # Announcements (the live region)
    "announce.pair": "Par retirado: {a} e {b}. {score} pontos.",
    "announce.trio": "Trio retirado: {a}, {b} e {c}. {score} pontos.",
    "announce.undo": "Jogada anulada. {score} pontos.",
    "announce.redo": "Jogada refeita. {score} pontos.",
    "announce.new": "Nova partida: {code}.",
    # More options
    "option.four-colour": "Baralho de quatro cores",
    "option.four-colour.hint": "Ouros a azul e paus a verde, para distinguir os naipes de relance.",
    "option.theme": "Tema",
    "theme.auto": "Automático",
    "theme.light": "Claro",
    "theme.dark": "Escuro",
    "option.reduce-motion": "Reduzir animações",
    "option.reduce-motion.hint": "As cartas saem sem movimento.",
    "app.table": "Mesa",
    # Statistics
    "action.stats": "Estatísticas",
    "stats.title": "Estatísticas",
    "stats.played": "Partidas jogadas",
    "stats.won": "Partidas ganhas",
    "stats.rate": "Vitórias",
    "stats.best-time": "Melhor tempo",
    "stats.streak": "Série atual",
    "stats.best-streak": "Melhor série",
    "stats.none": "—",
    "stats.rate.value": "{rate} %",
    "stats.note": "Uma partida conta como jogada à primeira jogada e como ganha quando sai a última carta.",
    "stats.reset": "Repor estatísticas",
    "stats.reset.confirm": "Apagar todas as estatísticas? Isto não pode ser desfeito.",
    "stats.reset.yes": "Apagar",
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
    "meta.description": "Half Moon: a two-deck solitaire. Remove pairs that make 11 and trios of Jack, Queen and King.",
    "app.loading": "Setting the table…",
    "app.error": "Half Moon could not start. Please reload the page.",
    "app.error.load": "The game engine could not be loaded. Check your connection and reload the page.",
    "app.crash": "Something went wrong. Your game was saved; reload the page to go on.",
    "app.crash.title": "Oops — the game stopped",
    "save.unreadable": "The saved game could not be read in this browser.",
    "app.actions": "Actions",
    "options.title": "Options",
    "option.errors.hint": "Explains why a move was not accepted.",
    "option.placement-help.hint": "While a card is selected, dims the cards that cannot complete it.",
    "option.pile-numbers.hint": "Shows under each place its name and how many cards it holds.",
    "lang.pt": "Português",
    "lang.en": "English",
    "code.title": "Play a code",
    "code.label": "Deal code",
    "save.corrupt": "The saved game was damaged and could not be recovered; a new one has started.",
    "save.failed": "This browser does not let the game be saved; you can keep playing.",
    "rules.title": "How to play",
    "rules.body": """## Goal
Clear all 104 cards of two full decks from the table.

## The table
Twelve piles of eight cards form an arch open at the bottom, with eight reserve cards inside it. Only the top card of each pile shows; the next one appears when it leaves.

## Which cards play
The top card of every pile and any card still in the reserve, in any mix.

## Pairs and trios
Two number cards that make 11 leave together: Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter. Face cards leave as a trio: a Jack, a Queen and a King. A face card never pairs.

## Tapping
Tap a card to pick it and another to make the pair. For a trio, tap the three face cards; they leave on the third tap. Tap a picked card again to let it go. If the cards do not combine, the choice is undone; the “Move errors” option says why and “Placement help” dims the cards that cannot help.

## Score
A pair scores 10 and a trio 15. With 80 number cards and 24 face cards, a won game is always 40 pairs and 8 trios: 48 moves and 520 points. Time never counts towards the score.

## The end
You win when the table is empty. If no pair and no trio is left among the cards you can play, the game is stuck: undo moves (up to the last 100) or start another.

## Codes
Every deal has a code such as HM1-N-AAAAAAB. Tap the code to copy a link and challenge someone with the very same cards.

## Keyboard
Arrow keys: move from card to card. Enter or Space: tap the card. U or Ctrl+Z: undo. R, Ctrl+Shift+Z or Ctrl+Y: redo. N: new game. Esc: close a window.

There are no hints and no solver: the game never tells whether a deal can be won.""",
    "announce.pair": "Pair removed: {a} and {b}. Score {score}.",
    "announce.trio": "Trio removed: {a}, {b} and {c}. Score {score}.",
    "announce.undo": "Move undone. Score {score}.",
    "announce.redo": "Move redone. Score {score}.",
    "announce.new": "New game: {code}.",
    "option.four-colour": "Four-colour deck",
    "option.four-colour.hint": "Diamonds in blue and clubs in green, to tell suits apart at a glance.",
    "option.theme": "Theme",
    "theme.auto": "Automatic",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "option.reduce-motion": "Reduce motion",
    "option.reduce-motion.hint": "Cards leave without moving.",
    "app.table": "Table",
    "action.stats": "Statistics",
    "stats.title": "Statistics",
    "stats.played": "Games played",
    "stats.won": "Games won",
    "stats.rate": "Win rate",
    "stats.best-time": "Best time",
    "stats.streak": "Current streak",
    "stats.best-streak": "Best streak",
    "stats.none": "—",
    "stats.rate.value": "{rate}%",
    "stats.note": "A game counts as played at its first move, and as won when its last card goes.",
    "stats.reset": "Reset statistics",
    "stats.reset.confirm": "Delete all statistics? This cannot be undone.",
    "stats.reset.yes": "Delete",
    "cli.usage": "usage: python -m halfmoon show CODE | new",
    "cli.reserve": "reserve",
}

CATALOGUE: Final[dict[str, dict[str, str]]] = {"pt": PT, "en": EN}
"""Language code → key → text.  ``"pt"`` is European Portuguese, the default."""
