"""Downloads for other tables (Tabletop Simulator, Cockatrice, print shops) of a deck, a pool or a game's set.

The permission checks are the print pages' (printing.views._target: a private deck or pool is 404 to anyone
but its owner). A TTS export names its face sheets by the site's own absolute URLs: each is a signed link
(the cards on the sheet, in slot order) that anyone holding the saved object may load, as TTS does without
an account; the sheet is drawn on first load and kept on disk.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.conf import settings
from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from cards.models import Card
from jobs.services import request_owner_tag

from .exports import (
    FORMATS,
    Export,
    TtsSheet,
    export_files,
    safe_filename,
    sheet_grid,
    tts_back_png,
    tts_sheet_png,
    zip_bytes,
)
from .raster import write_whole
from .services import SIGNING_SALT, PrintJobBusy, export_of, face_key, site_urls, start_export_job, with_basic_cards
from .sheets import PrintCard, PrintOptionError, parse_size
from .views import _target, job_refused

# The most distinct faces one web request draws itself, per format; more are made by a worker with a
# progress page. Measured through the web server on the 2-core VM while other work ran (load 4): the
# vision sample deck (80 cards, 48 distinct faces) took 1.75 s for TTS, 1.86 s for Cockatrice and 2.7 s for
# print-shop images at 300 dpi; a kannagi deck of 13 faces 0.3 / 0.25 / 0.85 s. So a 60-card deck with up
# to 40 distinct faces comes straight back in about 2 seconds in every format.
DIRECT_FACES = {"tts": 60, "cockatrice": 60, "images": 40}

FORMAT_LABELS = {
    "tts": _("Tabletop Simulator"),
    "cockatrice": _("Cockatrice"),
    "images": _("Print-shop images (300 dpi)"),
}


def _attachment(data: bytes, filename: str, content_type: str = "application/zip") -> HttpResponse:
    from urllib.parse import quote

    response = HttpResponse(data, content_type=content_type)
    ascii_name = filename.encode("ascii", "replace").decode().replace("?", "_").replace('"', "_")
    response["Content-Disposition"] = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"
    response["Cache-Control"] = "private, no-store"
    return response


def _export_target(request, kind, pk):
    """The print pages' target (and permission check); a deck also brings its format's basic cards."""
    obj, game_slug, name, groups = _target(request, kind, pk)
    if kind in ("deck", "deck_shared"):
        groups = with_basic_cards(game_slug, obj.regulation, groups)
    return obj, game_slug, name, groups


def _key(kind: str, obj):
    """What the export's URLs name the deck, pool or set by: its id, a set's game slug, a link's token."""
    return {"set": lambda: obj.slug, "deck_shared": lambda: obj.share_token}.get(kind, lambda: obj.pk)()


def export_filename(kind: str, key, fmt: str) -> str:
    return f"{kind.split('_')[0]}-{safe_filename(str(key))}-{fmt}.zip"


@require_safe
def export_zip(request, kind, pk, fmt):
    """The zip of one format; an export with more faces than one request draws is offered as a job."""
    if fmt not in FORMATS:
        raise Http404
    obj, game_slug, name, groups = _export_target(request, kind, pk)
    export = export_of(game_slug, groups, name)
    key = _key(kind, obj)
    faces = len(export.distinct())
    if faces > DIRECT_FACES[fmt]:
        context = {
            "object": obj, "name": name, "faces": faces, "format_label": FORMAT_LABELS[fmt],
            "start_url": reverse(f"{kind}_export_job", args=[key, fmt]),
        }
        return render(request, "printing/export_start.html", context)
    urls = site_urls(export, request.build_absolute_uri) if fmt == "tts" else {}
    files = export_files(export, fmt, created=timezone.now().isoformat(timespec="seconds"), **urls)
    return _attachment(zip_bytes(files), export_filename(kind, key, fmt))


export_zip.throttle_scope = "download"  # direct downloads, counted per address (config/throttles.py)


@require_POST
def export_job_start(request, kind, pk, fmt):
    """Queue a big export for a worker and show its progress (the print jobs' page)."""
    if fmt not in FORMATS:
        raise Http404
    obj, game_slug, name, groups = _export_target(request, kind, pk)
    key = _key(kind, obj)
    # the worker names the sheets by this site's URLs: the path's stand-in is replaced by each sheet's token
    sheet_url = request.build_absolute_uri(reverse("tts_image", args=["TOKEN"])) if fmt == "tts" else ""
    try:
        job = start_export_job(
            user=request.user, game_slug=game_slug, title=name, groups=groups, fmt=fmt, sheet_url=sheet_url,
            filename=export_filename(kind, key, fmt), tag=request_owner_tag(request),
        )
    except PrintJobBusy as exc:
        return job_refused(request, exc)
    return redirect("print_job", token=job.token)


def _sheet_cache(token: str, keys: list[str]) -> Path:
    digest = hashlib.sha256("\n".join([token, *keys]).encode()).hexdigest()[:32]
    return Path(settings.MEDIA_ROOT) / "exports" / "tts" / f"{digest}.png"


def _write(path: Path, data: bytes) -> None:
    write_whole(path, lambda out: out.write(data))


@require_safe
def tts_image(request, token):
    """A TTS face sheet or back named in an exported saved object (signed by the site: the link alone is
    the permission, as TTS loads it without an account; the cards themselves are public)."""
    from rules.declare import get_game

    from .services import back_image
    from .sheets import game_card_size

    try:
        payload = signing.loads(token, salt=SIGNING_SALT)
        w, h = parse_size(payload.get("s") or game_card_size(payload["g"]))
        game = get_game(payload["g"])
    except (signing.BadSignature, PrintOptionError, KeyError, TypeError, ValueError, LookupError):
        raise Http404 from None
    export = Export(game, "", [], w, h, back_image(game.slug))
    if payload.get("b"):
        data = tts_back_png(export)
    else:
        ids = [int(i) for i in payload.get("c") or []]
        cards = {c.pk: c for c in Card.objects.filter(game_id=game.slug, pk__in=ids)}
        # A card deleted since the export leaves its slot blank: the saved object's CardIDs still count the
        # slots of the sheet it was exported with, so the other faces must stay where they were.
        faces = tuple(
            PrintCard(face_key(cards[i]), cards[i].to_data(), 1, cards[i].image.path if cards[i].image else None, "", i)
            if i in cards else None
            for i in ids
        )
        if not any(faces):
            raise Http404
        path = _sheet_cache(token, [f.key if f else "-" for f in faces])
        if path.exists():
            data = path.read_bytes()
        else:
            data = tts_sheet_png(export, TtsSheet("sheet.png", faces, *sheet_grid(len(faces))))
            _write(path, data)
    response = HttpResponse(data, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
