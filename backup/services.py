"""Whole-site backups: `manage.py export_site FILE` and `manage.py import_site FILE`.

The file is JSON lines (gzip-compressed when its name ends in `.gz`):

    {"format": "cardgames-site-backup", "version": 1, "created": "...", "database": "postgresql", ...}
    {"model": "auth.group", "pk": 1, "fields": {...}}          one line per row, Django's "python"
    {"model": "cards.card", "pk": 12, "fields": {...}}         serializer layout, primary keys kept
    ...
    {"file": "cards/kannagi/x.webp", "data": "<base64>"}       the media files the rows name (optional)
    {"end": true, "rows": {"cards.card": 1234, ...}, "files": 3}

Every row of the project's apps (cards, decks, goldfish, printing, rules) is written, plus the users, the
groups and the API tokens. Primary keys are kept, so foreign keys, share links and tokens stay valid; the
many-to-many links of users and groups (groups, permissions) are written by natural key (group name,
permission codename), since permission ids differ between databases. Date-times keep their microseconds.

Media: the files named by FileFields (card images, card backs, print PDFs) are embedded as base64 unless
`--no-media` is given; then MEDIA_ROOT must be copied separately. Cached derived files (drawn faces,
thumbnails) are not part of the backup: the site makes them again.

Not included: Django sessions (everyone signs in again), the admin log, and the task queue
(django_tasks_db); a simulation that was still running when exported shows as not finished.

Import loads into an empty site database: one with no rows in any backed-up table except those `migrate`
creates (games, editor groups, the registry's regulations), which the backup's rows replace. All of it
runs in one transaction; any bad line rolls everything back and the error names the line, model and pk.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import decimal
import gzip
import hashlib
import json
import os
import uuid
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.utils import timezone
from django.utils.duration import duration_iso_string

FORMAT = "cardgames-site-backup"
VERSION = 1
PROJECT_APPS = ("cards", "decks", "goldfish", "printing", "rules")
# Besides the project's apps: the accounts, with their groups and API tokens.
EXTRA_MODELS = ("auth.group", "auth.user", "authtoken.token")
# Rows `migrate` creates (post_migrate: cards.services.sync_games, decks.services.sync_regulations, the
# editor groups): a fresh site has them, and an import replaces them by the backup's.
SEEDED = (
    "cards.game",
    "auth.group",
    "decks.registryregulation",
    "decks.regulation",
    "decks.regulationsection",
    "decks.regulationcardlimit",
    "decks.regulationbasiccard",
)
# Models whose many-to-many links are written by natural key (their targets' ids differ between sites).
NATURAL_LINKS = ("auth.group", "auth.user")
CHUNK = 500


class BackupError(Exception):
    """A file that cannot be imported, or a database that must not be imported into."""


def label(model) -> str:
    return model._meta.label_lower


def backup_models() -> list[type[models.Model]]:
    """Every model a backup holds, in an order in which natural keys resolve (groups before users)."""
    found = []
    for name in EXTRA_MODELS:
        try:
            found.append(apps.get_model(name))
        except LookupError:  # an app that is not installed
            pass
    for app_label in PROJECT_APPS:
        found.extend(m for m in apps.get_app_config(app_label).get_models() if not m._meta.proxy and m._meta.managed)
    return found


# -- export --------------------------------------------------------------------------------------


def _json_default(value):
    # Full precision (DjangoJSONEncoder drops microseconds, and the import must give back the same rows).
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return duration_iso_string(value)
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode()
    raise TypeError(f"cannot write {type(value).__name__} to JSON")


def _dumps(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, default=_json_default, separators=(",", ":"))


def open_file(path, mode: str):
    """A text stream on the file; gzip when the name ends in .gz."""
    path = Path(path)
    if path.name.endswith(".gz"):
        return gzip.open(path, mode + "t", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


def _rows(model, using: str) -> Iterator[dict]:
    natural = label(model) in NATURAL_LINKS
    queryset = model._default_manager.using(using).order_by("pk")
    m2m = [f.name for f in model._meta.many_to_many]
    if m2m:
        queryset = queryset.prefetch_related(*m2m)
    batch = []
    for obj in queryset.iterator(chunk_size=CHUNK):
        batch.append(obj)
        if len(batch) >= CHUNK:
            yield from serializers.serialize("python", batch, use_natural_foreign_keys=natural)
            batch = []
    if batch:
        yield from serializers.serialize("python", batch, use_natural_foreign_keys=natural)


def _media_names(model, record: dict) -> list[str]:
    return [
        record["fields"][f.name]
        for f in model._meta.concrete_fields
        if isinstance(f, models.FileField) and record["fields"].get(f.name)
    ]


def export_site(path, *, media: bool = True, using: str = DEFAULT_DB_ALIAS, warn=None) -> dict:
    """Write the whole site to `path`; returns the row counts by model (and "files").

    The file is written under a temporary name and renamed when complete, so a failed export leaves none."""
    path = Path(path)
    partial = path.with_name(path.name + ".partial" + (".gz" if path.name.endswith(".gz") else ""))
    try:
        counts = _export(partial, media=media, using=using, warn=warn)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, path)
    return counts


def _export(path, *, media: bool, using: str, warn) -> dict:
    connection = connections[using]
    counts: Counter = Counter()
    files: list[str] = []
    with open_file(path, "w") as out, transaction.atomic(using=using):
        if connection.vendor == "postgresql":  # one consistent snapshot of every table
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        out.write(_dumps({
            "format": FORMAT,
            "version": VERSION,
            "created": timezone.now(),
            "database": connection.vendor,
            "models": [label(m) for m in backup_models()],
            "media": "embedded" if media else "separate (copy MEDIA_ROOT)",
        }) + "\n")
        for model in backup_models():
            for record in _rows(model, using):
                out.write(_dumps(record) + "\n")
                counts[record["model"]] += 1
                if media:
                    files.extend(_media_names(model, record))
        written = 0
        for name in dict.fromkeys(files):
            try:
                with default_storage.open(name, "rb") as handle:
                    data = handle.read()
            except (FileNotFoundError, OSError):
                if warn:
                    warn(f"media file {name} is missing; its row is kept without it")
                continue
            out.write(_dumps({"file": name, "sha256": hashlib.sha256(data).hexdigest(),
                              "data": base64.b64encode(data).decode()}) + "\n")
            written += 1
        out.write(_dumps({"end": True, "rows": dict(counts), "files": written}) + "\n")
    return {**counts, "files": written}


# -- import --------------------------------------------------------------------------------------


def _records(path) -> Iterator[tuple[int, dict]]:
    try:
        with open_file(path, "r") as stream:
            for number, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise BackupError(f"line {number}: not valid JSON ({exc.msg} at column {exc.colno}); "
                                      f"the file is damaged or truncated") from None
                if not isinstance(record, dict):
                    raise BackupError(f"line {number}: expected a JSON object")
                yield number, record
    except (EOFError, gzip.BadGzipFile, UnicodeDecodeError, OSError, zlib.error) as exc:
        if isinstance(exc, FileNotFoundError):
            raise BackupError(f"no such file: {path}") from None
        raise BackupError(f"cannot read {path}: {exc} (damaged or truncated?)") from None


def check_file(path) -> dict:
    """Read the whole file once: its header, that every line is a row of a known model or a media file,
    and that the end record is there and its counts match (a truncated file has none)."""
    known = {label(m): m for m in backup_models()}
    header = end = None
    counts: Counter = Counter()
    files = 0
    groups: dict = {"names": set(), "pks": set()}
    for number, record in _records(path):
        if header is None:
            if record.get("format") != FORMAT:
                raise BackupError(f"line {number}: not a site backup (expected format {FORMAT!r})")
            if record.get("version") != VERSION:
                raise BackupError(f"line {number}: backup version {record.get('version')!r}; this site reads {VERSION}")
            header = record
            continue
        if end is not None:
            raise BackupError(f"line {number}: data after the end record")
        if record.get("end") is True:
            end = record
        elif "model" in record:
            model = record["model"]
            if model not in known:
                raise BackupError(f"line {number}: unknown model {model!r} (this site has {', '.join(known)})")
            if not isinstance(record.get("fields"), dict):
                raise BackupError(f"line {number} ({model} pk={record.get('pk')!r}): no fields")
            counts[model] += 1
            if model == "auth.group":
                groups["names"].add(record["fields"].get("name"))
                groups["pks"].add(record.get("pk"))
        elif "file" in record:
            name = record["file"]
            if not isinstance(name, str) or not name or name.startswith("/") or ".." in Path(name).parts:
                raise BackupError(f"line {number}: bad media file name {name!r}")
            try:
                data = base64.b64decode(record.get("data") or "", validate=True)
            except (binascii.Error, ValueError):
                raise BackupError(f"line {number}: media file {name}: its data is not base64") from None
            if record.get("sha256") and hashlib.sha256(data).hexdigest() != record["sha256"]:
                raise BackupError(f"line {number}: media file {name}: damaged (checksum differs)")
            files += 1
        else:
            raise BackupError(f"line {number}: neither a row, a media file nor the end record")
    if header is None:
        raise BackupError("the file is empty")
    if end is None:
        raise BackupError("the file has no end record: it is truncated")
    expected = Counter({k: v for k, v in (end.get("rows") or {}).items()})
    if expected != counts or end.get("files", 0) != files:
        diff = sorted(k for k in set(expected) | set(counts) if expected[k] != counts[k])
        what = ", ".join(f"{k}: {counts[k]} of {expected[k]}" for k in diff) or f"files: {files} of {end.get('files')}"
        raise BackupError(f"the rows do not match the end record ({what}): the file is damaged")
    return {"header": header, "counts": counts, "files": files, "groups": groups}


def check_empty(using: str = DEFAULT_DB_ALIAS) -> None:
    """Refuse a database with rows beyond what migrate creates, naming the first such table."""
    for model in backup_models():
        if label(model) in SEEDED:
            continue
        if model._default_manager.using(using).exists():
            raise BackupError(
                f"the database is not empty: table {model._meta.db_table} ({label(model)}) has rows; "
                f"import_site loads into a freshly migrated database only"
            )


def _clear_seeded(info: dict, using: str) -> None:
    from django.contrib.auth.models import Group

    from decks.models import RegistryRegulation, Regulation

    # No deck or pool exists (check_empty), so the regulations go with their sections and limits; the
    # backup's regulations, and its registry markers, replace them.
    RegistryRegulation.objects.using(using).all().delete()
    Regulation.objects.using(using).all().delete()
    # Groups: those of the backup replace the ones of the same name or id (no user belongs to them yet).
    groups = info["groups"]
    Group.objects.using(using).filter(models.Q(name__in=groups["names"]) | models.Q(pk__in=groups["pks"])).delete()
    # Games are kept and updated from the backup's rows (same slug), so migrate's other games stay.


def import_site(path, *, using: str = DEFAULT_DB_ALIAS) -> dict:
    """Load a backup into an empty site database, all or nothing; returns the counts loaded."""
    info = check_file(path)
    connection = connections[using]
    known = {label(m): m for m in backup_models()}
    tables = [m._meta.db_table for m in known.values()]
    with transaction.atomic(using=using):
        check_empty(using)
        _clear_seeded(info, using)
        for number, record in _records(path):
            if "model" not in record:
                continue
            where = f"line {number} ({record['model']} pk={record.get('pk')!r})"
            try:
                for obj in serializers.deserialize("python", [record], using=using):
                    obj.save(using=using)
            except DeserializationError as exc:
                raise BackupError(f"{where}: {exc}") from None
            except Exception as exc:  # an integrity error, a value the column refuses …
                raise BackupError(f"{where}: {type(exc).__name__}: {exc}") from None
        try:
            connection.check_constraints(table_names=tables)
        except Exception as exc:
            raise BackupError(f"a row refers to one that is not in the backup: {exc}") from None
        statements = connection.ops.sequence_reset_sql(no_style(), list(known.values()))
        if statements:
            with connection.cursor() as cursor:
                for sql in statements:
                    cursor.execute(sql)
    written = _write_media(path) if info["files"] else 0
    return {**info["counts"], "files": written}


def _write_media(path) -> int:
    """After the rows are in: put back the embedded media files (a same file already there is kept)."""
    written = 0
    for _number, record in _records(path):
        if "file" not in record:
            continue
        name, data = record["file"], base64.b64decode(record["data"])
        if default_storage.exists(name):
            with default_storage.open(name, "rb") as handle:
                if handle.read() == data:
                    continue
            default_storage.delete(name)
        saved = default_storage.save(name, ContentFile(data))
        if saved != name:  # pragma: no cover - a storage that renames
            raise BackupError(f"media file {name} was stored as {saved}")
        written += 1
    return written


__all__ = ["BackupError", "backup_models", "check_empty", "check_file", "export_site", "import_site"]
