"""The rules as the game's rules window shows them."""

from __future__ import annotations

from typing import Final

from ..rules import (
    CARDS,
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
    "rules.title": "Como se joga",
    "rules.body": f"""## Objetivo
Tirar da mesa as {CARDS} cartas de dois baralhos completos.

## A mesa
Doze montes de oito cartas formam um arco aberto em baixo e oito cartas de reserva ficam no meio. De cada monte só se vê a carta de cima; a seguinte aparece quando esta sai.

## Que cartas se jogam
A carta de cima de cada monte e qualquer carta que ainda esteja na reserva, misturadas como quiser.

## Pares e trios
Duas cartas numéricas que somam 11 saem juntas: Ás e 10, 2 e 9, 3 e 8, 4 e 7, 5 e 6. O naipe não conta. As figuras saem em trio: um Valete, uma Dama e um Rei. Uma figura nunca faz par.

## Tocar nas cartas
Toque numa carta para a escolher e noutra para fazer o par. Num trio, toque nas três figuras; saem ao terceiro toque. Toque outra vez numa carta escolhida para a largar. Se a combinação não servir, a escolha é desfeita; a opção «Erros de jogada» explica porquê e a «Ajuda à colocação» escurece as cartas que não servem.

## Arrastar
Também pode arrastar uma carta para cima de outra: é o mesmo que tocar numa e depois na outra. Largada fora de uma carta, volta ao seu lugar.

## Pontos
Cada par vale {PAIR_POINTS} pontos e cada trio {TRIO_POINTS}. Como há {NUMBER_CARDS} cartas numéricas e {FACE_CARDS} figuras, uma partida ganha tem sempre {WON_PAIRS} pares e {WON_TRIOS} trios: {WON_MOVES} jogadas e {WON_POINTS} pontos. O tempo não conta para os pontos.

## O fim
Ganha quando a mesa fica vazia. Se entre as cartas jogáveis não houver nenhum par nem trio, a partida fica sem saída: pode anular jogadas (até às últimas {UNDO_REACH}) ou começar outra.

## Códigos
Cada distribuição tem um código, por exemplo HM1-N-AAAAAAB. Toque no código para copiar a ligação e desafiar alguém com as mesmas cartas.

## Teclado
Setas: ir para a carta mais próxima nesse sentido (os lugares vazios ficam para trás). Início e Fim: a primeira e a última carta (monte 1, reserva 8). Enter ou Espaço: tocar na carta. U ou Ctrl+Z: anular. R, Ctrl+Shift+Z ou Ctrl+Y: refazer. N: nova partida. T: ler a mesa em voz alta, lugar a lugar, com o tempo, os pontos e as jogadas. P: pausa (qualquer tecla continua). F: ecrã inteiro. Esc: fechar uma janela (um clique fora dela também a fecha) ou, sem janela aberta, largar as cartas escolhidas.

Não há dicas nem solucionador: o jogo nunca diz se uma distribuição tem solução.""",
}

EN: Final[dict[str, str]] = {
    "rules.title": "How to play",
    "rules.body": f"""## Goal
Clear all {CARDS} cards of two full decks from the table.

## The table
Twelve piles of eight cards form an arch open at the bottom, with eight reserve cards inside it. Only the top card of each pile shows; the next one appears when it leaves.

## Which cards play
The top card of every pile and any card still in the reserve, in any mix.

## Pairs and trios
Two number cards that make 11 leave together: Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter. Face cards leave as a trio: a Jack, a Queen and a King. A face card never pairs.

## Tapping
Tap a card to pick it and another to make the pair. For a trio, tap the three face cards; they leave on the third tap. Tap a picked card again to let it go. If the cards do not combine, the choice is undone; the “Move errors” option says why and “Placement help” dims the cards that cannot complete a selected one.

## Dragging
You can also drag a card onto another: it is the same as tapping one and then the other. Dropped anywhere but on a card, it goes back to its place.

## Score
A pair scores {PAIR_POINTS} and a trio {TRIO_POINTS}. With {NUMBER_CARDS} number cards and {FACE_CARDS} face cards, a won game is always {WON_PAIRS} pairs and {WON_TRIOS} trios: {WON_MOVES} moves and {WON_POINTS} points. Time never counts towards the score.

## The end
You win when the table is empty. If no pair and no trio is left among the cards you can play, the game is stuck: undo moves (up to the last {UNDO_REACH}) or start another.

## Codes
Every deal has a code such as HM1-N-AAAAAAB. Tap the code to copy a link and challenge someone with the very same cards.

## Keyboard
Arrow keys: go to the nearest card that way (empty places are skipped). Home and End: the first and the last card (pile 1, reserve 8). Enter or Space: tap the card. U or Ctrl+Z: undo. R, Ctrl+Shift+Z or Ctrl+Y: redo. N: new game. T: read the table aloud, place by place, with the time, score and moves. P: pause (any key goes on). F: full screen. Esc: close a window (so does a click outside it) or, with no window open, let go of the picked cards.

There are no hints and no solver: the game never tells whether a deal can be won.""",
}
