"""A running game at its table: /game and the play commands, the move panel, recording a move,
what the board and each private view show, resigning, and the game's end.
"""
