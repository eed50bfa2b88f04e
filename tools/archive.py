"""The site's zip archives (the engine, the standard library): written the same way
every time, so that the same content always gives the same bytes (and the same site
version, whatever the checkout)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

_UTF8_NAMES = 0x800  # zip flag: member names are UTF-8
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # fixed, so that the same members give the same bytes


class _Utf8Member(zipfile.ZipInfo):
    """A member whose name is marked as UTF-8.  Unmarked names are decoded as code page
    437, and decoding them makes Python in the page import `encodings.cp437`, compiled
    from source at every start (≈7 ms); Python's writer marks only non-ASCII names."""

    def _encodeFilenameFlags(self) -> tuple[bytes, int]:
        return self.filename.encode("utf-8"), self.flag_bits | _UTF8_NAMES


def archive_bytes(members: dict[str, bytes], first: Sequence[str] = ()) -> bytes:
    """A zip with fixed times, every name marked as UTF-8, every member deflated: the
    members named in ``first`` in that order, then the others in name order."""
    ahead = [name for name in dict.fromkeys(first) if name in members]
    rest = sorted(set(members) - set(ahead))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ahead + rest:
            info = _Utf8Member(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, members[name])
    return buffer.getvalue()


def write_archive(path: Path, members: dict[str, bytes], first: Sequence[str] = ()) -> None:
    path.write_bytes(archive_bytes(members, first))


def read_archive(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def read_archive_names(path: Path) -> list[str]:
    """The members' names, in the archive's order."""
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()
