"""How a finished game ended: scores, ranking with the game's tie-breaks, winners, teams."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict


class Outcome(BaseModel):
    """The end of a game.

    ``scores[s]`` is seat ``s``'s score (a team's combined score for every member in team
    games); ``tiebreaks[s]`` is the value compared when scores are equal (higher is better);
    ``ranks[s]`` is the seat's place, 1 being first, tied places shared (1, 1, 3);
    ``winners`` is every seat ranked first, except when the game ends with ``nobody_won``
    (everyone loses together, as to an undefeated enemy): then it is empty.
    """

    model_config = ConfigDict(frozen=True)

    scores: tuple[int, ...]
    tiebreaks: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]
    teams: tuple[tuple[int, ...], ...] | None = None
    nobody_won: bool = False

    @classmethod
    def ranked(
        cls,
        scores: Sequence[int],
        tiebreaks: Sequence[int] | None = None,
        teams: Sequence[Sequence[int]] | None = None,
        *,
        nobody_won: bool = False,
    ) -> Outcome:
        """Rank seats (or teams) by score, then tie-break, both higher-is-better.

        With ``teams``, a team's score and tie-break are its members' sums and every member
        gets the team's values and place. With ``nobody_won``, places are still given but
        nobody is a winner.
        """
        seats = len(scores)
        breaks = list(tiebreaks) if tiebreaks is not None else [0] * seats
        groups = [tuple(t) for t in teams] if teams else [(s,) for s in range(seats)]
        keys = [(sum(scores[s] for s in g), sum(breaks[s] for s in g)) for g in groups]
        final_scores = [0] * seats
        final_breaks = [0] * seats
        ranks = [0] * seats
        for group, key in zip(groups, keys, strict=True):
            place = 1 + sum(1 for other in keys if other > key)
            for seat in group:
                final_scores[seat], final_breaks[seat] = key
                ranks[seat] = place
        return cls(
            scores=tuple(final_scores),
            tiebreaks=tuple(final_breaks),
            ranks=tuple(ranks),
            winners=frozenset(() if nobody_won else (s for s in range(seats) if ranks[s] == 1)),
            teams=tuple(groups) if teams else None,
            nobody_won=nobody_won,
        )
