"""The playground: the real bot inside SimCord's in-memory Discord, shown in a browser.

No Discord account or token is needed. One server with a ``#games`` channel and a few
members is built; SimCord's Preview serves a Discord-like page on 127.0.0.1 where the person
switches "Viewing as" between the members to play every seat. Games are kept in a SQLite file
of the playground's own, so they survive stopping and starting it again.

:mod:`bot.playground.options` needs nothing beyond the bot; the rest needs SimCord's preview
(the ``playground`` extra), so it is imported only when the playground runs.
"""
