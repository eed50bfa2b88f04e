"""The words of the rules and examples pages (``page.*``): used only by the site's build
(tools/build_pages.py), so they live with the host's modules and never reach the engine
archive the browser downloads (tools/stdlib.py, ``HOST_ONLY``).  Numbers of the rules come
from :mod:`halfmoon.rules`."""

from __future__ import annotations

from typing import Final

from ..i18n import DEFAULT_LANGUAGE, fill, text
from ..rules import (
    FACE_CARDS,
    NUMBER_CARDS,
    PAIR_POINTS,
    TRIO_POINTS,
    UNDO_REACH,
    WON_MOVES,
    WON_PAIRS,
    WON_POINTS,
    WON_TRIOS,
)

PT: Final[dict[str, str]] = {
    "page.nav": "Páginas do Half Moon",
    "page.nav.play": "Jogar",
    "page.nav.rules": "Regras",
    "page.nav.examples": "Exemplos",
    "page.other-language": "English",
    "page.rules.title": "Regras do Half Moon",
    "page.rules.description": "As regras do Half Moon, paciência de dois baralhos: pares que somam 11, trios de figuras, pontuação e fim do jogo, com esquemas.",
    "page.rules.lead": "Half Moon é uma paciência para dois baralhos: tiram-se da mesa pares de cartas que somam 11 e trios de Valete, Dama e Rei até não sobrar nenhuma. Os esquemas desta página são posições reais do jogo.",
    "page.legend": "Por baixo de cada carta: o número do monte (1 a 12) ou da casa da reserva (R1 a R8) e, entre parênteses, quantas cartas lá estão.",
    "page.setup.title": "A preparação",
    "page.setup.1": "Juntam-se dois baralhos de 52 cartas: 104 cartas, cada uma repetida. Depois de baralhadas, 96 são distribuídas por 12 montes de 8 e as últimas 8 ocupam as 8 casas da reserva. Não há monte de compra nem fundações: todas as cartas estão na mesa desde o início.",
    "page.setup.2": "Os montes desenham um arco aberto em baixo: 3 à esquerda (o monte 1 é o de baixo), 7 em cima e 2 à direita. A numeração corre ao longo do arco, do monte 1 ao 12. A reserva fica no meio, em duas filas de quatro. De cada monte vê-se só a carta de cima; a de baixo aparece quando esta sai.",
    "page.fig.start": "A distribuição {code} no início. Cada monte tem 8 cartas e cada casa da reserva tem 1.",
    "page.play.title": "Que cartas se jogam",
    "page.play.1": "Em cada momento podem ser jogadas a carta de cima de cada um dos 12 montes e todas as cartas que ainda estão na reserva. Uma jogada pode misturar origens: duas cartas de montes, uma de um monte e outra da reserva, ou duas da reserva.",
    "page.pairs.title": "Pares e trios",
    "page.pairs.1": "Um par são duas cartas numéricas (o Ás vale 1) que somam 11. Há cinco combinações: Ás e 10, 2 e 9, 3 e 8, 4 e 7, 5 e 6. O naipe não conta.",
    "page.pairs.2": "Um trio é um Valete, uma Dama e um Rei, de quaisquer naipes. As figuras nunca fazem par, e duas figuras iguais nunca estão no mesmo trio.",
    "page.pairs.3": "As cartas retiradas saem do jogo. Um monte ou uma casa da reserva que fique vazia continua vazia até ao fim.",
    "page.fig.pair": "Um par prestes a sair: {a} {from_a} e {b} {from_b} ({x} + {y} = 11).",
    "page.fig.trio": "Um trio prestes a sair: {a} {from_a}, {b} {from_b} e {c} {from_c}.",
    "page.tap.title": "Tocar nas cartas",
    "page.tap.1": "Toque numa carta para a selecionar e depois na que faz 11 com ela: o par sai. Para um trio, toque nas três figuras, uma de cada vez; saem ao terceiro toque. O jogo nunca escolhe a última carta por si.",
    "page.tap.2": "Toque outra vez numa carta selecionada para a desmarcar. Se a segunda carta não servir, nada sai: dois números que não somam 11, ou um número e uma figura, limpam a seleção; uma segunda figura do mesmo valor (outro Rei, por exemplo) passa a ser a figura selecionada.",
    "page.options.title": "As duas opções de ajuda",
    "page.options.1": "«Erros de jogada» explica porque é que uma jogada não foi aceite: «A soma tem de ser igual a 11» ou «É necessário um Valete, uma Dama e um Rei».",
    "page.options.2": "«Ajuda à colocação» escurece, enquanto houver uma carta selecionada, todas as cartas que não a podem completar. As duas vêm desligadas; o jogo lembra a sua escolha.",
    "page.fig.help": "Com a «Ajuda à colocação», o {a} {from_a} está selecionado: só ficam claras as cartas que fazem 11 com ele.",
    "page.score.title": "A pontuação",
    "page.score.1": f"Cada par vale {PAIR_POINTS} pontos e cada trio {TRIO_POINTS}. Anular uma jogada tira-lhe os pontos; o tempo nunca conta.",
    "page.score.2": f"Dois baralhos têm {NUMBER_CARDS} cartas numéricas e {FACE_CARDS} figuras. Os números só saem aos pares, por isso uma vitória tem sempre {WON_PAIRS} pares; as figuras só saem em trios, por isso tem sempre {WON_TRIOS} trios. São {WON_MOVES} jogadas e {WON_PAIRS} × {PAIR_POINTS} + {WON_TRIOS} × {TRIO_POINTS} = {WON_POINTS} pontos em todas as partidas ganhas, nem mais nem menos.",
    "page.end.title": "O fim da partida",
    "page.end.1": "Ganha quando as 104 cartas saíram da mesa. Fica sem saída (impasse) quando, entre as cartas que podem ser jogadas, não há nenhum par que some 11 nem nenhum trio. O jogo avisa logo; pode anular jogadas ou começar outra partida.",
    "page.fig.impasse": "Impasse na distribuição {code} depois de {moves}. {reason}",
    "page.undo.title": "Anular e refazer",
    "page.undo.1": f"«Anular» devolve as cartas da última jogada aos seus lugares e tira os pontos; funciona até às últimas {UNDO_REACH} jogadas. «Refazer» repõe as jogadas anuladas, até fazer uma jogada nova.",
    "page.codes.title": "Códigos de partida",
    "page.codes.1": "Cada distribuição tem um código, por exemplo HM1-N-AAAAAAB, que dá exatamente as mesmas cartas em qualquer aparelho. Toque no código na barra para copiar a ligação e desafiar alguém; «Jogar código» abre a distribuição de um código.",
    "page.hint.title": "Sem dicas, de propósito",
    "page.hint.1": "O Half Moon não tem botão de dica nem solucionador e nunca diz se uma distribuição tem solução. Descobrir a ordem certa é o jogo; se uma partida ficar sem saída, anule e experimente outro caminho.",
    "page.family.title": "A família Elevens",
    "page.family.1": "Tirar pares que somam 11 e figuras em grupos de três é a regra de uma família de paciências conhecida como Elevens, em geral jogada com um só baralho. O Half Moon leva essa regra a dois baralhos, com montes em arco e uma reserva que se pode usar a qualquer momento.",
    "page.rules.more": "Veja uma partida inteira, jogada a jogada, na página de exemplos.",
    "page.credits": "As figuras dos valetes, damas e reis são do baralho SVG-cards 4.0.2, de David Bellot e Huub de Beer (com desphilboy, Thomas Linard e rhorns), com a licença GNU LGPL 2.1 ou posterior; o Half Moon usa só as figuras, sem moldura nem cantos.",
    "page.credits.licence": "Licença",
    "page.credits.source": "Código-fonte do baralho",
    "page.examples.title": "Exemplos de partidas",
    "page.examples.description": "Uma partida de Half Moon ganha, jogada a jogada, e uma partida que fica sem saída, com esquemas.",
    "page.examples.lead": "Duas partidas reais, reproduzidas pelo próprio motor do jogo. As cartas da próxima jogada têm um contorno dourado; as que acabaram de ficar à vista têm um contorno azul.",
}

EN: Final[dict[str, str]] = {
    "page.nav": "Half Moon pages",
    "page.nav.play": "Play",
    "page.nav.rules": "Rules",
    "page.nav.examples": "Examples",
    "page.other-language": "Português",
    "page.rules.title": "Half Moon rules",
    "page.rules.description": "The rules of Half Moon, a two-deck solitaire: pairs that make 11, trios of face cards, scoring and the end of the game, with diagrams.",
    "page.rules.lead": "Half Moon is a solitaire for two decks: you clear the table by removing pairs of cards that make 11 and trios of Jack, Queen and King until none is left. The diagrams on this page are real positions from the game.",
    "page.legend": "Under each card: the pile's number (1 to 12) or the reserve place (R1 to R8) and, in brackets, how many cards it holds.",
    "page.setup.title": "Setting up",
    "page.setup.1": "Two 52-card decks are shuffled together: 104 cards, each one twice. 96 of them are dealt into 12 piles of 8 and the last 8 fill the 8 reserve places. There is no stock and no foundation: every card is on the table from the start.",
    "page.setup.2": "The piles draw an arch open at the bottom: 3 on the left (pile 1 is the lowest), 7 along the top and 2 on the right. The numbers run along the arch from pile 1 to pile 12. The reserve sits inside, in two rows of four. Only the top card of a pile shows; the one beneath appears when it leaves.",
    "page.fig.start": "Deal {code} at the start. Every pile holds 8 cards and every reserve place 1.",
    "page.play.title": "Which cards you can play",
    "page.play.1": "At any time you can play the top card of each of the 12 piles and every card still in the reserve. A move may mix sources: two cards from piles, one from a pile and one from the reserve, or two from the reserve.",
    "page.pairs.title": "Pairs and trios",
    "page.pairs.1": "A pair is two number cards (the Ace counts 1) that make 11. There are five ways: Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter.",
    "page.pairs.2": "A trio is a Jack, a Queen and a King, of any suits. Face cards never pair, and two face cards of the same rank are never in one trio.",
    "page.pairs.3": "Removed cards leave the game. A pile or reserve place that empties stays empty to the end.",
    "page.fig.pair": "A pair about to leave: {a} {from_a} and {b} {from_b} ({x} + {y} = 11).",
    "page.fig.trio": "A trio about to leave: {a} {from_a}, {b} {from_b} and {c} {from_c}.",
    "page.tap.title": "Tapping cards",
    "page.tap.1": "Tap a card to select it, then the card that makes 11 with it: the pair leaves. For a trio, tap the three face cards one after another; they leave on the third tap. The game never picks the last card for you.",
    "page.tap.2": "Tap a selected card again to let it go. If the second card does not fit, nothing leaves: two numbers that do not make 11, or a number and a face card, clear the selection; a second face card of the same rank (another King, say) becomes the selected one instead.",
    "page.options.title": "The two helping options",
    "page.options.1": "“Move errors” explains why a move was not accepted: “The sum must be 11” or “You need a Jack, a Queen and a King”.",
    "page.options.2": "“Placement help” dims, while a card is selected, every card that cannot complete it. Both start switched off; the game remembers your choice.",
    "page.fig.help": "With “Placement help”, {a} {from_a} is selected: only the cards that make 11 with it stay bright.",
    "page.score.title": "Scoring",
    "page.score.1": f"A pair scores {PAIR_POINTS} points and a trio {TRIO_POINTS}. Undoing a move takes its points back; time never counts.",
    "page.score.2": f"Two decks hold {NUMBER_CARDS} number cards and {FACE_CARDS} face cards. Numbers only leave in pairs, so a win always has {WON_PAIRS} pairs; face cards only leave in trios, so it always has {WON_TRIOS} trios. That is {WON_MOVES} moves and {WON_PAIRS} × {PAIR_POINTS} + {WON_TRIOS} × {TRIO_POINTS} = {WON_POINTS} points in every won game, no more and no less.",
    "page.end.title": "The end of the game",
    "page.end.1": "You win when all 104 cards have left the table. The game is stuck (an impasse) when no pair that makes 11 and no trio is among the cards you can play. The game says so at once; you can undo moves or start another game.",
    "page.fig.impasse": "Impasse in deal {code} after {moves}. {reason}",
    "page.undo.title": "Undo and redo",
    "page.undo.1": f"“Undo” puts the cards of the last move back where they were and takes its points away; it reaches back up to the last {UNDO_REACH} moves. “Redo” plays undone moves again, until you make a new move.",
    "page.codes.title": "Deal codes",
    "page.codes.1": "Every deal has a code, such as HM1-N-AAAAAAB, that gives exactly the same cards on any device. Tap the code in the bar to copy a link and challenge someone; “Play code” opens the deal of a code.",
    "page.hint.title": "No hints, on purpose",
    "page.hint.1": "Half Moon has no hint button and no solver, and never tells whether a deal can be won. Finding the right order is the game; if a game gets stuck, undo and try another way.",
    "page.family.title": "The Elevens family",
    "page.family.1": "Removing pairs that make 11 and face cards in threes is the rule of a family of solitaires known as Elevens, usually played with a single deck. Half Moon takes that rule to two decks, with piles in an arch and a reserve you can use at any time.",
    "page.rules.more": "See a whole game, move by move, on the examples page.",
    "page.credits": "The figures of the Jacks, Queens and Kings come from the SVG-cards 4.0.2 deck by David Bellot and Huub de Beer (with desphilboy, Thomas Linard and rhorns), under the GNU LGPL 2.1 or later; Half Moon uses the figures only, without frame or corners.",
    "page.credits.licence": "Licence",
    "page.credits.source": "The deck's source",
    "page.examples.title": "Example games",
    "page.examples.description": "A won game of Half Moon, move by move, and a game that gets stuck, with diagrams.",
    "page.examples.lead": "Two real games, replayed by the game's own engine. The cards of the next move have a gold outline; the cards just uncovered have a blue one.",
}

CATALOGUE: Final[dict[str, dict[str, str]]] = {"pt": PT, "en": EN}


def page_text(lang: str, key: str, **params: object) -> str:
    """What the pages say for ``key``: one of their own words (``page.*``), else the
    game's catalogue (:func:`halfmoon.i18n.text`), with ``params`` filled in."""
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT_LANGUAGE])
    if key in table:
        return fill(table[key], lang, **params)
    return text(lang, key, **params)
