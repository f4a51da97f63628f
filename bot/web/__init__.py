"""Grimoire on the web: read-only pages of games, tournaments and players, served by the
bot's own HTTP server when ``WEB_PORT`` is set and a server turned them on."""
