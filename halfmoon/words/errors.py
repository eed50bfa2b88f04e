"""Words of the page's start and of what cannot be saved or read: loading, start failures, crashes, updates, damaged storage."""

from __future__ import annotations

from typing import Final

PT: Final[dict[str, str]] = {
    "app.progress": "{done} MB de {total} MB recebidos",
    "app.offline-ready": "Pronto: o Half Moon já funciona sem rede.",
    "app.loading": "A preparar a mesa…",
    "app.error": "Não foi possível iniciar o Half Moon. Recarregue a página.",
    "app.error.load": "Não foi possível carregar o motor do jogo. Verifique a ligação e recarregue a página.",
    "app.crash": "Algo correu mal. A partida foi guardada; recarregue a página para continuar.",
    "app.crash.title": "Ups — o jogo parou",
    "save.unreadable": "Não foi possível ler o que este navegador guardou do jogo; nada será escrito por cima, e esta partida não fica guardada.",
    "app.actions": "Ações",
    "save.failed": "Não é possível guardar a partida agora (o armazenamento do navegador está cheio ou recusa-a); pode continuar a jogar.",
    "save.skipped": "O jogo não conseguiu começar com o que este navegador guardou e começou sem isso; nada foi alterado nem apagado, e esta partida não fica guardada.",
    "save.blocked": "Este navegador não deixa o jogo guardar nada: o progresso perde-se ao sair da página.",
    "save.damaged.game": "Uma partida guardada estava danificada e não pôde ser retomada; foi posta de parte, sem ser apagada.",
    "save.damaged.game.lost": "Uma partida guardada estava danificada e não pôde ser retomada; não havia espaço para a pôr de parte.",
    "save.damaged.stats": "As estatísticas guardadas estavam danificadas; foram postas de parte, sem serem apagadas, e a contagem recomeça.",
    "save.damaged.stats.lost": "As estatísticas guardadas estavam danificadas e a contagem recomeça; não havia espaço para as pôr de parte.",
    "save.damaged.prefs": "As opções guardadas estavam danificadas; foram postas de parte, sem serem apagadas, e voltaram ao início.",
    "save.damaged.prefs.lost": "As opções guardadas estavam danificadas e voltaram ao início; não havia espaço para as pôr de parte.",
    "app.table": "Mesa",
    "save.damaged.history": "A lista das suas partidas estava danificada; foi posta de parte, sem ser apagada, e começa de novo.",
    "save.damaged.history.lost": "A lista das suas partidas estava danificada e começa de novo; não havia espaço para a pôr de parte.",
    "app.update-ready": "Está pronta uma nova versão.",
}

EN: Final[dict[str, str]] = {
    "app.progress": "{done} MB of {total} MB received",
    "app.offline-ready": "Ready: Half Moon now works without a network.",
    "app.loading": "Setting the table…",
    "app.error": "Half Moon could not start. Please reload the page.",
    "app.error.load": "The game engine could not be loaded. Check your connection and reload the page.",
    "app.crash": "Something went wrong. Your game was saved; reload the page to go on.",
    "app.crash.title": "Oops — the game stopped",
    "save.unreadable": "What this browser kept of the game could not be read; nothing will be written over it, and this game is not being saved.",
    "app.actions": "Actions",
    "save.failed": "The game cannot be saved right now (the browser's storage is full or refuses it); you can keep playing.",
    "save.skipped": "The game could not start with what this browser kept, so it started without it; nothing was changed or deleted, and this game is not being saved.",
    "save.blocked": "This browser lets the game keep nothing: your progress is lost when you leave the page.",
    "save.damaged.game": "A saved game was damaged and could not be resumed; it has been kept aside, not deleted.",
    "save.damaged.game.lost": "A saved game was damaged and could not be resumed; there was no room to keep it aside.",
    "save.damaged.stats": "The saved statistics were damaged; they have been kept aside, not deleted, and counting starts again.",
    "save.damaged.stats.lost": "The saved statistics were damaged and counting starts again; there was no room to keep them aside.",
    "save.damaged.prefs": "The saved options were damaged; they have been kept aside, not deleted, and are back to their defaults.",
    "save.damaged.prefs.lost": "The saved options were damaged and are back to their defaults; there was no room to keep them aside.",
    "app.table": "Table",
    "save.damaged.history": "The list of your games was damaged; it has been kept aside, not deleted, and starts again.",
    "save.damaged.history.lost": "The list of your games was damaged and starts again; there was no room to keep it aside.",
    "app.update-ready": "A new version is ready.",
}
