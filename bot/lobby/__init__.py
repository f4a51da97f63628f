"""Before a game starts: opening a lobby, joining, AI seats, options and requirements, the
start, and reposting a game's lobby or board.
"""
