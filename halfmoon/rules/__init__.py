"""The rules: the cards of the two decks, the places on the table, what may leave it
together, deal codes and their frozen dealing, the game clock, the game itself (the tap
state machine, score, undo and redo) and its stored format, and a deal in an address.

Imports nothing else of the engine: everything above stands on it.
"""
