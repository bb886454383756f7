"""The pad and the sheet in the reader's language (issue 25): a Polish pad keeps "ą ę ł", a
Hebrew one reads from the right in Hebrew letters (it printed "?????" in Helvetica), every
language's pad prints every character of its words, the CSV's headings are the reader's, and
the JSON record is the same whoever exports it."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pypdf import PdfReader

from scorepad.engine import Game
from scorepad.i18n import LANGUAGES, find_language, use_language
from scorepad.paper import sheet_csv, sheet_pdf
from tests.helpers import zero_round

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def golf_under_way(rounds: int = 3) -> Game:
    game = Game.start("golf", PLAYERS, first_dealer="Dan", stake_cents=5)
    for _ in range(rounds):
        game = game.record_round(zero_round(game))
    return game


def pad_in(code: str, game: Game) -> bytes:
    with use_language(find_language(code)):
        return sheet_pdf(game)


def words_at(pdf: bytes) -> list[tuple[float, str]]:
    """Each run of text on the first page with the x it is drawn at, in reading order."""
    found: list[tuple[float, str]] = []

    def seen(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            found.append((tm[4] + cm[4], text.strip()))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=seen)
    return found


def x_of(pdf: bytes, text: str) -> float:
    return next(x for x, words in words_at(pdf) if words == text)


def test_a_polish_pad_keeps_its_letters() -> None:
    text = PdfReader(io.BytesIO(pad_in("pl", golf_under_way()))).pages[0].extract_text()
    for word in ("Rozdający", "Wzięte", "najniższy", "wpadkę"):
        assert word in text, f"{word!r} is not on the Polish pad:\n{text}"


def test_a_hebrew_pad_reads_from_the_right_in_hebrew_letters() -> None:
    pad = pad_in("he", golf_under_way())
    heads = ["סיבוב", "קלפים", "מחלק", "שליט"]  # round, cards, dealer, trump
    xs = [x_of(pad, head) for head in heads]
    assert xs == sorted(xs, reverse=True), f"the heads are not right to left: {xs}"
    players = [x_of(pad, name) for name in PLAYERS]
    assert players == sorted(players, reverse=True), "the players do not run right to left"
    assert players[0] < xs[-1]  # the first player's columns come after the fixed ones
    assert "?" not in "".join(words for _, words in words_at(pad))


@pytest.mark.parametrize("code", [language.code for language in LANGUAGES])
def test_every_language_s_pad_prints_every_character_of_its_words(code: str) -> None:
    pad = pad_in(code, golf_under_way())
    printed = "".join(words for _, words in words_at(pad))
    assert "?" not in printed, f"{code}: a character the pad could not print: {printed}"


def test_the_csv_heads_are_the_readers_and_the_numbers_the_same() -> None:
    game = golf_under_way()
    with use_language(find_language("de")):
        german = list(csv.reader(io.StringIO(sheet_csv(game), newline="")))
    english = list(csv.reader(io.StringIO(sheet_csv(game), newline="")))
    assert german[0][:4] == ["Runde", "Karten", "Geber", "Trumpf"]
    assert german[0][4] != english[0][4] and german[0][4].startswith("Ann")
    assert [row[4:] for row in german[1:]] == [row[4:] for row in english[1:]]


def test_the_json_record_is_the_same_in_every_language() -> None:
    game = golf_under_way()
    english = json.dumps(game.record.to_data(), sort_keys=True)
    for language in LANGUAGES:
        with use_language(language):
            assert json.dumps(game.record.to_data(), sort_keys=True) == english
