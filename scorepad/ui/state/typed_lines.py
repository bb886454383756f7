"""The "Add a player" field as the device keeps it: names typed one per line, Enter between.

Why lines: a name field that the app empties after each Enter loses keys. Whatever the app
sends to the field (the emptied text, the focus back) reaches the device a moment later,
and the keys typed in that moment were wiped by the clear or typed into a field that had
lost the cursor ("Ann", "Bob", "Dan" typed fast came out as "Ann", "Ob", "An"). So the app
never writes to the field while it is being typed in: Enter is a newline the device puts in
the field itself, the app reads every finished line as a name the moment the device reports
it, and the field shows only the line being typed (:mod:`scorepad.ui.views.typed`). The
finished lines are dropped from the field only when nobody is typing in it: when it loses
the cursor, or when Add is tapped.

:class:`TypedLines` is that reading, with no Flet: what the device says the field holds
goes in, the names to seat (and the ones to take back) come out.

>>> lines = TypedLines()
>>> lines.read("Ann\\nBob\\nCa")
Reading(finished=('Ann', 'Bob'), taken_back=())
>>> lines.typing
'Ca'
>>> lines.read("Ann\\nBob\\nCat\\n")
Reading(finished=('Cat',), taken_back=())

Backspace right after Enter brings the last name back into the field to be fixed, and so
takes it back from the table:

>>> lines.read("Ann\\nBob\\nCat")
Reading(finished=(), taken_back=('Cat',))
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Reading:
    """What one report of the field means: ``finished`` lines to seat, in order, and lines
    ``taken_back`` (latest first) whose names should leave the table again."""

    finished: tuple[str, ...] = ()
    taken_back: tuple[str, ...] = ()


@dataclass
class TypedLines:
    """The name field's text as the device last reported it, and which of its finished
    lines have been read already."""

    text: str = ""
    """The whole text, exactly as the device holds it (the app never rewrites it while the
    field has the cursor: see the module's docstring)."""
    read_lines: list[str] = field(default_factory=list)
    """The finished lines already read, in order: each was offered to the table once."""

    @property
    def typing(self) -> str:
        """The line being typed: everything after the last newline."""
        return split_lines(self.text)[1]

    def read(self, text: str) -> Reading:
        """The device says the field now holds ``text``: the lines finished since the last
        report, and those taken back.

        Only Backspace over the newline that ended the last line takes a name back: the
        field shows that name again, to be fixed, so the table should not hold it too. Any
        other edit of lines already read (select all and type, a paste) leaves the table
        alone: the field shows one line at a time, and lines nobody sees must not unseat
        anyone. Each report is read in the order the device sent it.
        """
        finished, _ = split_lines(text)
        kept = 0
        while (
            kept < min(len(finished), len(self.read_lines))
            and finished[kept] == self.read_lines[kept]
        ):
            kept += 1
        backspaced = self.text.endswith("\n") and self.text[:-1] == text
        taken_back = tuple(reversed(self.read_lines[kept:])) if backspaced else ()
        new = tuple(finished[kept:])
        self.text = text
        self.read_lines = [*self.read_lines[:kept], *new]
        return Reading(finished=new, taken_back=taken_back)

    def finishes_lines(self, text: str) -> bool:
        """Whether ``text`` changes the finished lines (a name to seat or take back), rather
        than only the line being typed."""
        return split_lines(text)[0] != self.read_lines

    def keep_only_typing(self) -> None:
        """Nobody is typing (the field lost the cursor, or Add was tapped): keep only the
        line being typed, so the field holds exactly what it shows."""
        self.text = self.typing
        self.read_lines = []

    def clear(self) -> None:
        """Empty the field (its line was just added with the Add button)."""
        self.text = ""
        self.read_lines = []


def split_lines(text: str) -> tuple[list[str], str]:
    """``text``'s finished lines (each ended by a newline, Windows' ``\\r\\n`` too) and the
    line still being typed.

    >>> split_lines("Ann\\r\\nBob\\nC")
    (['Ann', 'Bob'], 'C')
    >>> split_lines("")
    ([], '')
    """
    *finished, typing = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return finished, typing
