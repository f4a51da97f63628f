"""Drawing boards, lobbies and pictures for Discord: embeds, the board's picture and its layout."""
