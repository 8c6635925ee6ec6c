"""The web shell around the sheet renderer: cards from the database in, PDF bytes out."""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from django.urls import reverse

from cards.faces import face_key
from cards.models import Card
from rules.declare import get_game

from .queueing import face_task
from .sheets import PrintCard, PrintOptions, render


def print_cards(game_slug: str, counts: dict[int, int], one_each: bool = False, group: str = "",
                order: list[int] | None = None) -> list[PrintCard]:
    """The cards to print in a stable order: `order` (card ids: a deck's order, as its page shows it), then
    the list order of the game; copies from `counts`, or one each."""
    cards = list(Card.objects.filter(game_id=game_slug, pk__in=list(counts)).order_by("sort_key", "number", "id"))
    if order:
        place = {int(pk): i for i, pk in enumerate(order)}
        cards.sort(key=lambda c: place.get(c.pk, len(place)))  # stable: cards the order lacks keep the game's
    items = []
    for card in cards:
        data = card.to_data()
        image = card.image.path if card.image else None
        items.append(PrintCard(face_key(card), data, 1 if one_each else counts[card.pk], image, group, card.pk))
    return items


def section_groups(regulation, sections: dict[str, dict[int, int]], lang: str, orders: dict | None = None) -> list[dict]:
    """A deck's sections as print groups, in the order its format declares them (main, skill, status …),
    each named by the section's label: [{"label": "メイン", "counts": {card id: copies}}], with `orders`
    (section -> card ids) its cards' order as "order". A deck with one section is one unnamed group
    (nothing to tell apart on its sheets)."""
    rules = regulation.to_rules()
    order = [key for key in rules.section_keys if sections.get(key)]
    order += [key for key in sections if key not in order and sections[key]]
    groups = []
    for key in order:
        section = rules.section(key)
        groups.append({"label": section.label(lang) if section else "", "counts": dict(sections[key])})
        if orders and orders.get(key):
            groups[-1]["order"] = list(orders[key])
    if len(groups) == 1:
        groups[0]["label"] = ""
    return groups


def grouped_print_cards(game_slug: str, groups: list[dict], one_each: bool = False) -> list[PrintCard]:
    """The cards of each group in turn (a group starts on a sheet of its own); one each: every card once, in
    the first group that holds it."""
    items: list[PrintCard] = []
    seen: set[int] = set()
    for group in groups:
        counts = {int(k): v for k, v in group["counts"].items() if not (one_each and int(k) in seen)}
        seen |= set(counts)
        items += print_cards(game_slug, counts, one_each=one_each, group=group.get("label", ""), order=group.get("order"))
    return items


def back_image(game_slug: str) -> str | None:
    """The game's uploaded back (a file path), if an editor uploaded one."""
    from .models import CardBack

    back = CardBack.objects.filter(game_id=game_slug).first()
    return back.image.path if back and back.image else None


def render_cards(game_slug: str, items: list[PrintCard], options: PrintOptions, title: str = "", progress=None) -> bytes:
    return render(get_game(game_slug), items, options, title=title, progress=progress, back_image=back_image(game_slug))


JOBS_ACTIVE_PER_REQUESTER = 3  # queued or running print and export jobs of one account (or visitor) at once
# ... and of all visitors without an account together (a visitor who drops the cookie gets a new key).
JOBS_ACTIVE_VISITORS = 12


class PrintJobBusy(Exception):
    """The requester already has as many print and export jobs waiting as allowed."""

    def __init__(self, messages):
        super().__init__("; ".join(messages))
        self.messages = list(messages)


def check_job_cap(tag: str) -> None:
    """Refuse a new print or export job while this owner has JOBS_ACTIVE_PER_REQUESTER waiting (and while
    all visitors together have JOBS_ACTIVE_VISITORS)."""
    from django.utils.translation import gettext

    from jobs.services import check_cap

    from .models import PrintJob

    check_cap(PrintJob, tag, JOBS_ACTIVE_PER_REQUESTER, gettext(
        "You have {count} prints or exports waiting already: wait for one of them to finish first.").format(
        count=JOBS_ACTIVE_PER_REQUESTER), PrintJobBusy)
    if tag.startswith("v:"):
        visitors = PrintJob.objects.filter(owner_tag__startswith="v:", status__in=[PrintJob.Status.QUEUED, PrintJob.Status.RUNNING])
        if visitors.count() >= JOBS_ACTIVE_VISITORS:
            raise PrintJobBusy([gettext(
                "Visitors without an account have {count} prints or exports waiting already: sign in, or try "
                "again in a few minutes.").format(count=JOBS_ACTIVE_VISITORS)])


def _create_job(*, user, tag: str, **fields):
    """Store a print or export job and queue its task (in one transaction), after the caps."""
    from django.db import transaction

    from jobs.services import enqueue

    from .models import PrintJob

    check_job_cap(tag)
    prune_print_jobs()
    with transaction.atomic():
        job = PrintJob.objects.create(owner=user if user and user.is_authenticated else None, owner_tag=tag, **fields)
        enqueue([job])
    return job


def start_print_job(*, user, game_slug: str, title: str, counts: dict[int, int], options: PrintOptions,
                    groups: list[dict] | None = None, tag: str | None = None):
    """Record a print job and queue it for a worker (printing.tasks.render_print_job). `tag`: the owner's
    jobs.services.owner_tag (default: the account's); PrintJobBusy when they have too many waiting."""
    from dataclasses import asdict

    from jobs.services import owner_tag

    return _create_job(
        user=user, tag=tag if tag is not None else owner_tag(user.pk if user and user.is_authenticated else None),
        game_id=game_slug,
        title=title[:200],
        counts={str(k): v for k, v in counts.items()},
        groups=[{"label": g["label"], "counts": {str(k): v for k, v in g["counts"].items()},
                 **({"order": [int(k) for k in g["order"]]} if g.get("order") else {})} for g in groups or ()],
        options=asdict(options),
        total=sum(counts.values()),
    )


KEEP_JOBS = timedelta(days=7)


def prune_print_jobs() -> int:
    """Forget finished jobs older than a week, and their files; also the TTS face sheets drawn for exports
    more than a week ago (printing.export_views draws a sheet again when its link is loaded)."""
    from django.utils import timezone

    from .models import PrintJob

    old = PrintJob.objects.filter(finished_at__lt=timezone.now() - KEEP_JOBS)
    count = 0
    for job in old:
        if job.file:
            job.file.delete(save=False)
        job.delete()
        count += 1
    prune_tts_sheets()
    return count


def prune_tts_sheets(now: float | None = None) -> int:
    """Delete the cached TTS face sheets not written for a week; how many were deleted."""
    import time
    from pathlib import Path

    from django.conf import settings

    folder = Path(settings.MEDIA_ROOT) / "exports" / "tts"
    limit = (now if now is not None else time.time()) - KEEP_JOBS.total_seconds()
    count = 0
    for path in folder.glob("*.png") if folder.is_dir() else ():
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
                count += 1
        except FileNotFoundError:  # another process pruned it first
            pass
    return count


# -- faces drawn ahead of time ---------------------------------------------------------------------------

FACES_PER_TASK = 50  # one task draws this many cards' faces (about 0.1 s each): short tasks, a queue that moves


def draw_faces(card_ids, sizes=None) -> int:
    """Draw and cache the faces (printing.raster, every size) of these cards that are not drawn yet; returns
    how many images it drew. Cards deleted meanwhile are skipped; a face already cached costs a stat."""
    from . import raster

    drawn = 0
    for card in Card.objects.filter(pk__in=list(card_ids)).order_by("pk"):
        key = face_key(card)
        for size in sizes or raster.SIZES:
            if not raster.face_path(card.pk, key, size).exists():
                raster.make_face(card, key, size)
                drawn += 1
    return drawn


def queue_face_drawing(card_ids) -> None:
    """Have the task worker draw these cards' faces once the caller's transaction commits (settings
    FACES_AHEAD = False turns it off). Only ids go into the queue, in tasks of FACES_PER_TASK cards; each task
    draws whatever is still missing then, so a card queued twice is drawn once."""
    from django.conf import settings
    from django.db import transaction

    if not getattr(settings, "FACES_AHEAD", True):
        return
    ids = sorted({int(pk) for pk in card_ids})
    if not ids:
        return

    def enqueue():
        task = face_task()
        for start in range(0, len(ids), FACES_PER_TASK):
            task.enqueue(ids[start:start + FACES_PER_TASK])

    transaction.on_commit(enqueue)


# -- exports for other tables (Tabletop Simulator, Cockatrice, print shops) ---------------------------------


def export_of(game_slug: str, groups: list[dict], title: str, card_size: str | None = None):
    """What printing.exports takes for these print groups (a deck's sections in their declared order, each
    a TTS deck of its own; a pool's shared deck or a set is one group): the cards, the game's card size
    (or `card_size`, e.g. '59x86') and its uploaded back."""
    from .exports import Export
    from .sheets import game_card_size, parse_size

    w, h = parse_size(card_size or game_card_size(game_slug))
    return Export(get_game(game_slug), title, grouped_print_cards(game_slug, groups), w, h, back_image(game_slug))


def start_export_job(*, user, game_slug: str, title: str, groups: list[dict], fmt: str, sheet_url: str = "",
                     filename: str = "", tag: str | None = None):
    """Record an export (a zip for TTS, Cockatrice or a print shop) as a print job and queue it for a worker
    (printing.tasks.render_export_job). `sheet_url`: the site's URL of a TTS image with TOKEN for its token;
    `tag` as for start_print_job."""
    from jobs.services import owner_tag

    counts: dict[int, int] = {}
    for group in groups:
        for card_id, n in group["counts"].items():
            counts[int(card_id)] = counts.get(int(card_id), 0) + n
    return _create_job(
        user=user, tag=tag if tag is not None else owner_tag(user.pk if user and user.is_authenticated else None),
        game_id=game_slug,
        title=title[:200],
        counts={str(k): v for k, v in counts.items()},
        groups=[{"label": g["label"], "counts": {str(k): v for k, v in g["counts"].items()}} for g in groups],
        options={"export": fmt, "sheet_url": sheet_url, "filename": filename},
        total=len(counts),
    )


def export_job_zip(job, progress=None) -> bytes:
    """The zip an export job makes (printing.tasks.render_export_job); `progress()` is called for each face
    drawn or read."""
    from django.utils import timezone

    from .exports import export_files, face_done, zip_bytes

    export = export_of(job.game_id, job.groups, job.title)
    urls = {}
    template = job.options.get("sheet_url") or ""
    if job.options["export"] == "tts" and template:
        urls = site_urls(export, lambda path: template.replace(_token_path(), path))
    token = face_done.set(progress)
    try:
        files = export_files(export, job.options["export"], created=timezone.now().isoformat(timespec="seconds"), **urls)
    finally:
        face_done.reset(token)
    return zip_bytes(files)


def export_progress(job_id: int, total: int):
    """A progress() for export_job_zip that shows the faces done on the job's page (every 4th face, at most
    the job's total: a face in two sections is drawn twice)."""
    from .models import PrintJob

    done = 0

    def progress() -> None:
        nonlocal done
        done += 1
        if done % 4 == 0:
            PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).update(done=min(done, total))

    return progress


def _token_path() -> str:
    return reverse("tts_image", args=["TOKEN"])


SIGNING_SALT = "printing.exports.tts"


def sheet_token(game_slug: str, card_ids: list[int] | None, card_size: str) -> str:
    """The signed token of a TTS image (printing.export_views.tts_image): a sheet of these cards in slot
    order, or the game's back when card_ids is None; card_size as '63x88'."""
    payload: dict = {"g": game_slug, "s": card_size}
    if card_ids is None:
        payload["b"] = 1
    else:
        payload["c"] = list(card_ids)
    return signing.dumps(payload, salt=SIGNING_SALT, compress=True)


def site_urls(export, absolute) -> dict:
    """sheet_url and back_url for export_files: the site's absolute URLs to the sheets and the back.
    `absolute` turns a path into an absolute URL (request.build_absolute_uri)."""
    slug, size = export.game.slug, f"{export.card_w:g}x{export.card_h:g}"

    def url(token: str) -> str:
        return absolute(reverse("tts_image", args=[token]))

    return {
        "sheet_url": lambda sheet: url(sheet_token(slug, [item.card_id for item in sheet.faces], size)),
        "back_url": url(sheet_token(slug, None, size)),
    }




def with_basic_cards(game_slug: str, regulation, groups: list[dict]) -> list[dict]:
    """A deck's print groups plus, as a deck of its own, the cards every deck of its format holds besides the
    player's (the regulation's `basic`, e.g. the basic cards a shared deck starts from), so an export is
    the whole game to play; unchanged for a format that declares none. Names not in the card list are left
    out (deck validation reports them)."""
    from django.utils.translation import gettext

    basic = regulation.to_rules().basic
    if not basic:
        return groups
    ids = dict(Card.objects.filter(game_id=game_slug, name__in=[name for name, _n in basic]).values_list("name", "pk"))
    counts: dict[int, int] = {}
    for name, copies in basic:
        if name in ids:
            counts[ids[name]] = counts.get(ids[name], 0) + copies
    if not counts:
        return groups
    named = [g if g["label"] else {**g, "label": gettext("Your cards")} for g in groups]
    return [*named, {"label": gettext("Basic cards"), "counts": counts}]
