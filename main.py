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
    # the catalogue's words and each language's <html lang>, as the build handed them
    boot = json.loads(js.document.getElementById("boot-data").textContent)
    tags = boot["html_lang"]
    lang = next((code for code in tags if tags[code] == str(root.lang)), boot["default"])
    status.classList.add("error")
    status.textContent = boot["strings"][lang]["app.error"]
else:
    main()
