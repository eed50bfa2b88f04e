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


ENGINE_ARCHIVE = "engine.zip"
"""The engine's archive in the site (the build hands the name to the page: the boot
data's ``python.engine``)."""
SOLID = ENGINE_ARCHIVE
"""The one member of a solid archive, named as the engine's archive: a zip of stored
members, deflated as a whole (the boot data's ``python.solid``)."""


def archive_bytes(
    members: dict[str, bytes], first: Sequence[str] = (), *, deflated: bool = True
) -> bytes:
    """A zip with fixed times, every name marked as UTF-8, every member deflated (or
    stored): the members named in ``first`` in that order, then the others in name order."""
    ahead = [name for name in dict.fromkeys(first) if name in members]
    rest = sorted(set(members) - set(ahead))
    method = zipfile.ZIP_DEFLATED if deflated else zipfile.ZIP_STORED
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=9) as archive:
        for name in ahead + rest:
            info = _Utf8Member(name, date_time=_ZIP_TIME)
            info.compress_type = method
            archive.writestr(info, members[name], compresslevel=9)
    return buffer.getvalue()


def solid_bytes(members: dict[str, bytes], first: Sequence[str] = ()) -> bytes:
    """The engine's archive: a zip whose one member (:data:`SOLID`) is a zip of the
    members stored, deflated as a whole, so that what its seventy small modules share
    (names, imports, the same bytecode shapes) is compressed once: 246 kB rather than
    291 kB deflated member by member (docs/performance.md, "Bytes").  Still a zip:
    the page reads it (static/boot/unzip.js opens the inner one) and so does Python."""
    inner = archive_bytes(members, first, deflated=False)
    return archive_bytes({SOLID: inner})


def write_archive(path: Path, members: dict[str, bytes], first: Sequence[str] = ()) -> None:
    path.write_bytes(solid_bytes(members, first))


def _opened(path: Path) -> zipfile.ZipFile:
    """The archive at ``path``, or the one inside it when it is solid."""
    archive = zipfile.ZipFile(path)
    if archive.namelist() == [SOLID]:
        with archive:
            return zipfile.ZipFile(io.BytesIO(archive.read(SOLID)))
    return archive


def read_archive(path: Path) -> dict[str, bytes]:
    with _opened(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def read_archive_names(path: Path) -> list[str]:
    """The members' names, in the archive's order."""
    with _opened(path) as archive:
        return archive.namelist()
