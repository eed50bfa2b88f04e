// @ts-check
// <half-moon>: the game in a host page in one line (docs/embedding.md).
//
//   <script src="https://SITE/embed.js" defer></script>
//   <half-moon lang="en" felt="blue"></half-moon>
//
// A classic script (no import, export or import.meta, nothing left in the host's
// globals), so that a game site that sends no CORS header (a plain nginx, Python's
// server) serves it to every host page; loaded as a module it works as well.  The
// element holds an iframe of the game's page beside this script (found from
// document.currentScript, or for a module from the page's script element that loaded
// it), with its title and allow list, as tall as the whole table needs at the element's
// width; its attributes are the options the game's address takes
// (halfmoon/page/address.py: theme, felt, deck, index, calm, motion; and lang, and code
// for a given deal), and a changed attribute loads the frame with them.  A frame the
// host page refuses (its Content-Security-Policy) gives way to a link to the game.  Every
// message the game posts (halfmoon/web/embed.py) is dispatched on the element as a
// CustomEvent "halfmoon-<type>" with the message as its detail — only messages from its
// own frame's window and origin.  The build writes the facts below from the engine
// (tools/build_site.py, embed_script); no framework, nothing else to load.
(() => {
  "use strict";

  /**
   * What the build hands this script.
   * @typedef {object} FrameFacts
   * @property {string[]} names the address's option names (halfmoon/page/address.py)
   * @property {string[]} on the values that turn on an option written as ?calm=1
   * @property {string[]} presence the options on when their attribute is there, bare
   * @property {number} narrow the widest frame that holds the table upright, in px
   * @property {number} upright a narrow frame's height per pixel of its width
   * @property {number} wide a wider frame's height per pixel of its width
   * @property {Record<string, string>} titles the frame's title in each language (by its
   *   code in lower case)
   * @property {string} fallback the game's default language
   * @property {string} allow the frame's allow list
   */

  const FACTS = /** @type {FrameFacts} */ (__FRAME__);

  /**
   * The game's address: the folder of this script.  A classic script is the document's
   * current script while it runs; a module is not, and is found among the page's scripts.
   * @returns {URL | null}
   */
  function gameAddress() {
    const own = document.currentScript;
    const scripts = [own, ...document.querySelectorAll("script[src]")];
    for (const script of scripts) {
      if (!(script instanceof HTMLScriptElement)) continue;
      try {
        const url = new URL(script.src);
        if (script === own || url.pathname.endsWith("/embed.js")) return new URL("./", url);
      } catch {
        // an address that is none: not this script's
      }
    }
    return null;
  }

  const FOUND = gameAddress();
  if (!FOUND) {
    // no frame can be made: whatever the host page put inside the element stays shown
    console.error('<half-moon>: load embed.js with <script src=".../embed.js" defer>');
    return;
  }
  const GAME = FOUND;

  /**
   * @param {string} tag a language tag, perhaps
   * @returns {string | undefined} the frame's title in it
   */
  function titleIn(tag) {
    const lower = tag.trim().toLowerCase();
    return FACTS.titles[lower] ?? FACTS.titles[lower.split("-")[0] ?? ""];
  }

  /**
   * A message's data, if it is one the game posts (docs/embedding.md).
   * @param {unknown} data
   * @returns {data is { source: "halfmoon", type: string }}
   */
  function isGameMessage(data) {
    return (
      typeof data === "object" &&
      data !== null &&
      "source" in data &&
      data.source === "halfmoon" &&
      "type" in data &&
      typeof data.type === "string" &&
      /^[a-z][a-z-]{0,31}$/.test(data.type)
    );
  }

  /**
   * The origin of an address a policy refused, if it is one.
   * @param {string} address
   * @returns {string | undefined}
   */
  function originOf(address) {
    try {
      return new URL(address).origin;
    } catch {
      return undefined;
    }
  }

  class HalfMoon extends HTMLElement {
    static get observedAttributes() {
      return ["lang", "code", ...FACTS.names];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      style.textContent =
        ":host { display: block; min-width: 0; }" +
        " iframe { display: block; width: 100%; border: 0; }" +
        " a { display: inline-block; padding: 0.75em 0; }" +
        " [hidden] { display: none; }";
      this.frame = document.createElement("iframe");
      this.frame.allow = FACTS.allow;
      // shown instead of the frame when the host page refuses it
      this.link = document.createElement("a");
      this.link.target = "_blank";
      this.link.rel = "noopener";
      this.link.hidden = true;
      root.append(style, this.frame, this.link);
      this.resizing = new ResizeObserver(() => this.fit());
      /** @param {MessageEvent} event */
      this.heard = (event) => {
        if (event.source !== this.frame.contentWindow || event.origin !== GAME.origin) return;
        if (!isGameMessage(event.data)) return;
        this.dispatchEvent(
          new CustomEvent(`halfmoon-${event.data.type}`, { detail: event.data, bubbles: true }),
        );
      };
      // A policy's refusal is reported on the frame (then through this element: the
      // event is composed) or on the document with the refused address.
      /** @param {SecurityPolicyViolationEvent} event */
      this.refused = (event) => {
        if (!/^(frame|child|default)-src$/.test(event.effectiveDirective)) return;
        const element = event.composedPath().find((node) => node instanceof HalfMoon);
        if (element ? element !== this : originOf(event.blockedURI) !== GAME.origin) return;
        this.frame.hidden = true;
        this.link.hidden = false;
      };
    }

    connectedCallback() {
      window.addEventListener("message", this.heard);
      document.addEventListener("securitypolicyviolation", this.refused);
      this.resizing.observe(this);
      this.load();
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.heard);
      document.removeEventListener("securitypolicyviolation", this.refused);
      this.resizing.disconnect();
    }

    attributeChangedCallback() {
      if (this.isConnected) this.load();
    }

    // The game's address for the attributes as they are now; the frame loads it when it
    // differs from the one it has.
    load() {
      const address = new URL(GAME);
      for (const name of ["lang", ...FACTS.names]) {
        const value = this.getAttribute(name);
        if (value === null) continue;
        const bare = value.trim() === "";
        if (!FACTS.presence.includes(name)) address.searchParams.set(name, value);
        else if (bare || FACTS.on.includes(value.trim().toLowerCase()))
          address.searchParams.set(name, FACTS.on[0] ?? "1");
      }
      const code = this.getAttribute("code");
      if (code) address.hash = code.trim();
      // in the frame's language: the one asked for, else the browser's as the game's
      const asked = this.getAttribute("lang");
      const tags = asked ? [asked] : [...navigator.languages, navigator.language];
      const title = tags.map(titleIn).find(Boolean) ?? FACTS.titles[FACTS.fallback];
      this.frame.title = title ?? "Half Moon";
      this.link.textContent = this.frame.title;
      this.link.href = address.href;
      if (this.frame.getAttribute("src") !== address.href) this.frame.src = address.href;
      this.fit();
    }

    // As tall as the whole table needs at the element's width: upright when narrow.
    fit() {
      const width = this.getBoundingClientRect().width;
      if (!width || this.frame.hidden) return;
      const ratio = width <= FACTS.narrow ? FACTS.upright : FACTS.wide;
      this.frame.style.height = `${Math.ceil(width * ratio)}px`;
    }
  }

  if (!customElements.get("half-moon")) customElements.define("half-moon", HalfMoon);
})();
