"""Final places when players resigned: whoever played on ranks above whoever gave up."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome


def with_resignations(outcome: Outcome, resigned: frozenset[int]) -> Outcome:
    """``outcome`` with every resigned seat (or team with a resigned member) placed last.

    Among those who played on, the game's own order stands; among those who resigned, too.
    """
    if not resigned:
        return outcome
    groups = list(outcome.teams) if outcome.teams else [(s,) for s in range(len(outcome.ranks))]
    keys = {
        group: (
            not any(s in resigned for s in group),
            outcome.scores[group[0]],
            outcome.tiebreaks[group[0]],
        )
        for group in groups
    }
    ranks = list(outcome.ranks)
    for group, key in keys.items():
        place = 1 + sum(1 for other in keys.values() if other > key)
        for seat in group:
            ranks[seat] = place
    return outcome.model_copy(
        update={
            "ranks": tuple(ranks),
            "winners": frozenset(
                () if outcome.nobody_won else (s for s in range(len(ranks)) if ranks[s] == 1)
            ),
        }
    )


def by_forfeit(
    players: int, resigned: Sequence[int], teams: Sequence[Sequence[int]] | None = None
) -> Outcome:
    """The end of a game everyone but one side has resigned: that side wins, and those who
    resigned follow, the last to give up placed highest."""
    groups = [tuple(t) for t in teams] if teams else [(s,) for s in range(players)]
    order = list(resigned)

    def key(group: tuple[int, ...]) -> int:
        gave_up = [order.index(s) for s in group if s in order]
        return len(order) if not gave_up else min(gave_up)

    keys = {group: key(group) for group in groups}
    ranks = [0] * players
    for group, value in keys.items():
        place = 1 + sum(1 for other in keys.values() if other > value)
        for seat in group:
            ranks[seat] = place
    return Outcome(
        scores=(0,) * players,
        tiebreaks=(0,) * players,
        ranks=tuple(ranks),
        winners=frozenset(s for s in range(players) if ranks[s] == 1),
        teams=tuple(groups) if teams else None,
    )
