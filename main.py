# Entry point PyScript runs on the page: wire the game to the DOM.
import js  # type: ignore[import-not-found]

# Python runs: whatever fails from here on is not the network's fault (boot.js).
js.document.documentElement.dataset.python = "running"
js.performance.mark("halfmoon-main")  # read by make bench: where the start goes
try:
    from halfmoon.web.app import main
except Exception:  # the engine could not even be imported: the page says so
    import traceback

    js.console.error(traceback.format_exc())
    js.document.documentElement.dataset.app = "error"  # shown by static/boot/failure.js
else:
    main()
