"""Mandragora's rules: what may be done now, and doing it.

Every function here works on a state that ``MandragoraEngine`` has already cloned, so the
mutations never reach the caller's state.
"""

from __future__ import annotations

from games.core import LogEntry, SeededRng, seat_ref
from games.core.words import Msg, data_msg, joined, msg, msg_list, nmsg
from games.mandragora import cards, casting
from games.mandragora.actions import (
    Action,
    AddIngredient,
    Back,
    CastBook,
    ChoosePower,
    DropOut,
    GiveCard,
    Levitate,
    Move,
    Share,
    Skip,
    Substitute,
    Transfer,
)
from games.mandragora.state import FINAL_ROUNDS, SHOPS, CastSpell, MandragoraState, Step
from games.mandragora.text import card_label, card_list

BASE_REACH = 3

Log = list[LogEntry]


# ----------------------------------------------------------------- who acts, with what
def to_act(s: MandragoraState) -> frozenset[int]:
    """The one seat that owes a decision now (none once the game is over)."""
    if s.finished:
        return frozenset()
    if s.steps:
        return frozenset({s.steps[0].seat})
    return frozenset({s.current})


def reach(s: MandragoraState, seat: int) -> int:
    """How many shops the assistant may walk for ``seat``: 3, plus 1 per Swiftness."""
    return BASE_REACH + s.sorcerers[seat].owns("swiftness")


def legal_actions(s: MandragoraState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order."""
    if seat not in to_act(s):
        return []
    if s.steps:
        return _step_actions(s, s.steps[0])
    hand = s.sorcerers[seat].hand
    actions: list[Action] = [Move(d) for d in range(1, reach(s, seat) + 1)]
    actions += [CastBook(b) for b in casting.castable_books(hand, s.stacks)]
    if s.extra_turn:
        actions.append(Skip())
    if s.countdown is not None:
        actions.append(DropOut())
    return actions


def declining(s: MandragoraState, seat: int) -> Action | None:
    """What ``seat`` does by saying nothing (``Engine.pass_action``): the "no" to what it
    may leave undone. A Replication's extra turn passes (`skip`), and in the team variant
    the trade with the partner that cursed scrolls allow is not made (`share none`). A turn
    itself, and every choice that must be made, are not declined: ``None``."""
    if seat not in to_act(s):
        return None
    if s.steps:
        return Share("none") if s.steps[0].kind == "share" else None
    return Skip() if s.extra_turn else None


def _step_actions(s: MandragoraState, step: Step) -> list[Action]:
    hand = s.sorcerers[step.seat].hand
    match step.kind:
        case "ingredients":
            actions: list[Action] = [
                AddIngredient(c)
                for c in casting.addable(step.book, step.ingredients, hand, s.stacks)
            ]
            actions += [ChoosePower(p) for p in casting.powers(len(step.ingredients), s.stacks)]
            return [*actions, Back()]
        case "transfer":
            return [Transfer(o) for o in s.opponents(step.seat)]
        case "substitute":
            return [Substitute(o) for o in s.opponents(step.seat) if s.sorcerers[o].hand]
        case "substitute-give":
            return [GiveCard(c) for c in sorted(set(hand))]
        case "levitate":
            return levitation_choices(s)
        case "share":
            return _share_choices(s, step.seat)
        case "share-reply":
            return [Share("give", c) for c in sorted(set(hand))]
    raise AssertionError(step.kind)


def levitation_choices(s: MandragoraState) -> list[Action]:
    """Cards Levitation may take: any face-up card, a cursed scroll too (it then goes in
    front of the caster), or the top face-down card of a night shop."""
    choices: list[Action] = []
    for shop, stock in enumerate(s.shops):
        if s.night[shop]:
            if stock:
                choices.append(Levitate(shop, None))
        else:
            choices += [Levitate(shop, c) for c in sorted(set(stock))]
    return choices


def _share_choices(s: MandragoraState, seat: int) -> list[Action]:
    partner = s.partner(seat)
    assert partner is not None
    mine = sorted(set(s.sorcerers[seat].hand))
    theirs = s.sorcerers[partner].hand
    choices: list[Action] = [Share("give", c) for c in mine]
    if theirs:
        choices.append(Share("ask"))
        choices += [Share("swap", c) for c in mine]
    choices.append(Share("none"))
    return choices


# ------------------------------------------------------------------------- applying
def apply(s: MandragoraState, seat: int, action: Action, log: Log) -> None:
    """Apply a legal action to the (already cloned) state, writing what happened to ``log``."""
    match action:
        case Move(distance):
            _move(s, seat, distance, log)
        case CastBook(book):
            s.steps.insert(0, Step("ingredients", seat, book=book))
            return
        case AddIngredient(card):
            step = s.steps[0]
            s.steps[0] = Step("ingredients", seat, step.book, (*step.ingredients, card))
            return
        case Back():
            step = s.steps[0]
            if step.ingredients:
                s.steps[0] = Step("ingredients", seat, step.book, step.ingredients[:-1])
            else:
                s.steps.pop(0)
            return
        case ChoosePower(power):
            _cast(s, seat, power, log)
        case Skip():
            log.append(LogEntry.public(msg("{who} lets the extra turn pass.", who=seat_ref(seat))))
        case DropOut():
            s.sorcerers[seat].dropped = True
            log.append(
                LogEntry.public(msg("{who} drops out and takes no more turns.", who=seat_ref(seat)))
            )
        case Transfer(target):
            s.steps.pop(0)
            _transfer(s, seat, target, log)
        case Substitute(target):
            s.steps.pop(0)
            _substitute(s, seat, target, log)
        case GiveCard(card):
            step = s.steps.pop(0)
            _hand_over(s, seat, step.other, card, log, "hands")
        case Levitate(shop, card):
            s.steps.pop(0)
            _levitate(s, seat, shop, card, log)
        case Share(mode, card):
            _share(s, seat, mode, card, log)
        case _:
            raise AssertionError(action)
    _settle(s, log)


def _move(s: MandragoraState, seat: int, distance: int, log: Log) -> None:
    start = s.assistant
    destination = (start + distance) % SHOPS
    gained = s.shops[destination]
    s.shops[destination] = []
    s.assistant = destination
    sorcerer = s.sorcerers[seat]
    items = [c for c in gained if c != cards.SCROLL]
    scrolls = len(gained) - len(items)
    sorcerer.hand = sorted(sorcerer.hand + items)
    sorcerer.scrolls += scrolls

    who = seat_ref(seat)
    where = destination + 1
    taken: list[Msg] = []
    if s.night[destination] and items:
        taken.append(nmsg("{n} face-down card", "{n} face-down cards", len(items)))
        log.append(
            LogEntry.private(
                msg("You take {cards} from shop {shop}.", cards=card_list(items), shop=where),
                [seat],
            )
        )
    elif items:
        taken.append(card_list(items))
    if scrolls:
        taken.append(nmsg("{n} cursed scroll", "{n} cursed scrolls", scrolls))
    steps = nmsg("{n} shop", "{n} shops", distance)
    if taken:
        line = msg(
            "{who} sends the assistant {steps} to shop {shop} and takes {cards}.",
            who=who,
            steps=steps,
            shop=where,
            cards=msg_list(taken),
        )
    else:
        line = msg(
            "{who} sends the assistant {steps} to shop {shop} and takes nothing.",
            who=who,
            steps=steps,
            shop=where,
        )
    log.append(LogEntry.public(line))

    restocked: list[Msg] = []
    for offset in range(distance):
        shop = (start + offset) % SHOPS
        if not s.deck:
            break
        card = s.deck.pop()
        s.shops[shop].append(card)
        if s.night[shop]:
            restocked.append(msg("shop {shop}: a face-down card", shop=shop + 1))
        else:
            restocked.append(msg("shop {shop}: {card}", shop=shop + 1, card=card_label(card)))
    if restocked:
        log.append(LogEntry.public(msg("Restocked {shops}.", shops=joined(restocked, "; "))))
    if scrolls:
        _scrolls_changed(s, log)
        _offer_share(s, seat)


def _cast(s: MandragoraState, seat: int, power: int, log: Log) -> None:
    step = s.steps.pop(0)
    sorcerer = s.sorcerers[seat]
    for card in (step.book, *step.ingredients):
        sorcerer.hand.remove(card)
    spell = s.stacks[power - 1].pop()
    sorcerer.spells.append(CastSpell(spell, power, step.book, step.ingredients))
    data = cards.spells()[spell]
    if step.book == cards.MANDRAKE:
        line = msg(
            "{who} casts **{spell}** (power {power}) with a mandrake as spellbook and "
            "{ingredients}: {effect}",
            who=seat_ref(seat),
            spell=data_msg(data.name),
            power=power,
            ingredients=card_list(step.ingredients),
            effect=data_msg(data.effect),
        )
    else:
        line = msg(
            "{who} casts **{spell}** (power {power}) with {book} and {ingredients}: {effect}",
            who=seat_ref(seat),
            spell=data_msg(data.name),
            power=power,
            book=card_label(step.book),
            ingredients=card_list(step.ingredients),
            effect=data_msg(data.effect),
        )
    log.append(LogEntry.public(line))
    _resolve_spell(s, seat, spell, log)


def _resolve_spell(s: MandragoraState, seat: int, spell: str, log: Log) -> None:
    sorcerer = s.sorcerers[seat]
    who = seat_ref(seat)
    if spell == "banishment":
        if sorcerer.scrolls:
            sorcerer.scrolls -= 1
            s.removed.append(cards.SCROLL)
            log.append(LogEntry.public(msg("{who} banishes a cursed scroll.", who=who)))
            _scrolls_changed(s, log)
        else:
            log.append(LogEntry.public(msg("{who} has no cursed scroll to banish.", who=who)))
    elif spell == "replication":
        s.replicate = True
    elif spell == "transfer":
        targets = s.opponents(seat)
        if not sorcerer.scrolls:
            log.append(LogEntry.public(msg("{who} has no cursed scroll to pass on.", who=who)))
        elif len(targets) == 1:
            _transfer(s, seat, targets[0], log)
        else:
            s.steps.insert(0, Step("transfer", seat))
    elif spell == "substitution":
        targets = [o for o in s.opponents(seat) if s.sorcerers[o].hand]
        if not targets:
            log.append(LogEntry.public(msg("No opponent of {who} has a card to draw.", who=who)))
        elif len(targets) == 1:
            _substitute(s, seat, targets[0], log)
        else:
            s.steps.insert(0, Step("substitute", seat))
    elif spell == "levitation":
        if levitation_choices(s):
            s.steps.insert(0, Step("levitate", seat))
        else:
            log.append(LogEntry.public(msg("No shop has a card to levitate.")))


def _transfer(s: MandragoraState, seat: int, target: int, log: Log) -> None:
    s.sorcerers[seat].scrolls -= 1
    s.sorcerers[target].scrolls += 1
    log.append(
        LogEntry.public(
            msg(
                "{who} passes a cursed scroll to {whom}.", who=seat_ref(seat), whom=seat_ref(target)
            )
        )
    )
    _scrolls_changed(s, log)
    _offer_share(s, target)


def _substitute(s: MandragoraState, seat: int, target: int, log: Log) -> None:
    rng = SeededRng(s.rng)
    their_hand = s.sorcerers[target].hand
    card = their_hand.pop(rng.below(len(their_hand)))
    s.rng = rng.state
    s.sorcerers[seat].hand = sorted([*s.sorcerers[seat].hand, card])
    s.steps.insert(0, Step("substitute-give", seat, other=target))
    who, whom = seat_ref(seat), seat_ref(target)
    log.append(LogEntry.public(msg("{who} draws a card from {whom}'s hand.", who=who, whom=whom)))
    log.append(
        LogEntry.private(
            msg("{who} draws {card} from {whom}.", who=who, card=card_label(card), whom=whom),
            [seat, target],
        )
    )


def _hand_over(s: MandragoraState, giver: int, taker: int, card: str, log: Log, verb: str) -> None:
    s.sorcerers[giver].hand.remove(card)
    s.sorcerers[taker].hand = sorted([*s.sorcerers[taker].hand, card])
    who, whom, shown = seat_ref(giver), seat_ref(taker), card_label(card)
    if verb == "hands":  # a Substitution's card handed back
        public = msg("{who} hands {whom} a card.", who=who, whom=whom)
        private = msg("{who} hands {whom} {card}.", who=who, whom=whom, card=shown)
    else:  # a team trade
        public = msg("{who} gives {whom} a card.", who=who, whom=whom)
        private = msg("{who} gives {whom} {card}.", who=who, whom=whom, card=shown)
    log.append(LogEntry.public(public))
    log.append(LogEntry.private(private, [giver, taker]))


def _levitate(s: MandragoraState, seat: int, shop: int, card: str | None, log: Log) -> None:
    stock = s.shops[shop]
    taken = stock.pop() if card is None else stock.pop(stock.index(card))
    who, where = seat_ref(seat), shop + 1
    if taken == cards.SCROLL:
        s.sorcerers[seat].scrolls += 1
        log.append(
            LogEntry.public(
                msg("{who} levitates a cursed scroll out of shop {shop}!", who=who, shop=where)
            )
        )
        _scrolls_changed(s, log)
        _offer_share(s, seat)
        return
    s.sorcerers[seat].hand = sorted([*s.sorcerers[seat].hand, taken])
    if card is None:
        log.append(
            LogEntry.public(
                msg("{who} levitates a face-down card out of shop {shop}.", who=who, shop=where)
            )
        )
        log.append(LogEntry.private(msg("You levitate {card}.", card=card_label(taken)), [seat]))
    else:
        log.append(
            LogEntry.public(
                msg(
                    "{who} levitates {card} out of shop {shop}.",
                    who=who,
                    card=card_label(taken),
                    shop=where,
                )
            )
        )


def _offer_share(s: MandragoraState, seat: int) -> None:
    if s.teams:
        s.steps.insert(0, Step("share", seat))


def _share(s: MandragoraState, seat: int, mode: str, card: str | None, log: Log) -> None:
    step = s.steps.pop(0)
    who = seat_ref(seat)
    if step.kind == "share-reply":
        assert card is not None
        _hand_over(s, seat, step.other, card, log, "gives")
        if step.card:
            s.sorcerers[seat].hand = sorted([*s.sorcerers[seat].hand, step.card])
            log.append(
                LogEntry.public(
                    msg("{who} and {whom} swap a card.", who=seat_ref(step.other), whom=who)
                )
            )
        return
    partner = s.partner(seat)
    assert partner is not None
    if mode == "give":
        assert card is not None
        _hand_over(s, seat, partner, card, log, "gives")
    elif mode == "ask":
        s.steps.insert(0, Step("share-reply", partner, other=seat))
        log.append(
            LogEntry.public(msg("{who} asks {whom} for a card.", who=who, whom=seat_ref(partner)))
        )
    elif mode == "swap":
        assert card is not None
        s.sorcerers[seat].hand.remove(card)
        s.steps.insert(0, Step("share-reply", partner, other=seat, card=card))
        log.append(
            LogEntry.public(
                msg("{who} offers {whom} a card in exchange.", who=who, whom=seat_ref(partner))
            )
        )
        log.append(
            LogEntry.private(
                msg("{who} offers {card}.", who=who, card=card_label(card)), [seat, partner]
            )
        )
    else:
        log.append(LogEntry.public(msg("{who} keeps their cards to themselves.", who=who)))


def _scrolls_changed(s: MandragoraState, log: Log) -> None:
    """Give the Curse marker to whoever now has the most cursed scrolls (see RULES.md)."""
    holder = curse_holder_after(s.curse_holder, [x.scrolls for x in s.sorcerers])
    if holder == s.curse_holder:
        return
    s.curse_holder = holder
    if holder is None:
        log.append(LogEntry.public(msg("The Curse marker returns to the middle of the table.")))
    else:
        log.append(LogEntry.public(msg("The Curse marker goes to {who}.", who=seat_ref(holder))))


def curse_holder_after(holder: int | None, scrolls: list[int]) -> int | None:
    """Most cursed scrolls takes the marker; on a tie the holder keeps it if tied, else the
    first tied sorcerer clockwise from the holder takes it."""
    most = max(scrolls)
    if most == 0:
        return None
    tied = [seat for seat, count in enumerate(scrolls) if count == most]
    if len(tied) == 1:
        return tied[0]
    if holder in tied:
        return holder
    start = holder if holder is not None else 0
    return min(tied, key=lambda seat: (seat - start) % len(scrolls))


# ---------------------------------------------------------------------- turn order
def _settle(s: MandragoraState, log: Log) -> None:
    """Once no decision is owed, end the turn: an extra turn, the next sorcerer, or the end."""
    if s.steps:
        return
    if s.replicate:
        s.replicate = False
        s.extra_turn = True
        log.append(
            LogEntry.public(
                msg("{who} may take another turn (Replication).", who=seat_ref(s.current))
            )
        )
        return
    s.extra_turn = False
    if s.countdown is None and not s.deck:
        s.countdown = FINAL_ROUNDS * s.players
        s.countdown_seat = (s.current + 1) % s.players
        log.append(
            LogEntry.public(
                msg(
                    "The deck is empty: three final rounds begin with {who}.",
                    who=seat_ref(s.countdown_seat),
                )
            )
        )
    seat = s.current
    while True:
        seat = (seat + 1) % s.players
        if s.countdown is not None:
            if s.countdown == 0 or all(x.dropped for x in s.sorcerers):
                s.finished = True
                log.append(LogEntry.public(msg("The game is over.")))
                return
            s.countdown -= 1
            if s.sorcerers[seat].dropped:
                continue
        s.current = seat
        s.turn += 1
        return


def final_round(s: MandragoraState) -> int | None:
    """Which of the three final rounds is being played (1-3), or None before they start."""
    if s.countdown is None:
        return None
    slots_left = s.countdown + 1  # the turn being played counts
    rounds_left = -(-slots_left // s.players)
    return FINAL_ROUNDS + 1 - rounds_left
