"""How the bot is put together and kept running: settings, the services built once at start-up,
the registry of buttons and menus, the supervised background loops, the per-member throttle.
"""
