# Entry point PyScript runs on the page: wire the game to the DOM.
import js  # type: ignore[import-not-found]

# Python runs: whatever fails from here on is not the network's fault (boot.js).
js.document.documentElement.dataset.python = "running"
js.performance.mark("halfmoon-main")  # read by make bench: where the start goes
try:
    from halfmoon.web.app import main
except Exception:  # the engine could not even be imported: say so on the page
    import json
    import traceback

    js.console.error(traceback.format_exc())
    root = js.document.documentElement
    root.dataset.app = "error"
    status = js.document.getElementById("boot-status")
    words = json.loads(js.document.getElementById("boot-data").textContent)["strings"]
    lang = "en" if str(root.lang).startswith("en") else "pt"
    status.classList.add("error")
    status.textContent = words[lang]["app.error"]
else:
    main()
