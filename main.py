# Entry point PyScript runs on the page: wire the game to the DOM.
try:
    from halfmoon.web.app import main
except Exception:  # the engine could not even be imported: say so on the page
    import json
    import traceback

    import js  # type: ignore[import-not-found]

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
