import io
from dataclasses import replace

from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from cards.models import Card, Game
from decks import selectors as deck_selectors
from decks.presenters import deck_card_order, pool_view
from jobs.services import request_owner_tag

from . import raster
from .forms import PrintForm, error_lines, geometry, grid_note, note_messages
from .models import PrintJob
from .services import PrintJobBusy, face_key, grouped_print_cards, render_cards, section_groups, start_print_job
from .sheets import PrintOptionError, alignment_sheet, layout, sheets_of


@require_safe
def card_face(request, pk, size, key):
    """The drawn face of a card as a WebP image (the print drawing), cached for good under its key."""
    card = get_object_or_404(Card, pk=pk)
    if size not in raster.SIZES:
        raise Http404
    current = face_key(card)
    if key != current:
        return redirect(reverse("card_face", args=[card.pk, size, current]))
    response = FileResponse(raster.make_face(card, current, size).open("rb"), content_type="image/webp")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


# -- printing a deck or a pool -------------------------------------------------------------------------




PREVIEW_WIDTH = 620
BACKGROUND_OVER = 200  # cards: bigger prints are made by a worker, with a progress bar
DIRECT_LIMIT = 600  # cards: the most one web request renders itself


def _deck_sections(deck) -> dict[str, dict[int, int]]:
    sections: dict[str, dict[int, int]] = {}
    for section, card_id, n in deck.entries.values_list("section", "card_id", "count"):
        by_card = sections.setdefault(section, {})
        by_card[card_id] = by_card.get(card_id, 0) + n
    return sections


def _pool_counts(pool) -> dict[int, int]:
    return {e["card"]: e["count"] for e in pool_view(pool)["combined"]}


def _target(request, kind, pk):
    """(object, game slug, name, print groups): a deck's groups are its sections in the order its format
    declares them, each on sheets of its own; a pool (one shared deck) and a set are one group."""
    if kind == "set":  # a designer's checklist: every card of the game once
        game = get_object_or_404(Game, slug=pk)
        counts = dict.fromkeys(Card.objects.filter(game=game).values_list("pk", flat=True), 1)
        return game, game.slug, game.name, [{"label": "", "counts": counts}]
    if kind in ("deck", "deck_shared"):  # deck_shared: an unlisted deck by its sharing link (exports)
        deck = deck_selectors.visible_deck(request.user, pk) if kind == "deck" else deck_selectors.shared_deck(pk)
        groups = section_groups(deck.regulation, _deck_sections(deck), get_language() or "ja", deck_card_order(deck))
        return deck, deck.game_id, deck.name, groups
    pool = deck_selectors.visible_pool(request.user, pk)
    return pool, pool.game_id, pool.name, [{"label": "", "counts": _pool_counts(pool)}]


def _total(groups) -> int:
    return sum(n for g in groups for n in g["counts"].values())


def _one_each(groups) -> list[dict]:
    seen: set[int] = set()
    out = []
    for g in groups:
        counts = {k: 1 for k in g["counts"] if k not in seen}
        seen |= set(counts)
        if counts:
            out.append({"label": g["label"], "counts": counts, **({"order": g["order"]} if g.get("order") else {})})
    return out


def _options(request, game_slug):
    form = PrintForm(request.GET or None, game_slug=game_slug)
    if request.GET and form.is_valid():
        try:
            return form, form.options()
        except PrintOptionError:
            return form, None
    if not request.GET:
        form = PrintForm({"card_size": form.fields["card_size"].initial}, game_slug=game_slug)
        form.is_valid()
        return form, form.options()
    return form, None


def _card_list(groups) -> list[dict]:
    """What the page lists under the preview: each group with its cards (name, copies, face)."""
    ids = {k for g in groups for k in g["counts"]}
    cards = {c.pk: c for c in Card.objects.filter(pk__in=ids).order_by("sort_key", "number", "id")}
    place = {pk: i for i, pk in enumerate(cards)}
    out = []
    for g in groups:
        order = {pk: i for i, pk in enumerate(g.get("order") or ())}
        entries = [(cards[k], g["counts"][k]) for k in sorted((k for k in g["counts"] if k in cards),
                                                             key=lambda k: (order.get(k, len(order)), place[k]))]
        out.append({"label": g["label"], "entries": entries, "count": sum(n for _c, n in entries)})
    return out


@require_safe
def print_page(request, kind, pk):
    obj, game_slug, name, groups = _target(request, kind, pk)
    form, options = _options(request, game_slug)
    query = request.GET.urlencode()
    key = {"set": lambda: obj.slug, "deck_shared": lambda: obj.share_token}.get(kind, lambda: obj.pk)()
    urls = {name: reverse(f"{kind}_print{suffix}", args=[key]) for name, suffix in (
        ("pdf", "_pdf"), ("preview", "_preview"), ("alignment", "_alignment"), ("job", "_job"))}
    back = {"deck": lambda: reverse("deck_detail", args=[obj.pk]), "deck_shared": lambda: reverse("deck_shared", args=[obj.share_token])}
    urls["back"] = back.get(kind, obj.get_absolute_url)()
    lay = layout(options) if options else None
    context = {
        # the background job's form posts the options shown (the script keeps them in step with the form)
        "job_fields": [(name, value) for name, value in request.GET.items() if name in form.fields],
        "urls": urls,
        "object": obj,
        "background": _total(groups) > BACKGROUND_OVER,
        "kind": kind,
        "form": form,
        "options": options,
        "layout": lay,
        "note": grid_note(lay, options.paper) if lay else "",
        "geometry": geometry(),
        "messages_js": note_messages(),
        "query": query,
        "cards": _total(groups),
        "card_groups": _card_list(groups),
        "game": obj if kind == "set" else obj.game,
    }
    return render(request, "printing/print.html", context, status=200 if options else 400)


def _items(request, kind, pk):
    """(object, game, name, the cards to print, options, form); options is None when the form is invalid."""
    obj, game_slug, name, groups = _target(request, kind, pk)
    form, options = _options(request, game_slug)
    items = grouped_print_cards(game_slug, groups, one_each=request.GET.get("copies") == "one") if options else []
    return obj, game_slug, name, items, options, form


@require_safe
def print_pdf(request, kind, pk):
    obj, game_slug, name, items, options, form = _items(request, kind, pk)
    if options is None:
        return HttpResponse("\n".join(error_lines(form)), status=400, content_type="text/plain; charset=utf-8")
    if sum(i.copies for i in items) > DIRECT_LIMIT:
        return HttpResponse(
            _("This print has more than %(limit)s cards: make it in the background from the print page.") % {"limit": DIRECT_LIMIT},
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    pdf = render_cards(game_slug, items, options, title=name)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{kind}-{obj.pk}.pdf"'
    return response


print_pdf.throttle_scope = "download"  # direct downloads, counted per address (config/throttles.py)


@require_safe
def print_preview(request, kind, pk):
    """The first sheet as a PNG: what the options make, before downloading."""
    obj, game_slug, name, items, options, _form = _items(request, kind, pk)
    if options is None:
        return HttpResponse(status=400)
    first = [replace(item, copies=1) for item in sheets_of(items, layout(options).per_page)[0]]
    pdf = render_cards(game_slug, first, replace(options, backs="none"), title=name)
    out = io.BytesIO()
    raster.render_png(pdf, PREVIEW_WIDTH).save(out, "PNG", optimize=True)
    response = HttpResponse(out.getvalue(), content_type="image/png")
    response["Cache-Control"] = "private, max-age=300"
    return response


@require_safe
def print_alignment(request, kind, pk):
    obj, game_slug, name, _groups = _target(request, kind, pk)
    form, options = _options(request, game_slug)
    if options is None:
        return HttpResponse("\n".join(error_lines(form)), status=400, content_type="text/plain; charset=utf-8")
    if options.backs == "none":
        options = replace(options, backs="long")
    response = HttpResponse(alignment_sheet(options), content_type="application/pdf")
    response["Content-Disposition"] = 'attachment; filename="alignment-test.pdf"'
    return response


# -- background jobs ---------------------------------------------------------------------------------------


@require_POST
def print_job_start(request, kind, pk):
    """Queue the PDF for a worker and show its progress."""
    obj, game_slug, name, groups = _target(request, kind, pk)
    form = PrintForm(request.POST, game_slug=game_slug)
    options = None
    if form.is_valid():
        try:
            options = form.options()
        except PrintOptionError:
            options = None
    if options is None:
        return HttpResponse("\n".join(error_lines(form)), status=400, content_type="text/plain; charset=utf-8")
    if form.one_each:
        groups = _one_each(groups)
    counts: dict[int, int] = {}
    for g in groups:
        for card_id, n in g["counts"].items():
            counts[card_id] = counts.get(card_id, 0) + n
    try:
        job = start_print_job(
            user=request.user, game_slug=game_slug, title=name, counts=counts, options=options,
            groups=groups if any(g["label"] or g.get("order") for g in groups) else None, tag=request_owner_tag(request),
        )
    except PrintJobBusy as exc:
        return job_refused(request, exc, reverse(f"{kind}_print", args=[pk]))
    return redirect("print_job", token=job.token)


def job_refused(request, exc: PrintJobBusy, back: str = ""):
    """A print or export job refused by the caps: the reason in the player's words (429)."""
    return render(request, "printing/job_refused.html", {"refusals": exc.messages, "back": back}, status=429)


def _job(request, token, **filters) -> PrintJob:
    """A print job by its link: one made by an account is that account's only (404 for anyone else, as a
    private deck is); one made without an account is for whoever holds its link."""
    job = get_object_or_404(PrintJob, token=token, **filters)
    if job.owner_id is not None and not (request.user.is_authenticated and job.owner_id == request.user.pk):
        raise Http404
    return job


@require_safe
def print_job(request, token):
    job = _job(request, token)
    return render(request, "printing/job.html", {"job": job, "error": _job_error(job) if job.status == PrintJob.Status.FAILED else ""})


@require_safe
def print_job_status(request, token):
    job = _job(request, token)
    return JsonResponse(
        {
            "status": job.status,
            "label": job.status_label,
            "done": job.done,
            "total": job.total,
            "percent": job.percent,
            "file": reverse("print_job_file", args=[job.token]) if job.status == PrintJob.Status.DONE else None,
            "error": _job_error(job) if job.status == PrintJob.Status.FAILED else "",
        }
    )


def _job_error(job) -> str:
    if job.worker_lost:
        if job.export_format:
            return _("The export stopped three times while it was being made. Try again, or with fewer cards.")
        return _("The PDF stopped three times while it was being made. Try again, or with fewer cards.")
    if job.export_format:
        return _("The export could not be made. Try again, or with fewer cards.")
    return _("The PDF could not be made. Try again, or with fewer cards.")


@require_safe
def print_job_file(request, token):
    job = _job(request, token, status=PrintJob.Status.DONE)
    if job.export_format:  # an export's zip (printing.export_views)
        response = FileResponse(job.file.open("rb"), content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{job.options.get("filename") or f"export-{job.pk}.zip"}"'
        response["Cache-Control"] = "private, no-store"
        return response
    response = FileResponse(job.file.open("rb"), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="print-{job.pk}.pdf"'
    response["Cache-Control"] = "private, no-store"  # an account's print: never kept by a shared cache
    return response
