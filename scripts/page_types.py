"""The page's items and events as TypeScript types, written from the Python that defines them.

``app.messages`` defines every message across the page boundary: the items of an answer (a
screen batch, storage writes, a question for the thinking worker, ...) as ``TypedDict``s, the
events' kinds and the ``net`` events' fields as tuples. This writes them as ``types/page.d.ts``,
which ``tsc`` checks the page's JavaScript with (``web/bridge.js`` carries out the items by a
table keyed by :data:`ItemKinds`, so an item kind added in Python and not handled there, or
handled there and not sent, fails the check), with the few values both sides must agree on as
literal types (the cues' names, the storage keys' prefix). ``tests/app/test_page_types.py``
fails when the committed file is not what this writes.

    python -m scripts.page_types          # write types/page.d.ts
    python -m scripts.page_types --check  # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
import types
import typing
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from app import messages as m
from app.settings import CUES
from app.storage.keys import PREFIX

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "types" / "page.d.ts"

# The answer's items, in the order bridge.js tries them: every one but the batch is an object
# of one key, its kind (the batch is what is left)
KINDED = (m.StoreItem, m.ThinkItem, m.GoItem, m.UpdateItem, m.PersistItem, m.SharedItem,
          m.NetItem, m.ThinkerItem)
# the named types written as interfaces, each before its first use
NAMED = (m.Download, m.Batch, m.Question, m.NetOp, *KINDED)
ALIASES = {"Text": m.Text, "Flight": m.Flight, "StoreOp": m.StoreOp}


def _is_typeddict(t: object) -> bool:
    return isinstance(t, type) and typing.is_typeddict(t)


def ts(t: object, *, alias: bool = True) -> str:
    """A Python type of ``app.messages`` as TypeScript (by the name of its alias, when it is one
    of :data:`ALIASES` and ``alias``)."""
    for name, a in ALIASES.items():
        if alias and (t is a or (t == a and not _is_typeddict(t))):
            return name
    if _is_typeddict(t):
        assert t in NAMED, f"{t} is not written: add it to NAMED"
        return t.__name__  # type: ignore[attr-defined]
    if t is str:
        return "string"
    if t is int or t is float:
        return "number"
    if t is bool:
        return "boolean"
    if t is None or t is type(None):
        return "null"
    origin, args = get_origin(t), get_args(t)
    if origin is Literal:
        return " | ".join(_literal(a) for a in args)
    if origin is Union or origin is types.UnionType:
        return " | ".join(ts(a) for a in args)
    if origin is list:
        inner = ts(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is tuple:
        return "[" + ", ".join(ts(a) for a in args) + "]"
    if origin is dict:
        assert args[0] is str, t
        return f"{{ [key: string]: {ts(args[1])} }}"
    if origin is typing.Required or origin is typing.NotRequired:
        return ts(args[0])
    raise TypeError(f"no TypeScript form for {t!r}")


def _literal(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, int):
        return str(v)
    raise TypeError(f"no TypeScript literal for {v!r}")


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z_$][\w$]*", k) else _literal(k)


def _required(td: Any, key: str, hint: object) -> bool:
    """Whether a TypedDict's key is required (read from the hint too: Python 3.11 does not
    count a Required[...] written as a string in __required_keys__)."""
    if get_origin(hint) is typing.Required:
        return True
    if get_origin(hint) is typing.NotRequired:
        return False
    return key in td.__required_keys__


def _fields(td: Any) -> list[str]:
    hints = get_type_hints(td, include_extras=True)
    return [f"  {_key(k)}{'' if _required(td, k, t) else '?'}: {ts(t)};"
            for k, t in hints.items()]


def _doc(obj: object) -> list[str]:
    """A class's docstring as a JSDoc comment, its reST roles as plain code."""
    doc = (getattr(obj, "__doc__", None) or "").strip()
    if not doc or doc.startswith(("dict(", "Represent")):
        return []
    doc = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", doc).replace("``", "`")
    return ["/** " + " ".join(doc.split()) + " */"]


def _union(values: Iterable[str]) -> str:
    return " | ".join(_literal(v) for v in values)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.capitalize() for w in rest)


def render() -> str:
    out = [
        "// Written by scripts/page_types.py from web/app/messages.py (and the values named",
        "// below): do not edit. `python -m scripts.page_types` writes it again;",
        "// tests/app/test_page_types.py fails when it is stale.",
        "",
        "// --- what the app answers: a JSON list of items (app.messages.Item) ---",
        "",
    ]
    out.append(f"export type Text = {ts(m.Text, alias=False)};")
    out.append("export interface Flight {\n" + "\n".join(_fields(m.Flight)) + "\n}")
    out.append(f"export type StoreOp = {ts(m.StoreOp, alias=False)};")
    for td in NAMED:
        out += _doc(td)
        out.append(f"export interface {td.__name__} {{\n" + "\n".join(_fields(td)) + "\n}")
    # each kinded item's one key and what it carries: bridge.js's table of handlers
    out.append("/** The kind of each item but the batch (its one key) and what it carries. */")
    out.append("export interface ItemKinds {")
    for td in KINDED:
        hints = get_type_hints(td, include_extras=True)
        assert len(hints) == 1 and set(td.__required_keys__) == set(hints), td
        ((k, t),) = hints.items()
        assert k not in get_type_hints(m.Batch), f"{k}: a batch's key too"
        out.append(f"  {_key(k)}: {ts(t)};")
    out.append("}")
    item_args = get_args(m.Item)
    assert set(item_args) == {m.Batch, *KINDED}, "an item the page would not know: add to KINDED"
    out.append("export type Item = " + " | ".join(ts(a) for a in item_args) + ";")
    out += [
        "",
        "// --- what the page sends: events (app.messages.read_message) ---",
        "",
        f"export type PlayerKind = {_union(m.PLAYER_KINDS)};",
        f"export type PageKind = {_union(m.PAGE_KINDS)};",
        "/** A player's event (a tap, a key, an address, another tab's write...). */",
        "export interface PlayerEvent {",
    ]
    for f in dataclasses.fields(m.Event):
        if f.name == "kind":
            out.append("  kind: PlayerKind;")
        elif f.name == "data":
            out.append("  data: { [key: string]: string };")
        else:
            out.append(f"  {f.name}?: {ts(f.type if not isinstance(f.type, str) else str)};")
    out.append("}")
    out.append("/** What changed about the device (app.messages.DeviceChange). */")
    out.append("export interface DeviceData {")
    hints = get_type_hints(m.DeviceChange)
    for f in dataclasses.fields(m.DeviceChange):
        out.append(f"  {_camel(f.name)}?: {ts(hints[f.name])};")
    out.append("}")
    out.append('export interface DeviceEvent { kind: "device"; action: ""; data: DeviceData }')
    out.append("/** The data of each net event (the page's WebRTC and camera). */")
    out.append("export interface NetEventData {")
    for action, fields in m.NET_ACTIONS.items():
        body = " ".join(f"{_key(k)}: string;" for k in fields)
        out.append(f"  {_key(action)}: {{ {body} }};")
    out.append("}")
    out.append("export type NetAction = keyof NetEventData;")
    out.append("export type NetEvent = { [A in NetAction]: "
               '{ kind: "net"; action: A; data: NetEventData[A] } }[NetAction];')
    out.append("/** The thinking worker's answer to question `key`. */")
    out.append('export interface ThoughtEvent { kind: "thought"; action: ""; key: string; '
               'value: string; data: { ok: "1" | "0" } }')
    out.append("/** A write the browser refused (`value`: why). */")
    out.append('export interface RefusedEvent { kind: "refused"; action: ""; key: string; '
               "value: string; data: Record<string, never> }")
    out.append("/** An event of the page's own: not a player's, not counted in sent/handled. */")
    out.append("export type PageEvent = ThoughtEvent | RefusedEvent | DeviceEvent | NetEvent;")
    out.append("export type AnyEvent = PlayerEvent | PageEvent;")
    out += [
        "",
        "// --- values both sides agree on ---",
        "",
        "/** The cues a batch may name (app.settings.CUES; web/app/cues.js plays each). */",
        f"export type Cue = {_union(CUES)};",
        "/** Every storage key of the app starts so (app.storage.keys.PREFIX; the page's",
        " * snapshot at start, before Python runs, takes the keys that do). */",
        f"export type StoragePrefix = {_literal(PREFIX)};",
        "",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 when types/page.d.ts is stale")
    args = p.parse_args(argv)
    text = render()
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python -m scripts.page_types",
                  file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
