"""The browser's Babel keeps the data of the languages the app speaks, and nothing else."""

from __future__ import annotations

import zipfile
from pathlib import Path

from scorepad.web_build.locale_data import slim_babel_wheel, spoken_languages

PROJECT = Path(__file__).resolve().parents[2]


def fake_babel(path: Path, codes: list[str]) -> Path:
    names = ["babel/__init__.py", "babel/global.dat"] + [
        f"babel/locale-data/{code}.dat" for code in codes
    ]
    with zipfile.ZipFile(path, "w") as wheel:
        for name in names:
            wheel.writestr(name, b"x" * 1000)
        record = "".join(f"{name},sha256=x,1000\n" for name in names)
        wheel.writestr(
            "babel-2.19.0.dist-info/RECORD", record + "babel-2.19.0.dist-info/RECORD,,\n"
        )
    return path


def test_only_the_spoken_languages_data_stays_and_the_record_says_so(tmp_path: Path) -> None:
    wheel = fake_babel(tmp_path / "babel.whl", ["root", "en", "de", "de_AT", "ja", "fr"])
    saved = slim_babel_wheel(wheel, {"root", "en", "de"})
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = archive.read("babel-2.19.0.dist-info/RECORD").decode()
    kept_data = {name for name in names if name.startswith("babel/locale-data/")}
    assert kept_data == {f"babel/locale-data/{code}.dat" for code in ("root", "en", "de")}
    assert "babel/global.dat" in names
    assert "ja.dat" not in record
    assert "de.dat" in record
    assert saved > 0
    assert slim_babel_wheel(wheel, {"root", "en", "de"}) == 0


def test_the_languages_kept_are_those_with_a_catalogue() -> None:
    codes = spoken_languages(PROJECT / "scorepad" / "i18n" / "locales")
    assert {"root", "en", "de", "fr", "es", "nl", "pl", "he"} <= codes
