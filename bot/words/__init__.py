"""Grimoire's languages: saying every message in its reader's language.

``i18n`` says a message (``games.core.words.Msg``) in a language, ``languages`` decides
whose language a text is read in, ``catalogues`` reads the translations
(``<package>/locales/<language>.po``, beside the code they translate), ``pseudo`` is the test
language that marks every translated word, ``extract`` keeps the catalogues in step with the
code (``python -m bot.words``), and ``translator`` gives Discord the commands' names in every
language.
"""
