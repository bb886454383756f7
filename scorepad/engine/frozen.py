"""A mapping that cannot change, for the engine's frozen models.

``frozen=True`` on a pydantic model stops a field from being *reassigned*, not a dict in it
from being *changed*: ``game.sheet.totals["Ann"] = 999`` would quietly break a cached score
sheet. So every mapping a model holds is a :class:`FrozenDict` (and every list a tuple).

It reads, compares and prints like the dict it was made from, and pydantic validates and
serialises it as a plain dict, so JSON and stored files do not change:

>>> from pydantic import BaseModel
>>> class Totals(BaseModel):
...     totals: FrozenDict[str, int]
>>> sheet = Totals(totals={"Ann": 13, "Bob": 0})
>>> sheet.totals, sheet.totals == {"Ann": 13, "Bob": 0}
({'Ann': 13, 'Bob': 0}, True)
>>> sheet.model_dump_json()
'{"totals":{"Ann":13,"Bob":0}}'
>>> sheet.totals["Ann"] = 999
Traceback (most recent call last):
...
TypeError: 'FrozenDict' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar, get_args

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(Mapping[K, V]):
    """An immutable, hashable mapping that keeps the order it was given."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        self._data: dict[K, V] = dict(data) if data is not None else {}
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        """Blind to order, as equality is (``{"Ann": 1, "Bob": 0}`` equals the same entries
        given Bob first), so equal mappings, and the frozen models holding them, hash alike.

        >>> hash(FrozenDict({"Ann": 1, "Bob": 0})) == hash(FrozenDict({"Bob": 0, "Ann": 1}))
        True
        """
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return repr(self._data)

    def __or__(self, other: Mapping[K, V]) -> FrozenDict[K, V]:
        """A new mapping with ``other``'s entries added or replacing these."""
        return FrozenDict({**self._data, **other})

    def without(self, key: K) -> FrozenDict[K, V]:
        """A new mapping without ``key`` (the same one if it was not there)."""
        if key not in self._data:
            return self
        return FrozenDict({k: v for k, v in self._data.items() if k != key})

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        key_type, value_type = get_args(source) or (Any, Any)
        as_dict = core_schema.dict_schema(
            handler.generate_schema(key_type), handler.generate_schema(value_type)
        )
        return core_schema.no_info_after_validator_function(
            cls,
            as_dict,
            serialization=core_schema.plain_serializer_function_ser_schema(
                dict, return_schema=as_dict
            ),
        )
