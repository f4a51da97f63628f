"""``python -m bot.words update [--language LANG]`` and ``python -m bot.words check``: see
:mod:`bot.words.extract`."""

from __future__ import annotations

import argparse
import sys

from bot.words.extract import domains, languages_to_check, problems, update


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bot.words")
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument("--language", action="append", help="only this language (repeatable)")
    parser.add_argument("--domain", action="append", help="only this package (games/mandragora)")
    args = parser.parse_args(argv)
    languages = args.language or languages_to_check()
    if args.command == "update":
        for domain in domains():
            if args.domain and domain.name not in args.domain:
                continue
            for language in languages:
                path = update(domain, language)
                if path is not None:
                    print(path)
        return 0
    status = 0
    for language in languages:
        found = [p for p in problems(language) if not args.domain or p.split(":")[0] in args.domain]
        for problem in found:
            print(f"{language}: {problem}")
        status |= bool(found)
    return status


if __name__ == "__main__":
    sys.exit(main())
