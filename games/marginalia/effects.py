"""Resolving effects: damage, healing, changes of attack and health, erasing, drawing, coins.

Every function here works on a state that the engine has already cloned. ``Ctx`` carries the
log being written and where new decisions go: a decision raised while another is resolved
comes before the ones already waiting, in the order raised.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import LogEntry, SeededRng, seat_ref
from games.core.words import Msg, data_msg, msg, nmsg
from games.marginalia import cards
from games.marginalia.cards import Effect
from games.marginalia.page import (
    SPACES,
    at,
    empty_front,
    everyone,
    find,
    locate,
    player_code,
    player_of,
    space_code,
)
from games.marginalia.state import (
    BACK,
    FRONT,
    START_HEALTH,
    Branch,
    MarginaliaState,
    Marginalis,
    Side,
    Step,
)
from games.marginalia.stats import health_of, lethal, start_grants
from games.marginalia.text import cards_count, end_reason, name, names


@dataclass
class Ctx:
    """The log of the action being applied, and where the next decision it raises goes."""

    log: list[LogEntry] = field(default_factory=list)
    cursor: int = 0

    def say(self, text: Msg) -> None:
        """A public log line."""
        self.log.append(LogEntry.public(text))

    def tell(self, text: Msg, seat: int) -> None:
        """A log line only ``seat`` may read."""
        self.log.append(LogEntry.private(text, [seat]))

    def ask(self, s: MarginaliaState, step: Step) -> None:
        """Owe a decision, after those raised earlier by the same action."""
        if s.finished:
            return
        s.steps.insert(self.cursor, step)
        self.cursor += 1


# --------------------------------------------------------------------------- chance
def flip(s: MarginaliaState, ctx: Ctx) -> bool:
    """Flip a coin with the game's generator; True is heads."""
    rng = SeededRng(s.rng)
    heads = rng.below(2) == 0
    s.rng = rng.state
    ctx.say(msg("🪙 The coin shows heads.") if heads else msg("🪙 The coin shows tails."))
    return heads


def shuffle(s: MarginaliaState, cards_to_shuffle: list[str]) -> None:
    """Shuffle a list in place with the game's generator."""
    rng = SeededRng(s.rng)
    rng.shuffle(cards_to_shuffle)
    s.rng = rng.state


# ------------------------------------------------------------------------ effects
def effect_of(code: str, branch: Branch = "") -> Effect:
    """The effect of an incantation, or of a marginalis' ability; a coin's side if asked."""
    data = cards.card(code)
    if data.effect is not None:
        effect = data.effect
    else:
        ability = cards.ability_of(code)
        assert ability is not None
        effect = ability.effect
    if branch == "heads":
        assert effect.heads is not None
        return effect.heads
    if branch == "tails":
        assert effect.tails is not None
        return effect.tails
    return effect


def choices(s: MarginaliaState, effect: Effect) -> list[str]:
    """Players and spaces a chosen target may be, players first, then the page in order."""
    found: list[str] = []
    if effect.target in ("any", "player"):
        found += [player_code(0), player_code(1)]
    if effect.target in ("any", "marginalis"):
        for code in SPACES:
            m = at(s, code)
            if m is not None and (effect.only != "damaged" or m.damage > 0):
                found.append(code)
    return found


def has_effect(s: MarginaliaState, seat: int, effect: Effect) -> bool:
    """Whether an incantation's effect has anything to act on now, so that playing it is
    offered."""
    if effect.kind == "coin":
        return any(has_effect(s, seat, e) for e in (effect.heads, effect.tails) if e)
    if effect.chosen:
        return bool(choices(s, effect))
    if effect.kind == "token":
        return bool(empty_front(s, seat))
    if effect.kind == "fortune":
        side = s.sides[seat]
        return bool(side.deck or side.discard)
    if effect.target == "allies":
        return any(m.owner == seat for _, m in everyone(s))
    if effect.target == "enemy-front":
        return any(m is not None for m in s.sides[1 - seat].front)
    return True


def fixed_targets(s: MarginaliaState, effect: Effect, seat: int, uid: int) -> list[str]:
    """The targets of an effect whose target is not chosen, as space or player codes."""
    target = effect.target
    if target == "controller":
        return [player_code(seat)]
    if target == "enemy-front":
        enemy = s.sides[1 - seat].front
        return [space_code(1 - seat, FRONT, c) for c, m in enumerate(enemy) if m is not None]
    if target == "allies":
        return [space_code(*place) for place, m in everyone(s) if m.owner == seat]
    place = find(s, uid)
    if place is None:
        return []
    owner, line, column = place
    if target == "self":
        return [space_code(owner, line, column)]
    if target == "front" and line == BACK and s.sides[owner].front[column] is not None:
        return [space_code(owner, FRONT, column)]
    if target == "opposing" and line == FRONT and s.sides[1 - owner].front[column] is not None:
        return [space_code(1 - owner, FRONT, column)]
    return []


def start_effect(
    s: MarginaliaState, ctx: Ctx, code: str, seat: int, uid: int, branch: Branch = ""
) -> None:
    """An effect that has begun and cannot be taken back: flip its coin, ask for its target,
    or resolve it at once."""
    effect = effect_of(code, branch)
    if effect.kind == "coin":
        heads = flip(s, ctx)
        if (effect.heads if heads else effect.tails) is not None:
            start_effect(s, ctx, code, seat, uid, "heads" if heads else "tails")
        return
    if effect.chosen:
        if choices(s, effect):
            ctx.ask(s, Step("target", seat, code, "effect", uid, branch))
        else:
            ctx.say(msg("{card} has no target.", card=name(code)))
        return
    if effect.kind == "search":
        place = find(s, uid)
        if place is not None and place[1] == FRONT and s.sides[place[0]].back[place[2]] is None:
            ctx.ask(s, Step("search", seat, code, "effect", uid))
        else:
            ctx.say(msg("{card} has no space behind her.", card=name(code)))
        return
    resolve(s, ctx, effect, seat, uid, None)


def resolve(
    s: MarginaliaState, ctx: Ctx, effect: Effect, seat: int, uid: int, target: str | None
) -> None:
    """Carry out an effect on its chosen target, or on its fixed targets when ``target`` is
    None, then settle the page."""
    if effect.kind == "draw":
        draw(s, ctx, seat, effect.amount)
    elif effect.kind == "fortune":
        reveal(s, ctx, seat)
    else:
        targets = [target] if target is not None else fixed_targets(s, effect, seat, uid)
        if not targets:
            ctx.say(msg("There is nothing for it to act on."))
        for code in targets:
            _act_on(s, ctx, effect, code)
            if s.finished:
                return
    settle(s, ctx)


def _act_on(s: MarginaliaState, ctx: Ctx, effect: Effect, code: str) -> None:
    player = player_of(code)
    if player is not None:
        if effect.kind == "damage":
            hurt_player(s, ctx, player, effect.amount)
        elif effect.kind == "heal":
            heal_player(s, ctx, player, effect.amount)
        return
    m = at(s, code)
    if m is None:
        return
    label = msg("{card} ({space})", card=name(m.card), space=code)
    if effect.kind == "damage":
        m.damage += effect.amount
        ctx.say(
            nmsg("{who} takes {n} damage.", "{who} takes {n} damage.", effect.amount, who=label)
        )
    elif effect.kind == "heal":
        healed = min(effect.amount, m.damage)
        m.damage -= healed
        if healed:
            ctx.say(
                nmsg(
                    "{who} is healed of {n} damage.",
                    "{who} is healed of {n} damage.",
                    healed,
                    who=label,
                )
            )
        else:
            ctx.say(msg("{who} has no damage.", who=label))
    elif effect.kind == "buff":
        if effect.until == "turn":
            m.turn_attack += effect.attack
            ctx.say(_change(label, effect.attack, 0, turn=True))
        else:
            m.attack_bonus += effect.attack
            m.health_bonus += effect.health
            ctx.say(_change(label, effect.attack, effect.health))
    elif effect.kind == "erase":
        place = locate(code)
        assert place is not None
        erase(s, ctx, *place)


def _change(who: Msg, attack: int, health: int, *, turn: bool = False) -> Msg:
    """``… gains 2 attack.``, ``… gains 1/2.``, ``… loses 1/1.``, ``… until the end of the
    turn.``"""
    if turn:
        if attack >= 0:
            return msg("{who} gains {n} attack until the end of the turn.", who=who, n=attack)
        return msg("{who} loses {n} attack until the end of the turn.", who=who, n=-attack)
    if not health:
        if attack >= 0:
            return msg("{who} gains {n} attack.", who=who, n=attack)
        return msg("{who} loses {n} attack.", who=who, n=-attack)
    if attack >= 0 and health >= 0:
        return msg("{who} gains {attack}/{health}.", who=who, attack=attack, health=health)
    if attack <= 0 and health <= 0:
        return msg("{who} loses {attack}/{health}.", who=who, attack=-attack, health=-health)
    return msg("{who} changes by {attack:+d}/{health:+d}.", who=who, attack=attack, health=health)


# ------------------------------------------------------------------------ players
def hurt_player(s: MarginaliaState, ctx: Ctx, seat: int, amount: int) -> None:
    """Damage to a player; at 0 health they lose at once."""
    side = s.sides[seat]
    side.health = max(0, side.health - amount)
    ctx.say(
        nmsg(
            "{player} takes {n} damage ({health} health left).",
            "{player} takes {n} damage ({health} health left).",
            amount,
            player=seat_ref(seat),
            health=side.health,
        )
    )
    if side.health <= 0:
        lose(s, ctx, seat, end_reason(seat, side.health))


def heal_player(s: MarginaliaState, ctx: Ctx, seat: int, amount: int) -> None:
    """Healing a player, never above the starting 20 health."""
    side = s.sides[seat]
    healed = min(amount, START_HEALTH - side.health)
    side.health += healed
    ctx.say(
        nmsg(
            "{player} is healed of {n} damage ({health} health).",
            "{player} is healed of {n} damage ({health} health).",
            healed,
            player=seat_ref(seat),
            health=side.health,
        )
    )


def lose(s: MarginaliaState, ctx: Ctx, seat: int, reason: Msg) -> None:
    """``seat`` loses; the game is over."""
    if s.finished:
        return
    s.winner = 1 - seat
    s.phase = "over"
    s.end_reason = reason
    ctx.say(msg("{reason}: {player} wins!", reason=reason, player=seat_ref(1 - seat)))


def draw(s: MarginaliaState, ctx: Ctx, seat: int, count: int) -> None:
    """Draw up to ``count`` cards, shuffling the discard pile into a new deck when the deck
    runs out (a draw outside the draw phase simply stops when both are empty)."""
    side = s.sides[seat]
    drawn: list[str] = []
    for _ in range(count):
        if not side.deck and not reshuffle(s, ctx, seat):
            break
        drawn.append(side.deck.pop())
    side.hand = sorted(side.hand + drawn)
    ctx.say(msg("{player} draws {cards}.", player=seat_ref(seat), cards=cards_count(len(drawn))))
    if drawn:
        ctx.tell(msg("You draw {cards}.", cards=names(sorted(drawn))), seat)


def reshuffle(s: MarginaliaState, ctx: Ctx, seat: int) -> bool:
    """The discard pile, shuffled, becomes the deck; False when there is none."""
    side = s.sides[seat]
    if not side.discard:
        return False
    side.deck = side.discard + side.deck
    side.discard = []
    side.seen_discards = []
    shuffle(s, side.deck)
    side.deck_known = True
    ctx.say(msg("{player} shuffles their discard pile into a new deck.", player=seat_ref(seat)))
    return True


def reveal(s: MarginaliaState, ctx: Ctx, seat: int) -> None:
    """Rota Fortuna: turn up the top card of the deck and offer to play it."""
    side = s.sides[seat]
    if not side.deck and not reshuffle(s, ctx, seat):
        ctx.say(msg("{player} has no card to reveal.", player=seat_ref(seat)))
        return
    card = side.deck.pop()
    ctx.say(
        msg(
            "{player} reveals {card} from the top of their deck.",
            player=seat_ref(seat),
            card=name(card),
        )
    )
    ctx.ask(s, Step("fortune", seat, card, "revealed"))


# ------------------------------------------------------------------------- the page
def place_marginalis(
    s: MarginaliaState, ctx: Ctx, seat: int, card: str, line: int, column: int, token: bool = False
) -> Marginalis:
    """Put a new marginalis on a free space; on the front line its ability triggers."""
    m = Marginalis(uid=s.next_uid, card=card, owner=seat, token=token)
    s.next_uid += 1
    s.sides[seat].line(line)[column] = m
    settle(s, ctx)
    if line == FRONT:
        reach_front(s, ctx, m)
    return m


def reach_front(s: MarginaliaState, ctx: Ctx, m: Marginalis) -> None:
    """A marginalis has reached the front line: its front-line ability triggers."""
    ability = cards.ability_of(m.card)
    if ability is not None and ability.trigger == "front" and not s.finished:
        ctx.say(triggers(m.card, ability.name))
        start_effect(s, ctx, m.card, m.owner, m.uid)


def erase(s: MarginaliaState, ctx: Ctx, seat: int, line: int, column: int) -> None:
    """Erase a marginalis: to its owner's erased pile (a token leaves the game); the one
    reinforcing it moves up to the front line at once."""
    side: Side = s.sides[seat]
    m = side.line(line)[column]
    assert m is not None
    side.line(line)[column] = None
    if not m.token:
        side.erased.append(m.card)
    s.grants = [g for g in s.grants if g.target != m.uid]
    ctx.say(
        msg("{card} ({space}) is erased.", card=name(m.card), space=space_code(seat, line, column))
    )
    behind = side.back[column]
    if line == FRONT and behind is not None:
        side.back[column] = None
        side.front[column] = behind
        ctx.say(
            msg(
                "{card} moves up to {space}.",
                card=name(behind.card),
                space=space_code(seat, FRONT, column),
            )
        )
        reach_front(s, ctx, behind)


def settle(s: MarginaliaState, ctx: Ctx) -> None:
    """After anything happens: continuous abilities that now apply start, and every
    marginalis whose damage has reached its health is erased."""
    while not s.finished:
        start_grants(s)
        dead = lethal(s)
        if not dead:
            return
        for seat, line, column in dead:
            m = s.sides[seat].line(line)[column]
            if m is not None and m.damage >= health_of(s, m):
                erase(s, ctx, seat, line, column)


def triggers(card: str, ability: str) -> Msg:
    """``**Cancer**'s *Flame Cloaked* triggers.``"""
    return msg("{card}'s *{ability}* triggers.", card=name(card), ability=data_msg(ability))
