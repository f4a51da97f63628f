"""Words for people that can be said in any language: messages, not sentences.

An engine (or the bot's service layer) never glues an English sentence together. It says
``msg("You have no {card} in your hand.", card=card)``: a :class:`Msg`, which *is* the English
sentence (a ``str``, so everything that reads text reads it as before, and stored logs and
exports keep their English bytes), and which also remembers its template and parameters, so
the bot can say it again in the reader's language (``bot.words.i18n.localize``). The
templates are the English source strings of the catalogues: Babel extracts every literal first
argument of :func:`msg`, :func:`pmsg` and :func:`nmsg` (``babel.cfg``), and :func:`data_msg`
marks the strings of a game's data files (``bot.words.extract`` reads those).

Placeholders are ``{name}`` or ``{name:spec}``. A placeholder with no parameter is left as it
is, for whoever fills it later: seats (``{p0}``, named when names are known) and the neutral
text's tokens (``{b}``…``{/b}``). A parameter may be a plain ``str`` (a name, a number, a
notation: said as it is in every language), an ``int``, or a :class:`Msg` (said in the
reader's language too).

>>> line = msg("{who} casts {spell}.", who="{p1}", spell=data_msg("Fire Ball"))
>>> line
'{p1} casts Fire Ball.'
>>> line.template, line.params["spell"].template
('{who} casts {spell}.', 'Fire Ball')
>>> nmsg("{n} card", "{n} cards", 2)
'2 cards'
>>> msg_list(["Ann", "Bob", "Cy"])
'Ann, Bob and Cy'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import PlainSerializer, SerializationInfo, WrapValidator

#: A placeholder: ``{name}`` or ``{name:spec}``; anything else in braces is left alone.
PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)(?::([^{}]*))?\}")

#: What a message may hold as a parameter.
Param = Any
#: The kinds of message: a template, a template with plural forms, a string of a game's data
#: files, words joined by a fixed separator, a list ("A, B and C"), a decimal number.
Kind = Literal["text", "plural", "data", "name", "join", "list", "decimal"]
ListStyle = Literal["and", "or", "unit"]

#: The serialization context key under which pydantic models keep messages as messages
#: (see :data:`Text`), rather than as their English text.
KEEP_MESSAGES = "keep_messages"


def fill(template: str, values: Mapping[str, Any], say: Callable[[Any], str]) -> str:
    """``template`` with each placeholder that has a value replaced by it, said by ``say``
    (then formatted by its spec, if any); the others left as they are."""
    pieces = _pieces(template)
    if len(pieces) == 1 and isinstance(pieces[0], str):
        return template  # no placeholder
    out: list[str] = []
    for piece in pieces:
        if isinstance(piece, str):
            out.append(piece)
            continue
        name, spec, whole = piece
        if name not in values:
            out.append(whole)
            continue
        value = values[name]
        if spec:
            out.append(format(value if isinstance(value, int | float) else say(value), spec))
        else:
            out.append(say(value))
    return "".join(out)


@lru_cache(maxsize=8192)
def _pieces(template: str) -> tuple[str | tuple[str, str | None, str], ...]:
    """A template cut once into its literal text and its placeholders (name, spec, as
    written): messages are made on every move, their templates are few."""
    pieces: list[str | tuple[str, str | None, str]] = []
    last = 0
    for match in PLACEHOLDER.finditer(template):
        pieces.append(template[last : match.start()])
        pieces.append((match.group(1), match.group(2), match.group(0)))
        last = match.end()
    pieces.append(template[last:])
    return tuple(p for p in pieces if p != "") or ("",)


def filled(text: str, values: Mapping[str, Param]) -> str:
    """Plain ``text`` with the placeholders ``values`` has filled in: plain text again, or,
    when a value is a message (an AI player's name), the pieces joined as a message, so the
    value is still said in each reader's language."""
    pieces: list[Param] = []
    last = 0
    for match in PLACEHOLDER.finditer(text):
        if match.group(1) in values and not match.group(2):
            pieces += [text[last : match.start()], values[match.group(1)]]
            last = match.end()
    pieces.append(text[last:])
    if any(isinstance(piece, Msg) for piece in pieces):
        return joined(pieces, "")
    return fill(text, values, _english)


def _english(value: Any) -> str:
    return str(value)


class Msg(str):
    """Text for people that remembers how it was made (see the module's docstring).

    Never built directly: use :func:`msg`, :func:`pmsg`, :func:`nmsg`, :func:`data_msg`,
    :func:`joined`, :func:`msg_list` or :func:`decimal`.
    """

    kind: Kind
    template: str
    """The English source: the message id, the singular of a plural, a list's separator."""
    params: Mapping[str, Param]
    # What most messages leave as it is, kept on the class (a message is made on every move).
    context: str | None = None
    plural: str | None = None
    quantity: int = 0
    items: tuple[Param, ...] = ()
    style: ListStyle = "and"

    def __new__(
        cls,
        english: str,
        *,
        kind: Kind,
        template: str,
        params: Mapping[str, Param] | None = None,
        context: str | None = None,
        plural: str | None = None,
        count: int = 0,
        items: Sequence[Param] = (),
        style: ListStyle = "and",
    ) -> Msg:
        made = super().__new__(cls, english)
        made.kind = kind
        made.template = template
        made.params = params if params is not None else {}
        if context is not None:
            made.context = context
        if plural is not None:
            made.plural = plural
        if count:
            made.quantity = count
        if items:
            made.items = tuple(items)
        if style != "and":
            made.style = style
        return made

    def __reduce__(self) -> Any:
        return (message_from_data, (self.to_data(),))

    # ---------------------------------------------------------------- filling in
    def bound(self, values: Mapping[str, str]) -> Msg:
        """The same message with placeholders that have no parameter yet (seats: ``p0``…)
        given ``values``, here and in every message inside it."""
        return _bound(self, values)

    # ------------------------------------------------------------------ storing
    def to_data(self) -> dict[str, Any]:
        """The message as JSON-ready data, read back by :func:`message_from_data`."""
        data: dict[str, Any] = {"msg": self.template, "kind": self.kind}
        if self.params:
            data["params"] = {k: _param_data(v) for k, v in self.params.items()}
        if self.context is not None:
            data["context"] = self.context
        if self.kind == "plural":
            data["plural"] = self.plural
            data["count"] = self.quantity
        if self.kind in ("join", "list"):
            data["items"] = [_param_data(v) for v in self.items]
            data["style"] = self.style
        if self.kind == "decimal":
            data["count"] = self.quantity
        return data


def _param_data(value: Param) -> Any:
    return value.to_data() if isinstance(value, Msg) else value


def _param_value(data: Any) -> Param:
    if isinstance(data, Mapping) and "msg" in data:
        return message_from_data(data)
    return data


def message_from_data(data: Mapping[str, Any]) -> Msg:
    """A message written by :meth:`Msg.to_data`, read back."""
    kind = data.get("kind", "text")
    template = str(data["msg"])
    params = {k: _param_value(v) for k, v in dict(data.get("params") or {}).items()}
    items = [_param_value(v) for v in data.get("items") or ()]
    if kind == "plural":
        params.pop("n", None)
        plural = str(data.get("plural", template))
        count = int(data.get("count", 0))
        return nmsg(template, plural, count, context=data.get("context"), **params)
    if kind == "data":
        return data_msg(template)
    if kind == "name":
        return proper_name(template)
    if kind == "join":
        return joined(items, template)
    if kind == "list":
        return msg_list(items, style=data.get("style", "and"))
    if kind == "decimal":
        return decimal(float(params.get("value", 0.0)), int(data.get("count", 0)))
    return _text(template, params, context=data.get("context"))


def _text(template: str, params: Mapping[str, Param], *, context: str | None = None) -> Msg:
    english = fill(template, params, _english)
    return Msg(english, kind="text", template=template, params=params, context=context)


def msg(template: str, /, **params: Param) -> Msg:
    """A sentence (or a phrase) for people: ``template`` is its English source, a literal the
    catalogues extract; ``params`` fill its placeholders."""
    return _text(template, params)


def pmsg(context: str, template: str, /, **params: Param) -> Msg:
    """:func:`msg` with a context telling translators apart two uses of the same English
    words (``pmsg("button", "Pass")`` and ``pmsg("log", "Pass")``)."""
    return _text(template, params, context=context)


def nmsg(
    singular: str, plural: str, count: int, /, *, context: str | None = None, **params: Param
) -> Msg:
    """A message whose words depend on a number (``count``, also its ``{n}`` unless given):
    ``nmsg("{n} card", "{n} cards", 3)``; each language has its own plural forms."""
    values = {"n": count, **params}
    english = fill(singular if count == 1 else plural, values, _english)
    return Msg(
        english,
        kind="plural",
        template=singular,
        params=values,
        context=context,
        plural=plural,
        count=count,
    )


def data_msg(text: str) -> Msg:
    """A string of a game's data files (a card's name, its effect): its own message id, said
    as it is in English and looked up in the catalogues in other languages. Its braces are
    not placeholders."""
    return Msg(text, kind="data", template=text)


def proper_name(text: str) -> Msg:
    """A name the same in every language on purpose (Magic Spell's spells are the English
    words their tiles spell): never looked up in a catalogue, and still a message, so the
    test language marks it like every word a member reads."""
    return Msg(text, kind="name", template=text)


def joined(parts: Iterable[Param], separator: str = "\n") -> Msg:
    """Parts of a text with a separator no language changes (lines, " · "): each part said in
    the reader's language."""
    items = tuple(parts)
    english = separator.join(str(p) for p in items)
    return Msg(english, kind="join", template=separator, items=items)


def msg_list(parts: Iterable[Param], *, style: ListStyle = "and") -> Msg:
    """A list as a language writes it: "A, B and C" (``style="or"``: "A, B or C"; ``"unit"``:
    "A, B, C")."""
    items = tuple(parts)
    return Msg(english_list(items, style), kind="list", template="", items=items, style=style)


def english_list(items: Sequence[Param], style: ListStyle) -> str:
    """A list as English writes it, without a comma before "and"."""
    words = [str(i) for i in items]
    if style == "unit" or len(words) < 2:
        return ", ".join(words)
    last = "or" if style == "or" else "and"
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def decimal(value: float, places: int = 1) -> Msg:
    """A number with decimals, written as the reader's language writes it (1.5, 1,5)."""
    english = f"{value:.{places}f}"
    return Msg(english, kind="decimal", template="", params={"value": value}, count=places)


def _bound(message: Msg, values: Mapping[str, str]) -> Msg:
    def inner(value: Param) -> Param:
        if isinstance(value, Msg):
            return _bound(value, values)
        if isinstance(value, str) and PLACEHOLDER.search(value):
            return filled(value, values)
        return value

    params = {k: inner(v) for k, v in message.params.items()}
    if message.kind in ("text", "plural"):
        wanted = {m.group(1) for m in PLACEHOLDER.finditer(message.template)}
        if message.plural is not None:
            wanted |= {m.group(1) for m in PLACEHOLDER.finditer(message.plural)}
        params.update({k: v for k, v in values.items() if k in wanted and k not in params})
    if message.kind == "text":
        return _text(message.template, params, context=message.context)
    if message.kind == "plural":
        assert message.plural is not None
        others = {k: v for k, v in params.items() if k != "n"}
        return nmsg(
            message.template, message.plural, message.quantity, context=message.context, **others
        )
    if message.kind == "join":
        return joined((inner(i) for i in message.items), message.template)
    if message.kind == "list":
        return msg_list((inner(i) for i in message.items), style=message.style)
    return message


# --------------------------------------------------------------- in pydantic models
def _keep_message(value: Any, handler: Callable[[Any], Any]) -> Any:
    if isinstance(value, Msg):
        return value
    if isinstance(value, Mapping) and "msg" in value:
        return message_from_data(value)
    return handler(value)


def _dump_text(value: Any, info: SerializationInfo) -> Any:
    context = info.context
    if isinstance(value, Msg) and isinstance(context, Mapping) and context.get(KEEP_MESSAGES):
        return value.to_data()
    return str(value)


#: A ``str`` field of a pydantic model that keeps a :class:`Msg` as one: dumped as its English
#: text, or as its data when the serialization context says ``{KEEP_MESSAGES: True}`` (an
#: outbox row, which the bot says in its reader's language when it is sent).
Text = Annotated[str, WrapValidator(_keep_message), PlainSerializer(_dump_text)]
