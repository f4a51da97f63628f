"""What escaped translation: every text a game says, said in the pseudo-language.

:func:`game_texts` plays seeded random games of an engine and gathers every text it gives a
person: log lines, every seat's and the spectators' boards, the labels of every legal decision
and whole move, refusals (out of turn, illegal, unreadable), the ending and results, the
catalogue, the rules summary, and the words of its pictures. :func:`unmarked` says which words
of a text, said in ``en-XA``, carry no mark: each one is a sentence that never became a
message (``games.core.words``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from bot.words.i18n import localize, localized_board
from bot.words.languages import PSEUDO
from games.core import Board, Engine, IllegalAction
from games.core.picture import drawn_in

#: Balanced marked spans (innermost first, removed until none is left).
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
#: What a text may hold unmarked: seat placeholders and the neutral tokens, code spans
#: (notation), options as they are typed (``rounds=10``), numbers and what is not a word.
_LEFT_ALONE = re.compile(r"\{[^{}]*\}|`[^`]*`|\b[a-z_]+=[\w.-]+")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: A number written in Roman numerals (a Magnum Opus round, a year): a number, not a word.
_ROMAN = re.compile(r"[IVXLC]+")
_CUT_END = re.compile(r"⟦.*", re.DOTALL)
_CUT_START = re.compile(r"^[^⟦]*⟧", re.DOTALL)


def unmarked(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` (already said in the pseudo-language) outside every mark."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    # A text cut to a limit loses its last marks' ends (and a text cut at its start, their
    # beginnings): what follows an open mark, or precedes a lone close, was marked.
    text = _CUT_END.sub(" ", _CUT_START.sub(" ", text))
    text = _LEFT_ALONE.sub(" ", text)
    return [w for w in _WORD.findall(text) if w not in allowed and not _ROMAN.fullmatch(w)]


def said(text: Any) -> str:
    """``text`` in the pseudo-language."""
    return localize(text, PSEUDO)


def board_texts(board: Board) -> Iterator[str]:
    """Every text of a board, in the pseudo-language."""
    shown = localized_board(board, PSEUDO)
    yield shown.title
    yield shown.description
    yield shown.footer
    for f in shown.fields:
        yield f.name
        yield f.value


def game_texts(
    engine: Engine[Any, Any], players: int, seed: int, *, steps: int = 400, pictures: bool = True
) -> Iterator[tuple[str, str]]:
    """(where, text) for every text one seeded random game of ``engine`` says, in the
    pseudo-language: where says what it was (a log line, a label…)."""
    chooser = random.Random(seed)
    state = engine.new_game(players, seed)
    drawn: list[str] = []

    def record(text: str) -> str:
        shown = said(text)
        drawn.append(shown)
        return shown

    yield "summary", said(engine.summary) if engine.summary else ""
    for card in engine.cards():
        yield "card name", said(card.name)
        yield "card text", said(card.text)
        if card.short:
            yield "card short", said(card.short)
        for label, value in card.numbers:
            yield "card number", said(label)
            yield "card number value", said(value)
    for step in range(steps):
        if engine.outcome(state) is not None:
            break
        seat = sorted(engine.to_act(state))[0]
        actions = engine.legal_actions(state, seat)
        if step % 7 == 0:
            for seen_by in (*range(players), None):
                view = engine.view(state, seen_by)
                yield from (("board", t) for t in board_texts(engine.describe(view)))
                if pictures and step % 21 == 0:
                    with drawn_in(record):
                        engine.picture(view)
            for action in actions[:40]:
                yield "label", said(engine.action_label(state, seat, action))
            for action in list(engine.whole_moves(state, seat))[:40]:
                yield "whole move", said(engine.action_label(state, seat, action))
            others = [s for s in range(players) if s not in engine.to_act(state)]
            if others:
                yield "not your turn", said(engine.not_your_turn_message(state, others[0]))
            for text in ("zzz", "back", "pass", "play 99"):
                try:
                    engine.parse(state, seat, text)
                except IllegalAction as refusal:
                    yield "refusal", said(refusal.message)
        action = chooser.choice(actions)
        transition = engine.apply(state, seat, action)
        state = transition.state
        for entry in transition.log:
            yield "log", said(entry.text)
    outcome = engine.outcome(state)
    if outcome is not None:
        yield "ending", said(engine.ending(state, outcome))
        for result in engine.results(state, outcome):
            yield "result", said(result)
        for seen_by in (*range(players), None):
            final = engine.describe(engine.view(state, seen_by))
            yield from (("final board", t) for t in board_texts(final))
    yield from (("picture", t) for t in drawn)


def escaped(
    engine: Engine[Any, Any], players: int, seed: int, allowed: frozenset[str] = frozenset()
) -> list[tuple[str, str, list[str]]]:
    """(where, text, unmarked words) for every text of one game that is not all marked."""
    found = []
    for where, text in game_texts(engine, players, seed):
        words = unmarked(text, allowed)
        if words:
            found.append((where, text, words))
    return found
