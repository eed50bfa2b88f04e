"""The browser side of Half Moon: the only code that touches ``js`` / the DOM.

It renders the session onto the page, turns clicks into session calls, saves to the
browser's storage and posts embed events.  No game rule lives here.
"""
