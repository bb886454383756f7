"""A game record's fingerprint: the text that says "this exact record is already stored".

Import and restore must not store the same game twice, and comparing whole records against
every stored game would read every game file. The fingerprint is the SHA-256 of the record's
canonical JSON (every field, keys sorted, no whitespace), so the same record always gives the
same text whatever order its keys were written in, and the catalogue can keep it in a row and
find a match with one query.
"""

from __future__ import annotations

import hashlib
import json

from scorepad.engine import GameRecord


def canonical_json(record: GameRecord) -> str:
    """The record as one canonical JSON text: every field (defaults included, so a field left
    out and the same field written with its default are the same record), keys sorted."""
    data = record.model_dump(mode="json", by_alias=True)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_fingerprint(record: GameRecord) -> str:
    """The hex SHA-256 of the record's canonical JSON.

    >>> from scorepad.engine import GameRecord
    >>> one = GameRecord(variant="Mormon Bridge", players=("Ann", "Bob", "Cat"))
    >>> two = GameRecord.from_json('{"players": ["Ann", "Bob", "Cat"], "variant": "Mormon Bridge"}')
    >>> record_fingerprint(one) == record_fingerprint(two)
    True
    >>> len(record_fingerprint(one))
    64
    """
    return hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()
