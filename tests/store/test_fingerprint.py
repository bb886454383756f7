"""The record fingerprint: equal records give equal fingerprints, any change gives another."""

from __future__ import annotations

from scorepad.engine import GameRecord
from scorepad.engine.record import RoundRecord
from scorepad.store.fingerprint import record_fingerprint

PLAYERS = ("Ann", "Bob", "Cat")


def one_round(bid: int) -> RoundRecord:
    return RoundRecord(bids={"Ann": bid, "Bob": 0, "Cat": 0}, tricks={"Ann": 1, "Bob": 0, "Cat": 0})


def test_the_same_record_written_differently_has_one_fingerprint() -> None:
    written = GameRecord.from_json(
        '{"variant": "Mormon Bridge", "players": ["Ann", "Bob", "Cat"],'
        ' "rounds": [{"tricks": {"Cat": 0, "Bob": 0, "Ann": 1},'
        ' "bids": {"Bob": 0, "Ann": 1, "Cat": 0}}]}'
    )
    built = GameRecord(
        variant="Mormon Bridge", players=PLAYERS, rounds=(one_round(1),), abandoned=False
    )
    assert record_fingerprint(written) == record_fingerprint(built)


def test_the_fingerprint_is_a_sha256_hex_digest() -> None:
    fingerprint = record_fingerprint(GameRecord(variant="Golf", players=PLAYERS))
    assert len(fingerprint) == 64
    assert set(fingerprint) <= set("0123456789abcdef")


def test_any_difference_gives_another_fingerprint() -> None:
    base = GameRecord(variant="Mormon Bridge", players=PLAYERS, rounds=(one_round(1),))
    others = [
        base.model_copy(update={"rounds": (one_round(0),)}),
        base.model_copy(update={"stake_cents": 5}),
        base.model_copy(update={"abandoned": True}),
        base.model_copy(update={"first_dealer": "Bob"}),
        base.model_copy(update={"players": ("Ann", "Cat", "Bob")}),
        base.model_copy(update={"variant": "Golf"}),
    ]
    fingerprints = {record_fingerprint(record) for record in [base, *others]}
    assert len(fingerprints) == len(others) + 1
