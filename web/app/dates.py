"""The local dates a game carries (the daily deal's), read where a save is read: a leaf, so that
reading a game needs nothing of the daily screen."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping

DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def valid_date(text: object) -> bool:
    """``text`` is a real date as ``YYYY-MM-DD``."""
    if not isinstance(text, str):
        return False
    m = DATE.match(text)
    if m is None:
        return False
    try:
        datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return False
    return True


def date_of(data: Mapping[str, object]) -> str:
    """The daily date a saved game carries (``daily``), "" for none or an unreadable one (a
    save from before the daily deal has none)."""
    date = data.get("daily")
    return date if isinstance(date, str) and valid_date(date) else ""
