"""Jonathan Strange & Mr Norrell's decisions and whole moves in words.

A label says what a decision does for the magician who sees it: the elements an action makes
available, where a move goes and what the magician could fulfil there, the card, element and
feat of a token, what a spell or a connexion gives. Everything a label reads is public (the
board, the offers, the card of Marseilles) or the seat's own (its hand, spells and feats).
Seats appear as ``{p0}``… placeholders.
"""

from __future__ import annotations

from games.core.labels import LABEL_LIMIT, shown_length
from games.core.words import Msg, data_msg, joined, msg, nmsg, pmsg
from games.strange_norrell import cards, moves, prestige, scoring, whole_turns, years
from games.strange_norrell.actions import (
    INTRO,
    Acquire,
    Action,
    Arrive,
    Attend,
    Back,
    Battlefield,
    Cast,
    Composite,
    Connexion,
    Decision,
    Discard,
    DiscardSpell,
    Element,
    End,
    KingsRoads,
    Libraries,
    Magic,
    Move,
    Named,
    On,
    Pass,
    ReadCards,
    Ride,
    School,
    Stay,
    StillWaters,
    Study,
    Take,
    To,
    Uncover,
    Use,
    With,
)
from games.strange_norrell.notation import notation
from games.strange_norrell.state import Step, StrangeNorrellState
from games.strange_norrell.text import (
    SYMBOLS,
    action_name,
    book_label,
    book_name,
    connexion_name,
    element_label,
    engagement_label,
    feat_label,
    feat_name,
    place_name,
    plural,
    space_name,
    spell_name,
    tokens,
)

#: How much longer a label may read once translated (French, German) than in English: a
#: wording is kept only when it fits with this room to spare, so it fits in every language.
GROWTH = 1.3


def first_that_fits(*wordings: str) -> str:
    """The first of ``wordings`` (fullest first) that fits a button in every language (see
    :data:`GROWTH`); the last, barest one otherwise."""
    for text in wordings:
        if shown_length(text) * GROWTH <= LABEL_LIMIT:
            return text
    return wordings[-1]


def engagement_words(code: str) -> Msg:
    """A social engagement in few characters: ``✉️ York 🌬️``, ``🤝 Bath 🌧️ +2``."""
    return engagement_label(code)


def bare_card(code: str) -> Msg:
    """A social engagement's place and element alone, close together: ``Covent Garden🌬️+2``."""
    card = cards.engagements()[code]
    where = place_name(card.location)
    if card.is_introduction:
        return joined((where, SYMBOLS[card.element], f"+{card.prestige}"), "")
    return joined((where, SYMBOLS[card.element]), "")


def _feat_words(code: str) -> Msg:
    """A feat with what it needs and is worth: ``Ships of Rain 🌧️🌧️🌬️ (3)``."""
    return feat_label(code)


def _feat_short(code: str) -> Msg:
    return feat_name(code)


# ---------------------------------------------------------------------------- labels
def label(s: StrangeNorrellState, seat: int, action: Action) -> str:
    """What ``action`` does for ``seat``, in words (see the module's docstring)."""
    words = _choosing(s, action) or _visiting(s, seat, action) or _magic(s, seat, action)
    return words or _spells_and_more(s, seat, action)


def _choosing(s: StrangeNorrellState, action: Action) -> str:
    match action:
        case Acquire(book):
            return first_that_fits(
                msg("📚 Acquire {book}", book=book_label(book)),
                msg("📚 Acquire {book}", book=book_name(book)),
            )
        case KingsRoads():
            return msg("🛣️ Take the King's Roads: one move this turn may go anywhere")
        case Study(key):
            elements = _elements(cards.actions()[key].elements)
            return msg("Study {elements} for magic this turn", elements=elements)
        case Battlefield(first, second):
            return msg(
                "⚔️ Battlefield Magic: {elements} this turn", elements=_elements((first, second))
            )
        case Libraries(book):
            return first_that_fits(
                msg("📚 Buy Up the Libraries: keep {book}", book=book_label(book)),
                msg("📚 Buy Up the Libraries: keep {book}", book=book_name(book)),
            )
        case ReadCards():
            if len(s.revealed) > 1:
                earlier = cards.marseilles()[s.revealed[-2]].elements
                return msg(
                    "🔮 Read the Cards: last year's {elements} this turn",
                    elements=_elements(earlier),
                )
            return msg("🔮 Read the Cards (no earlier card: no element)")
        case School():
            return msg("🏫 The School at Starecross: fulfil one engagement anywhere")
        case StillWaters():
            return msg("💧 Still the waters: every action free again (none taken this turn)")
    return ""


def _elements(elements: tuple[str, ...]) -> Msg:
    labels = [element_label(e) for e in elements]
    if len(labels) == 2:
        return msg("{first} and {second}", first=labels[0], second=labels[1])
    if len(labels) == 3:
        return msg(
            "{first} and {second} and {third}", first=labels[0], second=labels[1], third=labels[2]
        )
    return joined(labels, ", ")


def _visiting(s: StrangeNorrellState, seat: int, action: Action) -> str:
    match action:
        case Move(location):
            return msg(
                "🚶 Move to {place}{there}",
                place=place_name(location),
                there=_there(s, seat, location),
            )
        case Arrive():
            return msg("🚶 Arrive on the map: choose any location next")
        case Ride():
            return msg("🛣️ Ride the King's Roads: choose any location next")
        case To(location):
            return msg(
                "📍 Go to {place}{there}",
                place=place_name(location),
                there=_there(s, seat, location),
            )
        case Stay():
            return msg("Stay where you are")
        case Attend(code):
            card = cards.engagements()[code]
            if card.is_introduction:
                bonus = 1 if prestige.has(s, seat, "patron") else 0
                return msg(
                    "Fulfil {card}: +{gain} prestige",
                    card=engagement_words(code),
                    gain=card.prestige + bonus,
                )
            return msg("Fulfil {card}: choose 2 rewards next", card=engagement_words(code))
        case Take(picks):
            return _take(picks)
    return ""


def _there(s: StrangeNorrellState, seat: int, location: str) -> Msg | str:
    """`` · 2 of your engagements there`` when the magician's hand has some there."""
    engagements = cards.engagements()
    count = len({c for c in s.magicians[seat].hand if engagements[c].location == location})
    if not count:
        return ""
    return msg(" · {engagements} of yours there", engagements=plural(count, "engagement"))


def _take(picks: tuple[str, ...], *, lower: bool = False) -> str:
    """What an invitation's picks take: "Take …" (``lower``: "take …", inside a label)."""
    intros = picks.count(INTRO)
    feats = [p for p in picks if p != INTRO]
    if not feats:
        if lower:
            return nmsg("take an introduction", "take {n} introductions", intros)
        return nmsg("Take an introduction", "Take {n} introductions", intros)
    if intros:
        if lower:
            return first_that_fits(
                msg("take an introduction and {feat}", feat=_feat_words(feats[0])),
                msg("take an introduction and {feat}", feat=_feat_short(feats[0])),
            )
        return first_that_fits(
            msg("Take an introduction and {feat}", feat=_feat_words(feats[0])),
            msg("Take an introduction and {feat}", feat=_feat_short(feats[0])),
        )
    if len(feats) == 1:
        if lower:
            return msg("take the feat {feat}", feat=_feat_words(feats[0]))
        return msg("Take the feat {feat}", feat=_feat_words(feats[0]))
    if lower:
        return first_that_fits(
            msg(
                "take {first} and {second}",
                first=_feat_words(feats[0]),
                second=_feat_words(feats[1]),
            ),
            msg(
                "take {first} and {second}",
                first=_feat_short(feats[0]),
                second=_feat_short(feats[1]),
            ),
        )
    return first_that_fits(
        msg("Take {first} and {second}", first=_feat_words(feats[0]), second=_feat_words(feats[1])),
        msg("Take {first} and {second}", first=_feat_short(feats[0]), second=_feat_short(feats[1])),
    )


def _magic(s: StrangeNorrellState, seat: int, action: Action) -> str:
    step = s.steps[0] if s.steps and s.steps[0].kind == "place" else None
    match action:
        case Magic(code):
            element = cards.engagements()[code].element
            return msg(
                "✨ Magic: discard {card} for a {token} token",
                card=engagement_words(code),
                token=element_label(element),
            )
        case Use(book):
            return first_that_fits(
                msg("📖 Use {book}", book=book_label(book)),
                msg("📖 Use {book}", book=book_name(book)),
            )
        case With(code) if step is not None:
            return msg(
                "Discard {card} to {book}", card=engagement_words(code), book=book_name(step.code)
            )
        case Element(element) if step is not None:
            return msg("Place a {token} token", token=element_label(element))
        case Element(element):
            return msg("Conjure {element}: available this turn", element=element_label(element))
        case On(feat) if step is not None:
            return _on(s, seat, step, feat)
    return ""


def _on(s: StrangeNorrellState, seat: int, step: Step, feat: str) -> str:
    held = next(h for h in s.magicians[seat].feats if h.feat == feat)
    data = cards.feats()[feat]
    placed = len(held.tokens) + step.feats.count(feat) + 1
    symbol = SYMBOLS[step.element]
    name = feat_name(feat)
    if placed == len(data.elements):
        full = msg(
            "{symbol} on {feat}: completes it, +{value} magicianship",
            symbol=symbol,
            feat=name,
            value=data.value,
        )
    else:
        full = msg(
            "{symbol} on {feat}: token {placed} of {needed}",
            symbol=symbol,
            feat=name,
            placed=placed,
            needed=len(data.elements),
        )
    return first_that_fits(full, msg("{symbol} on {feat}", symbol=symbol, feat=name))


def _spells_and_more(s: StrangeNorrellState, seat: int, action: Action) -> str:
    match action:
        case Cast(spell):
            effect = _spell_effect(s, spell)
            return first_that_fits(
                msg("🪄 Cast {spell}: {effect}", spell=spell_name(spell), effect=effect),
                joined(("🪄 ", spell_name(spell), ": ", effect), ""),
            )
        case DiscardSpell(spell):
            return msg("Discard {spell} for +1 prestige", spell=spell_name(spell))
        case Uncover(key):
            return msg("Free the disc on {action}", action=action_name(key))
        case Pass():
            return msg("Pass: play no spell now")
        case Connexion(space):
            room = cards.spaces()[space]
            return first_that_fits(
                joined(("🤝 ", space_name(space), ": ", data_msg(room.text)), ""),
                msg("🤝 Connexion: {space}", space=space_name(space)),
            )
        case Named(code):
            named = cards.connexions()[code]
            text = data_msg(named.text)
            return first_that_fits(
                joined((connexion_name(code), " (", space_name(named.space), "): ", text), ""),
                joined((connexion_name(code), ": ", text), ""),
                joined((connexion_name(code), " (", space_name(named.space), ")"), ""),
            )
        case End():
            return _end(s, seat)
        case Discard(code):
            return msg("Discard {card} (hand limit)", card=engagement_words(code))
        case Composite(decisions):
            return _composite(s, seat, decisions)
        case Back():
            return pmsg("button", "Back")
    return notation(action)


def _spell_effect(s: StrangeNorrellState, spell: str) -> Msg:
    data = cards.spells()[spell]
    match data.effect:
        case "place":
            return msg("place a {tokens} token, available or not", tokens=tokens(data.elements))
        case "move":
            return msg("go anywhere (not one of your moves)")
        case "introductions":
            return msg("draw {cards}", cards=plural(data.amount, "introduction"))
        case "magicianship":
            return msg("+1 magicianship")
        case "pupil":
            return msg("a pupil, +3 magicianship")
        case "uncover":
            return msg("free one covered action")
        case "prestige":
            return msg("+{amount} prestige", amount=data.amount)
        case "conjure":
            return msg("choose an element for this turn")
        case "fairy":
            top = cards.board().fairy.top
            after = max(0, min(top, s.fairy + data.amount))
            return msg("fairy {before} → {after}", before=s.fairy, after=after)
    return data_msg(data.text)


def _end(s: StrangeNorrellState, seat: int) -> Msg:
    count = cards.marseilles()[s.revealed[-1]].invitations
    count += 1 if prestige.has(s, seat, "letters") else 0
    draw = msg("draw {cards}", cards=plural(count, "invitation"))
    if years.is_confrontation(s.year):
        total = scoring.magicianship(s.magicians[seat])
        verdict = msg("you defeat it!") if total >= s.fairy else msg("too weak yet")
        return msg(
            "⏹️ End turn: confront the fairy, {total} vs {strength} ({verdict}); {draw}",
            total=total,
            strength=s.fairy,
            verdict=verdict,
            draw=draw,
        )
    return msg("⏹️ End turn: {draw}", draw=draw)


# ----------------------------------------------------------------------- whole moves
#: Words a shortened feat name does not end on.
_FILLERS = frozenset({"a", "an", "the", "of", "in", "at", "to", "for", "from", "over", "upon"})
_TINY = 20


def tiny_words(name: str) -> str:
    """A feat's English name cut to a few words: ``Drowned Road``, ``Grey Horses`` (what the
    data's ``tiny`` says)."""
    words = name.split()
    if words[0] in ("A", "An", "The"):
        words = words[1:]
    kept: list[str] = []
    for word in words:
        if len(" ".join([*kept, word])) > _TINY:
            break
        kept.append(word)
    while len(kept) > 1 and kept[-1].lower() in _FILLERS:
        kept.pop()
    return " ".join(kept)


def tiny_feat(code: str) -> Msg:
    """A feat's name cut to a few words: ``Drowned Road``, ``Grey Horses``."""
    data = cards.feats()[code]
    return data_msg(data.tiny or tiny_words(data.name))


def _composite(s: StrangeNorrellState, seat: int, decisions: tuple[Decision, ...]) -> str:
    """A whole move: what starts it, then how it is finished (shortened until it fits)."""
    first, rest = decisions[0], decisions[1:]
    if whole_turns.is_whole_turn(s, seat, decisions):
        return _whole_turn(s, seat, decisions)
    full, short = _tail(s, seat, decisions, tiny=False), _tail(s, seat, decisions, tiny=True)
    where = rest[-1].location if rest and isinstance(rest[-1], To) else ""
    there = _there(s, seat, where) if where else ""
    match first:
        case Arrive():
            return msg("🚶 Arrive at {place}{there}", place=full, there=there)
        case Ride():
            return msg("🛣️ Ride the King's Roads to {place}{there}", place=full, there=there)
        case Attend(code):
            card = engagement_words(code)
            return first_that_fits(
                msg("Fulfil {card}: {then}", card=card, then=full),
                msg("Fulfil {card}: {then}", card=card, then=short),
                joined((card, short), ": "),
            )
        case Magic(code):
            card = engagement_words(code)
            return first_that_fits(
                msg("✨ Magic: {card} → {then}", card=card, then=full),
                joined(("✨ ", card, " → ", full), ""),
                joined(("✨ ", card, " → ", short), ""),
            )
        case Use(book):
            name = book_name(book)
            return first_that_fits(
                joined(("📖 ", name, ": ", full), ""),
                joined(("📖 ", name, ": ", short), ""),
                joined(("📖 ", short), ""),
            )
        case Cast(spell):
            name = spell_name(spell)
            return first_that_fits(
                joined(("🪄 ", name, ": ", full), ""),
                joined(("🪄 ", name, ": ", short), ""),
                joined(("🪄 ", short), ""),
            )
        case Discard():
            codes = [d.card for d in decisions if isinstance(d, Discard)]
            words = [engagement_words(c) for c in codes]
            # Five cards run long: then their places and elements alone, closer together.
            bare = [bare_card(c) for c in codes]
            return first_that_fits(
                msg("Discard {cards}", cards=joined(words, ", ")),
                msg("Discard {cards}", cards=joined(words, " ")),
                msg("Discard {cards}", cards=joined(bare, ", ")),
                msg("Discard {cards}", cards=joined(bare, " ")),
            )
    return first_that_fits(
        joined((label(s, seat, first), full), ": "), joined((label(s, seat, first), short), ": ")
    )


def _whole_turn(s: StrangeNorrellState, seat: int, decisions: tuple[Decision, ...]) -> str:
    """The action, the magic with its card and feat, and the end of the turn."""
    action, magic, chosen = decisions[0], decisions[1:-1], moves.after(s, seat, decisions[0])
    first = magic[0]
    card: Msg | str = engagement_words(first.card) if isinstance(first, Magic) else ""
    # The card's place and element alone, closer together: ``Covent Garden🌬️+2``.
    bare: Msg | str = bare_card(first.card) if isinstance(first, Magic) else ""
    if len(magic) > 1:
        feat: Msg | str = _tail(chosen, seat, magic, tiny=True)
        barest_feat: Msg | str = _tail(chosen, seat, magic, tiny=True, bare=True)
        done: Msg | str = joined(("✨ ", card, " → ", feat), "")
        brief: Msg | str = done
        barest: Msg | str = joined(("✨ ", bare, " → ", barest_feat), "")
    else:
        done = label(chosen, seat, first)
        brief = joined(("✨ ", card), "")
        barest = joined(("✨ ", bare), "")
    named, tiny = whole_turns.action_words(action), whole_turns.action_words(action, tiny=True)
    return first_that_fits(
        msg("{action} + {magic} + end turn", action=named, magic=done),
        msg("{action} + {magic} + end", action=named, magic=done),
        msg("{action} + {magic} + end", action=named, magic=brief),
        msg("{action} + {magic} + end", action=tiny, magic=brief),
        msg("{action} + {magic} + end", action=tiny, magic=barest),
    )


def _tail(
    s: StrangeNorrellState,
    seat: int,
    decisions: tuple[Decision, ...],
    tiny: bool,
    bare: bool = False,
) -> Msg:
    """The decisions after the first, in a few words each (``bare``: up to the first feat a
    token goes on, which is named without its token)."""
    state = s
    parts: list[Msg | str] = []
    bared = False
    for index, decision in enumerate(decisions):
        if index:
            step = state.steps[0] if state.steps else None
            if bare and not bared and isinstance(decision, On) and step is not None:
                parts = [_short_on(state, seat, step, decision.feat, tiny, bare=True)]
                bared = True
            else:
                following = decisions[index + 1] if index + 1 < len(decisions) else None
                part = _part(state, seat, decision, following, tiny)
                if part:
                    parts.append(part)
        state = moves.after(state, seat, decision)
    if isinstance(decisions[0], Use) and len(parts) > 1:
        return joined((parts[0], joined(parts[1:], " & ")), " → ")
    return joined(parts, ", ") if parts else msg("done")


def _part(
    s: StrangeNorrellState, seat: int, decision: Decision, following: Decision | None, tiny: bool
) -> Msg | str:
    """A decision that finishes a move, in a few words ("" when the next one says it)."""
    step = s.steps[0] if s.steps else None
    match decision:
        case To(location):
            return place_name(location)
        case Take(picks):
            return _take_words(picks, tiny)
        case With(code):
            return engagement_words(code)
        case Element(element) if step is not None and step.kind == "conjure":
            return msg("{element} this turn", element=element_label(element))
        case Element(element):
            if isinstance(following, On):
                return ""
            return msg("a {token} token", token=element_label(element))
        case On(feat) if step is not None:
            return _short_on(s, seat, step, feat, tiny)
        case Uncover(key):
            return msg("free {action}", action=action_name(key))
        case Connexion(space):
            return space_name(space)
        case Named(code):
            return connexion_name(code)
        case Discard(code):
            return engagement_words(code)
        case Stay():
            return pmsg("part", "stay")
    return notation(decision)


def _take_words(picks: tuple[str, ...], tiny: bool) -> str:
    """What an invitation's picks take, inside a label: "take …"."""
    if not tiny:
        return _take(picks, lower=True)
    intros = picks.count(INTRO)
    feats = [tiny_feat(p) for p in picks if p != INTRO]
    if intros == len(picks):
        return _take(picks, lower=True)
    if intros:
        return msg("take an introduction and {feat}", feat=feats[0])
    if len(feats) == 1:
        return msg("take {feat}", feat=feats[0])
    return msg("take {first} and {second}", first=feats[0], second=feats[1])


def _short_on(
    s: StrangeNorrellState, seat: int, step: Step, feat: str, tiny: bool, bare: bool = False
) -> Msg:
    held = next(h for h in s.magicians[seat].feats if h.feat == feat)
    data = cards.feats()[feat]
    placed = len(held.tokens) + step.feats.count(feat) + 1
    done = " ✅" if placed == len(data.elements) else f" {placed}/{len(data.elements)}"
    name = tiny_feat(feat) if tiny else feat_name(feat)
    if bare:
        return joined((name, done), "")
    return msg("{symbol} on {feat}", symbol=SYMBOLS[step.element], feat=joined((name, done), ""))
