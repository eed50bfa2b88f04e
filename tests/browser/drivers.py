"""Firefox and WebKit, driven from Debian's packages alone, behind one small interface.

Playwright's own Firefox and WebKit are patched builds that cannot be downloaded here,
so each engine is driven by what ships with it:

- **Firefox** (Debian ``firefox-esr``) through WebDriver BiDi, which Firefox serves
  itself: a short client over a WebSocket (the ``websockets`` package).  BiDi reports
  every console message and uncaught error, from the first byte of a page on.
- **WebKit** (Debian ``webkit2gtk-driver``, WebKitGTK's MiniBrowser) through classic
  WebDriver with ``selenium``, on a virtual screen (``Xvfb``) started here.  Classic
  WebDriver cannot read the console, so the page's own error list is read instead
  (``window.halfmoonErrors``, kept by ``static/errors.js``).

Both click and type as a person would: real pointer and key events sent by the browser.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections import deque
from collections.abc import Iterator
from typing import IO, Any

# the page's error list, emptied as it is read: each entry is taken once, whichever
# document is current when it is read (counting entries already seen went wrong when
# a read fell on the page being left)
ERRORS = "JSON.stringify(window.halfmoonErrors?.splice(0) ?? [])"
KEYS = {  # WebDriver's code points for the keys the tests press
    "ArrowLeft": "\ue012",
    "ArrowRight": "\ue014",
    "Home": "\ue011",
    "End": "\ue010",
    "Enter": "\ue007",
    "Escape": "\ue00c",
    "Control": "\ue009",
}


class BrowserCrashed(RuntimeError):
    """The browser stopped answering in the middle of a test (its process died).  Said
    apart from a failure of the page, with what the browser printed last."""


def _drain(stream: IO[str], into: deque[str]) -> None:
    for line in stream:
        into.append(line)


class Driver:
    """What a cross-engine test needs of a browser."""

    name = ""

    def goto(self, url: str) -> None:
        """Load ``url`` as a new document, even where only its fragment differs from the
        page's (which a browser would take as a same-document navigation)."""
        raise NotImplementedError

    def _same_document(self, url: str) -> bool:
        try:
            here = str(self.js("location.href"))
        except Exception:
            return False
        return here.split("#", 1)[0] == url.split("#", 1)[0]

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression (awaited if it is a promise), as JSON."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def press(self, key: str, *, ctrl: bool = False) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        """Errors the page reported since the last call (console errors, uncaught
        exceptions, refused requests, CSP violations)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def alive(self) -> bool:
        """Whether the browser still answers (a crashed one does not)."""
        try:
            return self.js("1") == 1
        except Exception:
            return False

    def log(self) -> str:
        """The last lines the browser (and its driver) printed: a crash says why there."""
        raise NotImplementedError

    def restart(self) -> str:
        """The browser again, fresh, after a crash; what it printed before it died."""
        raise NotImplementedError

    def wait(self, expression: str, timeout: float = 60.0) -> Any:
        """Wait until a JavaScript expression is truthy; its value (an object, such as an
        element, is answered as true)."""
        end = time.monotonic() + timeout
        truthy = f"((v) => (v && typeof v === 'object') ? true : v)({expression})"
        while True:
            value = self.js(truthy)
            if value:
                return value
            if time.monotonic() > end:
                raise TimeoutError(f"{self.name}: still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def text(self, selector: str) -> str:
        return str(self.js(f"document.querySelector({json.dumps(selector)})?.textContent ?? ''"))

    @contextlib.contextmanager
    def inside(self, selector: str) -> Iterator[None]:
        """Script, clicks and keys go to the document of the frame ``selector`` finds in
        the page, for as long as this lasts (a frame of another site too)."""
        raise NotImplementedError
        yield


# ------------------------------------------------------------------ Firefox: BiDi
# Firefox's own load of a page's tab icon, cut off when the test moves on to the next
# page while the service worker is answering it.  It is the browser's request, not the
# page's; Firefox says so in its generic words for an interception that could not
# finish, not in those for a fetch handler's failure ("passed a promise to
# FetchEvent.respondWith() that rejected"), which still fails a test.
ICON_CUT_OFF = re.compile(
    r"Failed to load ‘[^’]*/static/icon\.svg’\. "
    r"A ServiceWorker intercepted the request and encountered an unexpected error\."
)


class Firefox(Driver):
    name = "firefox"

    def __init__(self, executable: str = "firefox-esr", profile: str | None = None) -> None:
        """A fresh profile, or ``profile`` (kept: a browser that quits and starts again
        on it is a player coming back)."""
        from websockets.sync.client import connect

        self.executable = executable
        self.keep = profile is not None
        self.profile = profile or tempfile.mkdtemp(prefix="halfmoon-ff-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as prefs:
            for name, value in (
                ("intl.accept_languages", '"pt-PT, pt"'),
                ("browser.shell.checkDefaultBrowser", "false"),
                ("datareporting.policy.dataSubmissionEnabled", "false"),
                ("app.update.disabledForTesting", "true"),
                ("browser.aboutwelcome.enabled", "false"),
                ("network.captive-portal-service.enabled", "false"),
                ("dom.serviceWorkers.testing.enabled", "true"),
            ):
                prefs.write(f"user_pref({json.dumps(name)}, {value});\n")
        self.process = subprocess.Popen(
            [
                shutil.which(executable) or executable,
                "--headless",
                "--no-remote",
                "--remote-debugging-port=0",
                "--profile",
                self.profile,
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        address = ""
        end = time.monotonic() + 60
        while not address and time.monotonic() < end:
            line = self.process.stderr.readline()
            if not line:  # Firefox has exited
                break
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            address = found.group(1) if found else ""
        if not address:
            self.close()
            raise RuntimeError("Firefox did not offer WebDriver BiDi")
        # Firefox keeps writing to its log: read it away, or a full pipe would stop it.
        self.printed: deque[str] = deque(maxlen=40)  # its last lines, for a crash's report
        threading.Thread(
            target=_drain, args=(self.process.stderr, self.printed), daemon=True
        ).start()
        self._connection = connect(address + "/session", max_size=None, open_timeout=30)
        self.ws = self._connection.__enter__()
        self._id = 0
        self._errors: list[str] = []
        self.command(
            "session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}}
        )
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self.command("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def command(self, method: str, params: dict[str, Any]) -> Any:
        from websockets.exceptions import ConnectionClosed

        try:
            return self._command(method, params)
        except ConnectionClosed as error:
            raise BrowserCrashed(
                f"firefox closed its connection ({error}):\n{self.log()}"
            ) from error
        except (RuntimeError, TimeoutError) as error:
            if self.process.poll() is None:
                raise
            raise BrowserCrashed(f"firefox has exited ({error}):\n{self.log()}") from error

    def _command(self, method: str, params: dict[str, Any]) -> Any:
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=120))
            if message.get("id") == self._id:
                if message.get("type") == "error":
                    raise RuntimeError(
                        f"{method}: {message.get('error')}: {message.get('message')}"
                    )
                return message["result"]
            if message.get("method") == "log.entryAdded":
                entry = message["params"]
                if entry.get("level") == "error":
                    self._errors.append(f"{entry.get('type')}: {entry.get('text')}")

    def goto(self, url: str) -> None:
        for address in (["about:blank"] if self._same_document(url) else []) + [url]:
            self.command(
                "browsingContext.navigate",
                {"context": self.context, "url": address, "wait": "complete"},
            )

    def reload(self) -> None:
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    @contextlib.contextmanager
    def inside(self, selector: str) -> Iterator[None]:
        page = self.context
        frame = self._node(selector)
        window = self.command(
            "script.callFunction",
            {
                "functionDeclaration": "(el) => el.contentWindow",
                "arguments": [frame],
                "target": {"context": page},
                "awaitPromise": False,
            },
        )["result"]
        self.context = window["value"]["context"]
        try:
            yield
        finally:
            self.context = page

    def js(self, expression: str) -> Any:
        result = self.command(
            "script.evaluate",
            {
                "expression": f"(async () => JSON.stringify(await ({expression})))()",
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if result.get("type") == "exception":
            raise RuntimeError(f"firefox: {expression}: {result['exceptionDetails']['text']}")
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def _node(self, selector: str) -> dict[str, Any]:
        found = self.command(
            "browsingContext.locateNodes",
            {"context": self.context, "locator": {"type": "css", "value": selector}},
        )["nodes"]
        if not found:
            raise LookupError(f"firefox: nothing matches {selector}")
        return {"sharedId": found[0]["sharedId"]}

    def click(self, selector: str) -> None:
        node = self._node(selector)
        self.command(  # a person scrolls to what they click
            "script.callFunction",
            {
                "functionDeclaration": "(el) => el.scrollIntoView({block: 'nearest'})",
                "arguments": [node],
                "target": {"context": self.context},
                "awaitPromise": False,
            },
        )
        self.command(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "mouse",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {
                                "type": "pointerMove",
                                "x": 0,
                                "y": 0,
                                "origin": {"type": "element", "element": node},
                            },
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )

    def press(self, key: str, *, ctrl: bool = False) -> None:
        value = KEYS.get(key, key)
        keys = [KEYS["Control"], value] if ctrl else [value]
        actions = [{"type": "keyDown", "value": k} for k in keys]
        actions += [{"type": "keyUp", "value": k} for k in reversed(keys)]
        self.command(
            "input.performActions",
            {
                "context": self.context,
                "actions": [{"type": "key", "id": "keys", "actions": actions}],
            },
        )

    def errors(self) -> list[str]:
        self.js("0")  # takes in the log entries sent so far
        found, self._errors = self._errors, []
        return [error for error in found if not ICON_CUT_OFF.search(error)]

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.command("browser.close", {})
        with contextlib.suppress(Exception):
            self._connection.__exit__(None, None, None)
        with contextlib.suppress(Exception):
            self.process.wait(timeout=10)
        if self.process.poll() is None:
            self.process.kill()
        if not self.keep:
            shutil.rmtree(self.profile, ignore_errors=True)

    def log(self) -> str:
        return "".join(self.printed)

    def restart(self) -> str:
        printed = self.log()
        self.close()
        self.__init__(self.executable, self.profile if self.keep else None)  # type: ignore[misc]
        return printed


# -------------------------------------------------------- WebKit: classic WebDriver
@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """An Xvfb display for the life of the block (its name, e.g. ``:99``)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=10)


# As the suite's Chromium runs WebAssembly in its baseline compiler only
# (tests/browser/conftest.py), WebKit's runs it without JavaScriptCore's optimising tier
# (OMG): the same code, without its compiles in the background: this file's WebKit tests
# took 22-25 CPU-s instead of 34-35 (two runs each way) and 21 s instead of 27.
WEBKIT_SUITE_ENV = {"JSC_useOMGJIT": "false"}


class WebKit(Driver):
    name = "webkit"

    def __init__(self, display: str) -> None:
        from selenium import webdriver

        self.display = display
        os.environ["DISPLAY"] = display
        os.environ.setdefault("LANG", "pt_PT.UTF-8")
        options = webdriver.WebKitGTKOptions()
        options.add_argument("--automation")
        # the driver's and the browser's own output (a crash of the web process says so
        # there), read back when the session dies (``log``)
        handle, self.log_path = tempfile.mkstemp(prefix="halfmoon-webkit-", suffix=".log")
        os.close(handle)
        service = webdriver.WebKitGTKService(
            executable_path=shutil.which("WebKitWebDriver"),
            log_output=self.log_path,
            env={**os.environ, **WEBKIT_SUITE_ENV},
        )
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_size(1280, 860)
        self._pending: list[str] = []

    def alive(self) -> bool:
        try:
            return bool(self.driver.execute_script("return 1;") == 1)
        except Exception:
            return False

    @contextlib.contextmanager
    def _answering(self) -> Iterator[None]:
        """A WebDriver error from a browser that no longer answers is a crash."""
        from selenium.common.exceptions import WebDriverException

        try:
            yield
        except (WebDriverException, OSError) as error:  # OSError: the driver itself gone
            if self.alive():
                raise
            raise BrowserCrashed(f"webkit stopped answering ({error}):\n{self.log()}") from error

    def goto(self, url: str) -> None:
        blank_first = self._same_document(url)
        self._leave()
        with self._answering():
            if blank_first:
                self.driver.get("about:blank")
            self.driver.get(url)
        self._arrive()

    def reload(self) -> None:
        self._leave()
        with self._answering():
            self.driver.refresh()
        self._arrive()

    @contextlib.contextmanager
    def inside(self, selector: str) -> Iterator[None]:
        from selenium.webdriver.common.by import By

        with self._answering():
            self.driver.switch_to.frame(self.driver.find_element(By.CSS_SELECTOR, selector))
        try:
            yield
        finally:
            with self._answering():
                self.driver.switch_to.default_content()

    def _leave(self) -> None:
        """Take in what the page reported, and mark it as left."""
        self._collect()
        with contextlib.suppress(Exception):
            self.driver.execute_script("window.halfmoonLeft = true;")

    def _arrive(self, timeout: float = 60.0) -> None:
        """Wait for the new page to be loaded: WebKit's driver can answer a navigation
        before the page's module scripts have run (a console error the test then makes
        would not be seen)."""
        end = time.monotonic() + timeout
        while True:
            with contextlib.suppress(Exception):
                if self.driver.execute_script(
                    "return !window.halfmoonLeft && document.readyState === 'complete';"
                ):
                    return
            if time.monotonic() > end:
                if not self.alive():
                    raise BrowserCrashed(f"webkit stopped answering at a load:\n{self.log()}")
                raise TimeoutError(f"webkit: the page did not load in {timeout} s")
            time.sleep(0.05)

    def js(self, expression: str) -> Any:
        with self._answering():
            value = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"Promise.resolve().then(async () => JSON.stringify(await ({expression})))"
                ".then(done, (e) => done(JSON.stringify({__error: String(e)})));"
            )
        result = None if value is None else json.loads(value)
        if isinstance(result, dict) and "__error" in result:
            raise RuntimeError(f"webkit: {expression}: {result['__error']}")
        return result

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        with self._answering():
            self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def press(self, key: str, *, ctrl: bool = False) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.driver)
        value = KEYS.get(key, key)
        if ctrl:
            chain.key_down(KEYS["Control"]).send_keys(value).key_up(KEYS["Control"])
        else:
            chain.send_keys(value)
        with self._answering():
            chain.perform()

    def _collect(self) -> None:
        """Take in what the page reported before it is left."""
        with contextlib.suppress(Exception):
            found = json.loads(self.driver.execute_script(f"return {ERRORS};") or "[]")
            self._pending = [*self._pending, *found]

    def errors(self) -> list[str]:
        self._collect()
        found, self._pending = self._pending, []
        return found

    def log(self) -> str:
        with contextlib.suppress(OSError), open(self.log_path, errors="replace") as printed:
            return "".join(printed.readlines()[-40:])
        return ""

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        with contextlib.suppress(OSError):
            os.remove(self.log_path)

    def restart(self) -> str:
        printed = self.log()
        self.close()
        self.__init__(self.display)  # type: ignore[misc]
        return printed
