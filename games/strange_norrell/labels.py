"""Jonathan Strange & Mr Norrell's decisions and whole moves in words.

A label says what a decision does for the magician who sees it: the elements an action makes
available, where a move goes and what the magician could fulfil there, the card, element and
feat of a token, what a spell or a connexion gives. Everything a label reads is public (the
board, the offers, the card of Marseilles) or the seat's own (its hand, spells and feats).
Seats appear as ``{p0}``… placeholders.
"""

from __future__ import annotations

from games.core.labels import first_that_fits
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
    INTRODUCTION,
    INVITATION,
    SYMBOLS,
    book_label,
    element_label,
    feat_label,
    place_name,
    plural,
    spell_name,
    tokens,
)

#: The longest label, once every seat placeholder is filled with a name this long.


def engagement_words(code: str) -> str:
    """A social engagement in few characters: ``✉️ York 🌬️``, ``🤝 Bath 🌧️ +2``."""
    card = cards.engagements()[code]
    where = cards.location_names()[card.location]
    if card.is_introduction:
        return f"{INTRODUCTION} {where} {SYMBOLS[card.element]} +{card.prestige}"
    return f"{INVITATION} {where} {SYMBOLS[card.element]}"


def _feat_words(code: str) -> str:
    """A feat with what it needs and is worth: ``Ships of Rain 🌧️🌧️🌬️ (3)``."""
    return feat_label(code)


def _feat_short(code: str) -> str:
    return cards.feats()[code].name


# ---------------------------------------------------------------------------- labels
def label(s: StrangeNorrellState, seat: int, action: Action) -> str:
    """What ``action`` does for ``seat``, in words (see the module's docstring)."""
    words = _choosing(s, action) or _visiting(s, seat, action) or _magic(s, seat, action)
    return words or _spells_and_more(s, seat, action)


def _choosing(s: StrangeNorrellState, action: Action) -> str:
    match action:
        case Acquire(book):
            return first_that_fits(
                f"📚 Acquire {book_label(book)}", f"📚 Acquire {cards.books()[book].name}"
            )
        case KingsRoads():
            return "🛣️ Take the King's Roads: one move this turn may go anywhere"
        case Study(key):
            return f"Study {_elements(cards.actions()[key].elements)} for magic this turn"
        case Battlefield(first, second):
            return f"⚔️ Battlefield Magic: {_elements((first, second))} this turn"
        case Libraries(book):
            return first_that_fits(
                f"📚 Buy Up the Libraries: keep {book_label(book)}",
                f"📚 Buy Up the Libraries: keep {cards.books()[book].name}",
            )
        case ReadCards():
            if len(s.revealed) > 1:
                earlier = cards.marseilles()[s.revealed[-2]].elements
                return f"🔮 Read the Cards: last year's {_elements(earlier)} this turn"
            return "🔮 Read the Cards (no earlier card: no element)"
        case School():
            return "🏫 The School at Starecross: fulfil one engagement anywhere"
        case StillWaters():
            return "💧 Still the waters: every action free again (none taken this turn)"
    return ""


def _elements(elements: tuple[str, ...]) -> str:
    return " and ".join(element_label(e) for e in elements)


def _visiting(s: StrangeNorrellState, seat: int, action: Action) -> str:
    match action:
        case Move(location):
            return f"🚶 Move to {place_name(location)}{_there(s, seat, location)}"
        case Arrive():
            return "🚶 Arrive on the map: choose any location next"
        case Ride():
            return "🛣️ Ride the King's Roads: choose any location next"
        case To(location):
            return f"📍 Go to {place_name(location)}{_there(s, seat, location)}"
        case Stay():
            return "Stay where you are"
        case Attend(code):
            card = cards.engagements()[code]
            if card.is_introduction:
                bonus = 1 if prestige.has(s, seat, "patron") else 0
                gain = f"+{card.prestige + bonus} prestige"
                return f"Fulfil {engagement_words(code)}: {gain}"
            return f"Fulfil {engagement_words(code)}: choose 2 rewards next"
        case Take(picks):
            return _take(picks)
    return ""


def _there(s: StrangeNorrellState, seat: int, location: str) -> str:
    """`` · 2 of your engagements there`` when the magician's hand has some there."""
    engagements = cards.engagements()
    count = len({c for c in s.magicians[seat].hand if engagements[c].location == location})
    return f" · {plural(count, 'engagement')} of yours there" if count else ""


def _take(picks: tuple[str, ...]) -> str:
    intros = picks.count(INTRO)
    feats = [p for p in picks if p != INTRO]
    if not feats:
        return f"Take {'an introduction' if intros == 1 else plural(intros, 'introduction')}"
    if intros:
        return first_that_fits(
            f"Take an introduction and {_feat_words(feats[0])}",
            f"Take an introduction and {_feat_short(feats[0])}",
        )
    if len(feats) == 1:
        return f"Take the feat {_feat_words(feats[0])}"
    return first_that_fits(
        f"Take {_feat_words(feats[0])} and {_feat_words(feats[1])}",
        f"Take {_feat_short(feats[0])} and {_feat_short(feats[1])}",
    )


def _magic(s: StrangeNorrellState, seat: int, action: Action) -> str:
    step = s.steps[0] if s.steps and s.steps[0].kind == "place" else None
    match action:
        case Magic(code):
            element = cards.engagements()[code].element
            return (
                f"✨ Magic: discard {engagement_words(code)} for a {element_label(element)} token"
            )
        case Use(book):
            return first_that_fits(
                f"📖 Use {book_label(book)}", f"📖 Use {cards.books()[book].name}"
            )
        case With(code) if step is not None:
            return f"Discard {engagement_words(code)} to {cards.books()[step.code].name}"
        case Element(element) if step is not None:
            return f"Place a {element_label(element)} token"
        case Element(element):
            return f"Conjure {element_label(element)}: available this turn"
        case On(feat) if step is not None:
            return _on(s, seat, step, feat)
    return ""


def _on(s: StrangeNorrellState, seat: int, step: Step, feat: str) -> str:
    held = next(h for h in s.magicians[seat].feats if h.feat == feat)
    data = cards.feats()[feat]
    placed = len(held.tokens) + step.feats.count(feat) + 1
    symbol = SYMBOLS[step.element]
    if placed == len(data.elements):
        done = f": completes it, +{data.value} magicianship"
    else:
        done = f": token {placed} of {len(data.elements)}"
    return first_that_fits(f"{symbol} on {data.name}{done}", f"{symbol} on {data.name}")


def _spells_and_more(s: StrangeNorrellState, seat: int, action: Action) -> str:
    match action:
        case Cast(spell):
            return first_that_fits(
                f"🪄 Cast {spell_name(spell)}: {_spell_effect(s, spell)}",
                f"🪄 {spell_name(spell)}: {_spell_effect(s, spell)}",
            )
        case DiscardSpell(spell):
            return f"Discard {spell_name(spell)} for +1 prestige"
        case Uncover(key):
            return f"Free the disc on {cards.actions()[key].name}"
        case Pass():
            return "Pass: play no spell now"
        case Connexion(space):
            room = cards.spaces()[space]
            return first_that_fits(f"🤝 {room.name}: {room.text}", f"🤝 Connexion: {room.name}")
        case Named(code):
            named = cards.connexions()[code]
            return first_that_fits(
                f"{named.name} ({cards.spaces()[named.space].name}): {named.text}",
                f"{named.name}: {named.text}",
                f"{named.name} ({cards.spaces()[named.space].name})",
            )
        case End():
            return _end(s, seat)
        case Discard(code):
            return f"Discard {engagement_words(code)} (hand limit)"
        case Composite(decisions):
            return _composite(s, seat, decisions)
        case Back():
            return "Back"
    return notation(action)


def _spell_effect(s: StrangeNorrellState, spell: str) -> str:
    data = cards.spells()[spell]
    match data.effect:
        case "place":
            return f"place a {tokens(data.elements)} token, available or not"
        case "move":
            return "go anywhere (not one of your moves)"
        case "introductions":
            return f"draw {plural(data.amount, 'introduction')}"
        case "magicianship":
            return "+1 magicianship"
        case "pupil":
            return "a pupil, +3 magicianship"
        case "uncover":
            return "free one covered action"
        case "prestige":
            return f"+{data.amount} prestige"
        case "conjure":
            return "choose an element for this turn"
        case "fairy":
            top = cards.board().fairy.top
            after = max(0, min(top, s.fairy + data.amount))
            return f"fairy {s.fairy} → {after}"
    return data.text


def _end(s: StrangeNorrellState, seat: int) -> str:
    count = cards.marseilles()[s.revealed[-1]].invitations
    count += 1 if prestige.has(s, seat, "letters") else 0
    draw = f"draw {plural(count, 'invitation')}"
    if years.is_confrontation(s.year):
        total = scoring.magicianship(s.magicians[seat])
        verdict = "you defeat it!" if total >= s.fairy else "too weak yet"
        return f"⏹️ End turn: confront the fairy, {total} vs {s.fairy} ({verdict}); {draw}"
    return f"⏹️ End turn: {draw}"


# ----------------------------------------------------------------------- whole moves
#: Words a shortened feat name does not end on.
_FILLERS = frozenset({"a", "an", "the", "of", "in", "at", "to", "for", "from", "over", "upon"})
_TINY = 20


def tiny_feat(code: str) -> str:
    """A feat's name cut to a few words: ``Drowned Road``, ``Grey Horses``."""
    words = cards.feats()[code].name.split()
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
            return f"🚶 Arrive at {full}{there}"
        case Ride():
            return f"🛣️ Ride the King's Roads to {full}{there}"
        case Attend(code):
            card = engagement_words(code)
            return first_that_fits(
                f"Fulfil {card}: {full}", f"Fulfil {card}: {short}", f"{card}: {short}"
            )
        case Magic(code):
            card = engagement_words(code)
            return first_that_fits(
                f"✨ Magic: {card} → {full}", f"✨ {card} → {full}", f"✨ {card} → {short}"
            )
        case Use(book):
            name = cards.books()[book].name
            return first_that_fits(f"📖 {name}: {full}", f"📖 {name}: {short}", f"📖 {short}")
        case Cast(spell):
            name = spell_name(spell)
            return first_that_fits(f"🪄 {name}: {full}", f"🪄 {name}: {short}", f"🪄 {short}")
        case Discard():
            words = [engagement_words(d.card) for d in decisions if isinstance(d, Discard)]
            # Five cards run long: then their places and elements alone, closer together.
            bare = ["".join(w.split(" ", 1)[1].rsplit(" ", 2 if "+" in w else 1)) for w in words]
            return first_that_fits(
                f"Discard {', '.join(words)}",
                f"Discard {' '.join(words)}",
                f"Discard {', '.join(bare)}",
                f"Discard {' '.join(bare)}",
            )
    return first_that_fits(f"{label(s, seat, first)}: {full}", f"{label(s, seat, first)}: {short}")


def _whole_turn(s: StrangeNorrellState, seat: int, decisions: tuple[Decision, ...]) -> str:
    """The action, the magic with its card and feat, and the end of the turn."""
    action, magic, chosen = decisions[0], decisions[1:-1], moves.after(s, seat, decisions[0])
    card = engagement_words(magic[0].card) if isinstance(magic[0], Magic) else ""
    feat = _tail(chosen, seat, magic, tiny=True) if len(magic) > 1 else ""
    done = label(chosen, seat, magic[0]) if len(magic) == 1 else f"✨ {card} → {feat}"
    brief = f"✨ {card}{' → ' + feat if feat else ''}"
    # The card's place and element alone, closer together: ``Covent Garden🌬️+2``.
    bare = "".join(card.split(" ", 1)[-1].rsplit(" ", 2 if "+" in card else 1))
    barest = f"✨ {bare}{' → ' + feat.split(' on ', 1)[-1] if feat else ''}"
    named, tiny = whole_turns.action_words(action), whole_turns.action_words(action, tiny=True)
    return first_that_fits(
        f"{named} + {done} + end turn",
        f"{named} + {done} + end",
        f"{named} + {brief} + end",
        f"{tiny} + {brief} + end",
        f"{tiny} + {barest} + end",
    )


def _tail(s: StrangeNorrellState, seat: int, decisions: tuple[Decision, ...], tiny: bool) -> str:
    """The decisions after the first, in a few words each."""
    state = s
    parts: list[str] = []
    for index, decision in enumerate(decisions):
        if index:
            following = decisions[index + 1] if index + 1 < len(decisions) else None
            part = _part(state, seat, decision, following, tiny)
            if part:
                parts.append(part)
        state = moves.after(state, seat, decision)
    joiner = " → " if decisions and isinstance(decisions[0], Use) else ", "
    if isinstance(decisions[0], Use) and len(parts) > 1:
        return f"{parts[0]}{joiner}{' & '.join(parts[1:])}"
    return ", ".join(parts) if parts else "done"


def _part(
    s: StrangeNorrellState, seat: int, decision: Decision, following: Decision | None, tiny: bool
) -> str:
    """A decision that finishes a move, in a few words ("" when the next one says it)."""
    step = s.steps[0] if s.steps else None
    match decision:
        case To(location):
            return place_name(location)
        case Take(picks):
            words = _take_words(picks, tiny)
            return words[0].lower() + words[1:]
        case With(code):
            return engagement_words(code)
        case Element(element) if step is not None and step.kind == "conjure":
            return f"{element_label(element)} this turn"
        case Element(element):
            return "" if isinstance(following, On) else f"a {element_label(element)} token"
        case On(feat) if step is not None:
            return _short_on(s, seat, step, feat, tiny)
        case Uncover(key):
            return f"free {cards.actions()[key].name}"
        case Connexion(space):
            return cards.spaces()[space].name
        case Named(code):
            return cards.connexions()[code].name
        case Discard(code):
            return engagement_words(code)
        case Stay():
            return "stay"
    return notation(decision)


def _take_words(picks: tuple[str, ...], tiny: bool) -> str:
    if not tiny:
        return _take(picks)
    intros = picks.count(INTRO)
    feats = [tiny_feat(p) for p in picks if p != INTRO]
    if intros == len(picks):
        return _take(picks)
    if intros:
        return f"Take an introduction and {feats[0]}"
    return "Take " + " and ".join(feats)


def _short_on(s: StrangeNorrellState, seat: int, step: Step, feat: str, tiny: bool) -> str:
    held = next(h for h in s.magicians[seat].feats if h.feat == feat)
    data = cards.feats()[feat]
    placed = len(held.tokens) + step.feats.count(feat) + 1
    done = " ✅" if placed == len(data.elements) else f" {placed}/{len(data.elements)}"
    name = tiny_feat(feat) if tiny else data.name
    return f"{SYMBOLS[step.element]} on {name}{done}"
