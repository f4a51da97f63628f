"""How a finished game ended: scores, ranking with the game's tie-breaks, winners, teams."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from games.core.board import seat_ref
from games.core.words import msg, msg_list, nmsg


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


def amount(score: int, score_name: str) -> str:
    """A score with its unit: "23 prestige", "1 point" (a unit in -s loses it for one).

    >>> amount(1, "points"), amount(23, "prestige")
    ('1 point', '23 prestige')
    """
    match score_name:
        case "points":
            return nmsg("{n} point", "{n} points", score)
        case "prestige":
            return nmsg("{n} prestige", "{n} prestige", score)
        case "credits":
            return nmsg("{n} credit", "{n} credits", score)
        case "magicianship":
            return nmsg("{n} magicianship", "{n} magicianship", score)
    unit = score_name[:-1] if abs(score) == 1 and score_name.endswith("s") else score_name
    return f"{score} {unit}"


def score_words(outcome: Outcome, score_name: str = "points") -> tuple[str, ...]:
    """Each seat's score with its unit, in seat order: what ``Engine.results`` says unless
    a game says it its own way.

    >>> score_words(Outcome.ranked([23, 1]), "prestige")
    ('23 prestige', '1 prestige')
    """
    return tuple(amount(score, score_name) for score in outcome.scores)


def ending_sentence(outcome: Outcome, score_name: str = "points") -> str:
    """One neutral sentence saying who won and with what, seats as placeholders: what
    ``Engine.ending`` says unless a game says it its own way.

    >>> ending_sentence(Outcome.ranked([23, 12]), "prestige")
    '{p0} wins with 23 prestige.'
    >>> ending_sentence(Outcome.ranked([5, 7, 7]))
    '{p1} and {p2} share the win with 7 points.'
    >>> ending_sentence(Outcome.ranked([3, 4, 2, 5], teams=[(0, 2), (1, 3)]))
    'Team {p1} & {p3} wins with 9 points.'
    """
    if outcome.nobody_won or not outcome.winners:
        return msg("Nobody wins: the table loses together.")
    winners = sorted(outcome.winners)
    score = amount(outcome.scores[winners[0]], score_name)
    if outcome.teams:
        sides = [team for team in outcome.teams if team[0] in outcome.winners]
        named = [" & ".join(seat_ref(s) for s in team) for team in sides]
        if len(named) == 1:
            return msg("Team {team} wins with {score}.", team=named[0], score=score)
        return msg(
            "Teams {teams} share the win with {score}.",
            teams=msg_list(named),
            score=score,
        )
    if len(winners) == 1:
        return msg("{winner} wins with {score}.", winner=seat_ref(winners[0]), score=score)
    return msg(
        "{winners} share the win with {score}.",
        winners=msg_list([seat_ref(s) for s in winners]),
        score=score,
    )
