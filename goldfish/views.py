"""Goldfish pages: the start form and the board. Thin: the permission check first (through decks'
selectors for the deck or pool, through the session's owner for writes), writes through services."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from decks import selectors as deck_selectors
from decks.models import Regulation, Visibility
from rules.declare.vocabulary import EMPTY as EMPTY_VOCABULARY
from rules.engine.versus import versus_games

from . import forms, selectors, services
from .actors import actor, owns
from .forms import StartForm
from .presenters import board_labels, session_payload

# -- the labels the board's script shows ----------------------------------------------------------------------
# Only the game-independent chrome is here (gettext, so the catalogue holds it); a game's own words (its zones,
# phases, actions, decisions) are declared with the game (rules/games/<slug>/vocabulary.py) in both languages.


def ui_labels() -> dict:
    return {
        "actions": {  # the manual tools (rules/engine/manual.py), as the log names them
            "manual.move": pgettext("goldfish", "Move"),
            "manual.flip": pgettext("goldfish", "Flip"),
            "manual.tap": pgettext("goldfish", "Tap / untap"),
            "manual.counter": pgettext("goldfish", "Counter"),
            "manual.life": pgettext("goldfish", "Life"),
            "manual.draw": pgettext("goldfish", "Draw"),
            "manual.mill": pgettext("goldfish", "Mill"),
            "manual.shuffle": pgettext("goldfish", "Shuffle"),
            "manual.reveal": pgettext("goldfish", "Reveal"),
            "manual.search": pgettext("goldfish", "Search"),
            "manual.token": pgettext("goldfish", "Token"),
            "manual.roll": pgettext("goldfish", "Roll a die"),
            "manual.win": pgettext("goldfish", "Declare the winner"),
        },
        "reasons": {  # why a game ended, where the engine decides it for every game
            "life": pgettext("goldfish", "life"),
            "deck": pgettext("goldfish", "deck out"),
            "declared": pgettext("goldfish", "declared"),
            "card": pgettext("goldfish", "card text"),
        },
        "players": {"player": pgettext("goldfish", "You"), "goldfish": pgettext("goldfish", "Goldfish"),
                    "opponent": pgettext("goldfish", "Opponent")},
        "ui": {
            "phase": pgettext("goldfish", "Phase"),
            "active": pgettext("goldfish", "Active"),
            "priority": pgettext("goldfish", "Priority"),
            "stack": pgettext("goldfish", "Stack"),
            "life": pgettext("goldfish", "Life"),
            "cards": pgettext("goldfish", "cards"),
            "won": pgettext("goldfish", "You won!"),
            "lost": pgettext("goldfish", "You lost."),
            "winner": pgettext("goldfish", "Winner"),
            "confirm": pgettext("goldfish", "Confirm"),
            "selected": pgettext("goldfish", "selected"),
            "close": pgettext("goldfish", "Close"),
            "manual": pgettext("goldfish", "Manual"),
            "move_to": pgettext("goldfish", "Move to"),
            "top": pgettext("goldfish", "top"),
            "bottom": pgettext("goldfish", "bottom"),
            "flip": pgettext("goldfish", "Flip"),
            "tap": pgettext("goldfish", "Tap / untap"),
            "counter": pgettext("goldfish", "Counter"),
            "counter_name": pgettext("goldfish", "Counter name"),
            "draw": pgettext("goldfish", "Draw"),
            "mill": pgettext("goldfish", "Mill"),
            "shuffle": pgettext("goldfish", "Shuffle"),
            "reveal": pgettext("goldfish", "Reveal the top"),
            "search": pgettext("goldfish", "Search"),
            "token": pgettext("goldfish", "Token"),
            "token_name": pgettext("goldfish", "Token name"),
            "roll": pgettext("goldfish", "Roll a die"),
            "rolled": pgettext("goldfish", "Rolled"),
            "win": pgettext("goldfish", "Declare a winner"),
            "hidden": pgettext("goldfish", "Face-down card"),
            "face_down": pgettext("goldfish", "face down"),
            "tapped": pgettext("goldfish", "tapped"),
            "log": pgettext("goldfish", "Log"),
            "log_empty": pgettext("goldfish", "Nothing played yet."),
            "override": pgettext("goldfish", "manual"),
            "undo": pgettext("goldfish", "Undo"),
            "redo": pgettext("goldfish", "Redo"),
            "replay": pgettext("goldfish", "Replay"),
            "step": pgettext("goldfish", "Step"),
            "latest": pgettext("goldfish", "Back to the latest"),
            "working": pgettext("goldfish", "Working…"),
            "error": pgettext("goldfish", "Not done"),
            "conflict": pgettext("goldfish", "This game was changed elsewhere; reloaded."),
            "actions": pgettext("goldfish", "Actions"),
            "no_actions": pgettext("goldfish", "No rule actions now; use the manual tools."),
            "shown": pgettext("goldfish", "Shown to you"),
            "faces": pgettext("goldfish", "Card images"),
            "apply": pgettext("goldfish", "Do it"),  # the Tools panel's buttons
            "sided": pgettext("goldfish", "%(n)s-sided"),  # a die roll in the log: 6面
            "zoom": pgettext("goldfish", "Enlarge"),  # the card menu: the card's face, large
            "look": pgettext("goldfish", "Look through it"),  # a face-down pile of yours you may look through
            "empty": pgettext("goldfish", "empty"),
            "n": pgettext("goldfish", "How many"),
            "sides": pgettext("goldfish", "Sides"),
            "player": pgettext("goldfish", "Player"),
            "zone": pgettext("goldfish", "Zone"),
            "on": pgettext("goldfish", "on"),
            "cost": pgettext("goldfish", "Cost"),
            "drawn": pgettext("goldfish", "A draw."),
        },
    }


def game_labels(game, lang: str) -> dict:
    """The game's own words for the board in `lang`: its card types and card fields, and its vocabulary (zones,
    phases, actions, decisions, …) as the game declares it."""
    definition = game.definition
    vocabulary = definition.vocabulary or EMPTY_VOCABULARY
    return {
        "types": {t.code: t.label(lang) for t in definition.card_types},
        "fields": {f.key: f.ja if lang.startswith("ja") else f.en for f in definition.fields},
        # coded values by their words (manacard's deck "main" is メインデッキ)
        "choices": {f.key: {v: f.choice_label(v, lang) for v in f.choices} for f in definition.fields if f.choice_labels},
        "game": vocabulary.labels(lang),
    }


SOURCE_PARAMS = ("deck", "deck_token", "pool", "pool_token")


def _source_from(request, data):
    """The deck or pool named in the query or form (visible to this visitor; 404 otherwise) as
    (kind, object, (parameter, value)); (None, None, None) for a pasted decklist."""
    param = next((p for p in SOURCE_PARAMS if data.get(p)), None)
    if param is None:
        return None, None, None
    value = str(data[param])
    if param in ("deck", "pool"):
        try:
            pk = int(value)
        except (ValueError, OverflowError):
            raise Http404 from None
        found = (deck_selectors.visible_deck if param == "deck" else deck_selectors.visible_pool)(request.user, pk)
    else:
        found = (deck_selectors.shared_deck if param == "deck_token" else deck_selectors.shared_pool)(value)
    return param.split("_")[0], found, (param, value)


@require_http_methods(["GET", "POST"])
def goldfish_new(request):
    data = request.POST if request.method == "POST" else request.GET
    kind, source, source_param = _source_from(request, data)
    initial = {"seed": request.GET.get("seed", "")}
    # a link may preset options as the form names them (opt_<game>_<key>), as it presets the seed
    initial.update({key: value for key, value in request.GET.items() if key.startswith("opt_")})
    if source is None and request.GET.get("game"):
        regulation = deck_selectors.regulation_for(request.GET["game"])
        if regulation is not None:
            initial["regulation"] = regulation.pk
    opponents = None
    if kind == "deck" and source.game_id in versus_games():  # a game whose other seat an AI may play
        opponents = selectors.opponent_decks(request.user, source.game_id)
    form = StartForm(request.POST or None, game=source.game_id if source else None, initial=initial, opponents=opponents)
    line_errors, status = [], 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            d = form.cleaned_data
            who = actor(request, create=True)
            try:
                if kind == "deck":
                    opponent = None
                    if d.get("opponent"):  # a deck this visitor may see, or 404
                        opponent = (deck_selectors.visible_deck(request.user, int(d["opponent"])), d.get("ai_level") or "heuristic")
                    outcome = services.start_from_deck(
                        who=who, deck=source, seed=d["seed"], options=form.options_for(source.game_id), opponent=opponent,
                        watch=bool(d.get("watch")),
                    )
                elif kind == "pool":
                    outcome = services.start_from_pool(who=who, pool=source, seed=d["seed"], options=form.options_for(source.game_id))
                else:
                    regulation: Regulation = d["regulation"]
                    outcome = services.start_from_decklist(
                        who=who, game=regulation.game_id, text=d["decklist"], regulation_code=regulation.code,
                        seed=d["seed"], options=form.options_for(regulation.game_id),
                    )
            except services.GoldfishInputError as exc:
                line_errors = exc.lines
                if not exc.lines:
                    form.add_error(None, str(exc))
            else:
                return redirect(outcome.session)
    regulation_games = {str(r.pk): r.game_id for r in Regulation.objects.only("pk", "game_id")}
    return render(
        request,
        "goldfish/new.html",
        {
            "form": form,
            "kind": kind,
            "source": source,
            "source_param": source_param,
            "line_errors": line_errors,
            "recent": selectors.recent_sessions(actor(request), limit=10),
            "regulation_games": regulation_games,
            "game": source.game if source else None,
        },
        status=status,
    )


@require_safe
def goldfish_play(request, session_id):
    session = selectors.get_session(session_id)
    can_act = owns(session, actor(request))
    payload = session_payload(session, selectors.session_state(session), can_act=can_act, request=request)
    return render(
        request,
        "goldfish/play.html",
        {
            "session": session,
            "payload": payload,
            "labels": board_page_labels(session),
            "can_act": can_act,
            "share_url": request.build_absolute_uri(session.get_absolute_url()),
            "game": session.game,
        },
    )


def board_page_labels(session) -> dict:
    """The play page's words: the chrome, the board's own (presenters.board_labels) and the game's."""
    labels = {**ui_labels(), **game_labels(session.game, get_language() or "ja")}
    labels["ui"] = {**labels["ui"], **board_labels()}
    return labels


@require_POST
def goldfish_restart(request, session_id):
    """New game with the same cards: a new random seed, or the one typed."""
    session = selectors.session_owner(session_id)
    who = actor(request)
    if not owns(session, who):
        raise PermissionDenied
    try:
        outcome = services.restart(session_id=session.id, who=who, seed=request.POST.get("seed"))
    except services.GoldfishInputError as exc:
        messages.error(request, str(exc))
        return redirect(session)
    return redirect(outcome.session)


# -- simulations -------------------------------------------------------------------------------------------


def sim_labels() -> dict:
    """The chart's words. A win turn is the number of YOUR turns (the autopilot's own_turn): the goldfish's
    turns are not counted, in every game (rules/engine/story.py says turns the same way on the board)."""
    return {
        "title": pgettext("simulation", "Games won on each of your turns"),
        "turn": pgettext("simulation", "Your turn (which of yours)"),
        "turn_n": pgettext("simulation", "your turn %(n)s"),
        "won": pgettext("simulation", "won"),
        "cumulative": pgettext("simulation", "by then"),
        "legend": pgettext("simulation", "bars: won on that turn · line: won by then"),
    }


def _turn_note(sim) -> str:
    """How the game's turns are counted where it needs saying (manacard: one action right is a turn)."""
    vocabulary = sim.game.definition.vocabulary
    note = vocabulary.words.get("turn_note") if vocabulary is not None else None
    return note.text(get_language() or "ja") if note else ""


def _sim_name(sim) -> str:
    return f"{sim.deck.name} #{sim.revision}"


def _start_url(deck) -> str:
    """Where the deck's Simulate form posts: an unlisted deck by its share link (as its page is reached)."""
    if deck.visibility == Visibility.UNLISTED:
        return reverse("simulation_start_shared", args=[deck.share_token])
    return reverse("simulation_start", args=[deck.pk])


def _sim_context(sim) -> dict:
    from .charts import NARROW, win_turn_svg

    result = sim.result
    # a failed run is asked for again with the same figures, as the deck's Simulate form would
    context = {"sim": sim, "result": result, "retry_url": _start_url(sim.deck), "turn_note": _turn_note(sim)}
    if result:
        series = [(_sim_name(sim), result)]
        context["chart"] = mark_safe(win_turn_svg(series, sim_labels()))  # noqa: S308 - built with escape()
        context["chart_narrow"] = mark_safe(  # noqa: S308 - built with escape(); the phone's (CSS shows one)
            win_turn_svg(series, sim_labels(), width=NARROW, ids="chart-narrow", css="win-chart-narrow"))
        context["key_label"] = forms.key_label(result["opening"].get("key_label", ""))
        previews = selectors.card_previews(c.get("key") for c in result["cards"])
        context["cards"] = [{**c, "face": previews.get(str(c.get("key")))} for c in result["cards"]]
    return context


def _errors_to_messages(request, errors) -> None:
    for message in errors:
        messages.error(request, message)


def _start_simulation(request, deck, back: str):
    return _start_run(request, deck, back, forms.SimulationForm, services.start_simulation, "simulation")


def _start_run(request, deck, back: str, form_class, start, page: str):
    """Start a simulation or a card report of `deck` from its form: to its page, or back with the errors."""
    form = form_class(request.POST)
    if not form.is_valid():
        _errors_to_messages(request, forms.error_messages(form))
        return redirect(back)
    try:
        run = start(who=actor(request, create=True), deck=deck, **form.cleaned_data)
    except services.GoldfishInputError as exc:
        _errors_to_messages(request, exc.messages)
        return redirect(back)
    return redirect(page, token=run.token)


@require_POST
def simulation_start(request, pk):
    deck = deck_selectors.visible_deck(request.user, pk)
    return _start_simulation(request, deck, deck.get_absolute_url())


@require_POST
def simulation_start_shared(request, token):
    deck = deck_selectors.shared_deck(token)
    return _start_simulation(request, deck, reverse("deck_shared", args=[deck.share_token]))


@require_safe
def simulation_page(request, token):
    sim = selectors.visible_simulation(request.user, token)
    if request.GET.get("fragment") == "results":  # the results part, for the page's script to swap in
        if not sim.result:
            raise Http404
        return render(request, "goldfish/_simulation_results.html", _sim_context(sim))
    context = _sim_context(sim)
    context["compare_form"] = forms.CompareForm(user=request.user, sim=sim)
    return render(request, "goldfish/simulation.html", context)


@require_safe
@never_cache
def simulation_status(request, token):
    sim = selectors.visible_simulation(request.user, token)
    return JsonResponse({
        "status": sim.status,
        "label": sim.status_label,
        "done": sim.done,
        "games": sim.games,
        "percent": sim.percent,
        "chunks": sim.chunks,
        "chunks_done": sim.chunks_done,
        "error": sim.failure_message,
        "partial": selectors.partial_figures(sim),  # figures so far, with intervals (None: none yet, or done)
    })


@require_safe
def simulation_chart(request, token):
    from .charts import win_turn_svg

    sim = selectors.visible_simulation(request.user, token)
    if not sim.result:
        raise Http404
    svg = win_turn_svg([(_sim_name(sim), sim.result)], sim_labels())
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["Content-Security-Policy"] = "default-src 'none'"  # presentation attributes only: no style, no script
    response["Cache-Control"] = "private, max-age=300"  # who may see it follows the deck, which may change
    return response


@require_POST
def simulation_compare_start(request, token):
    sim = selectors.visible_simulation(request.user, token)
    form = forms.CompareForm(request.POST, user=request.user, sim=sim)
    if not form.is_valid():
        _errors_to_messages(request, forms.error_messages(form))
        return redirect("simulation", token=sim.token)
    deck, revision = form.chosen()
    try:
        other = services.start_simulation(
            who=actor(request, create=True), deck=deck, games=sim.games, seed=sim.seed, turn_cap=sim.turn_cap, revision=revision
        )
    except services.GoldfishInputError as exc:
        _errors_to_messages(request, exc.messages)
        return redirect("simulation", token=sim.token)
    return redirect("simulation_compare", a=sim.token, b=other.token)


@require_safe
def simulation_compare(request, a, b):
    from itertools import zip_longest

    from .charts import win_turn_svg

    left = selectors.visible_simulation(request.user, a)
    if b == a:  # a simulation beside itself: its own page
        return redirect("simulation", token=left.token)
    right = selectors.visible_simulation(request.user, b)
    failed = [s for s in (left, right) if s.status == s.Status.FAILED]
    same_setup = (left.games, left.seed, left.turn_cap) == (right.games, right.seed, right.turn_cap)
    context = {
        "left": left, "right": right, "sims": [left, right], "failed": failed, "same_setup": same_setup,
        "waiting": not failed and not (left.result and right.result), "turn_note": _turn_note(left),
    }
    if left.result and right.result:
        names = [_sim_name(s) for s in (left, right)]
        if names[0] == names[1]:
            names = [f"{n} ({s.token[:4]})" for n, s in zip(names, (left, right), strict=True)]
        context["chart"] = mark_safe(  # noqa: S308 - built with escape()
            win_turn_svg([(names[0], left.result), (names[1], right.result)], sim_labels())
        )
        context["names"] = names
        context["turns"] = [
            {"turn": (l_row or r_row)["turn"], "sides": [l_row, r_row]}
            for l_row, r_row in zip_longest(left.result["distribution"], right.result["distribution"])
        ]
        by_name: dict[str, dict] = {}
        previews = selectors.card_previews(c.get("key") for sim in (left, right) for c in sim.result["cards"])
        for side, sim in (("left", left), ("right", right)):
            for card in sim.result["cards"]:
                row = by_name.setdefault(card["name"], {"name": card["name"], "face": None})
                row[side] = card
                row["face"] = row["face"] or previews.get(str(card.get("key")))
        context["cards"] = sorted(by_name.values(), key=lambda c: c["name"])
    return render(request, "goldfish/simulation_compare.html", context)


# -- card reports (the designer report) --------------------------------------------------------------------


def report_labels(by_turn: int, early: int) -> dict:
    return {
        "title": pgettext("card report", "Impact of each card"),
        "axis": pgettext("card report", "Won by turn %(t)s: drawn by turn %(early)s minus not (points)") % {"t": by_turn, "early": early},
        "none": pgettext("card report", "not enough games"),
    }


def _report_start_url(deck) -> str:
    if deck.visibility == Visibility.UNLISTED:
        return reverse("card_report_new_shared", args=[deck.share_token])
    return reverse("card_report_new", args=[deck.pk])


def _report_context(report) -> dict:
    from .charts import impact_svg

    result = report.result
    context = {"report": report, "deck": report.deck, "start_url": _report_start_url(report.deck), "turn_note": _turn_note(report)}
    if not result:
        return context
    base = result["base"] if report.swap_old else result
    context["base"] = base
    previews = selectors.card_previews(row["key"] for row in base["cards"])
    context["rows"] = [_report_row(row, previews.get(str(row["key"]))) for row in base["cards"]]
    deck = base["deck"]
    context["figures"] = {
        "share": _pct(deck["share"]), "interval": _interval(deck["interval"]),
        "mean": _num(deck["mean"]), "mean_interval": _interval(deck["mean_interval"], percent=False),
        "won_cap": _pct((base["games"] - base.get("not_won", 0)) / base["games"]) if base["games"] else "–",
    }
    context["chart"] = mark_safe(impact_svg(  # noqa: S308 - built with escape()
        [{"name": r["name"], "impact": r["impact"], "low": (r["impact_interval"] or [0, 0])[0],
          "high": (r["impact_interval"] or [0, 0])[1], "significant": r["significant"]} for r in base["cards"]],
        report_labels(base["by_turn"], base["early_turn"]),
    ))
    if report.swap_old:
        changes = result["changes"]
        context["changes"] = {
            "share": _change(changes["deck"]["share"]), "mean": _change(changes["deck"]["mean"], percent=False),
            "before": _pct(changes["deck"]["base"]["share"]), "after": _pct(changes["deck"]["swapped"]["share"]),
            "rows": [
                {"name": row["name"], "new_name": row["new_name"], "swapped": row["swapped"],
                 **{k: _change(row[k], percent=k != "mean_with") for k in ("impact", "share_with", "mean_with", "stuck", "play_share")}}
                for row in changes["cards"]
            ],
        }
        context["swapped_row"] = next((row for row in context["changes"]["rows"] if row["swapped"]), None)
    # Another swap, from a report or from a swap's result: the card to put in is found by a search field
    # (goldfish/_card_report_swap_form.html, static/js/swap_picker.js), not a menu of every card.
    context["swap_form"] = forms.CardReportForm(initial={"games": report.games, "seed": report.seed, "turn_cap": report.turn_cap})
    context["old_choices"] = sorted(((row["key"], row["name"]) for row in base["cards"]), key=lambda c: c[1])
    return context


def _pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _num(value) -> str:
    return "–" if value is None else f"{value:.2f}"


def _interval(pair, percent: bool = True) -> str:
    if not pair:
        return "–"
    return f"{_pct(pair[0])} – {_pct(pair[1])}" if percent else f"{pair[0]:.2f} – {pair[1]:.2f}"


def _change(d, percent: bool = True) -> dict:
    """A difference as the page shows it: "+3.2" (percentage points, or turns) and its interval."""
    if d is None:
        return {"value": "–", "interval": "", "significant": False, "sign": ""}
    scale, digits = (100, 1) if percent else (1, 2)
    sign = "up" if d["diff"] > 0 else "down" if d["diff"] < 0 else ""
    return {
        "value": f"{scale * d['diff']:+.{digits}f}",
        "interval": f"[{scale * d['low']:+.{digits}f}, {scale * d['high']:+.{digits}f}]",
        "significant": d["significant"],
        "sign": sign,
    }


def _report_row(row: dict, face) -> dict:
    early, opening = row["early"], row["opening"]
    impact = None
    if row["impact"] is not None:
        low, high = row["impact_interval"]
        impact = {"diff": row["impact"], "low": low, "high": high, "significant": row["significant"]}
    return {
        "key": row["key"], "name": row["name"], "copies": row["copies"], "face": face,
        "impact": _change(impact),
        "early_with": _pct(early["with"]["share"]), "early_without": _pct(early["without"]["share"]),
        "early_with_interval": _interval(early["with"]["interval"]), "early_without_interval": _interval(early["without"]["interval"]),
        "mean_with": _num(early["with"]["mean"]), "mean_without": _num(early["without"]["mean"]),
        "mean_diff": _change(early["mean_diff"], percent=False),
        "opening_with": _pct(opening["with"]["share"]), "opening_without": _pct(opening["without"]["share"]),
        "opening_diff": _change(opening["share_diff"]),
        "drawn": _pct(row["drawn"]), "stuck": _pct(row["stuck"]), "stuck_interval": _interval(row["stuck_interval"]),
        "play_share": _pct(row["play_share"]), "play_share_interval": _interval(row["play_share_interval"]),
    }


def _start_report(request, deck, back: str):
    return _start_run(request, deck, back, forms.CardReportForm, services.start_card_report, "card_report")


def _report_new(request, deck, back: str):
    if request.method == "POST":
        return _start_report(request, deck, back)
    context = {
        "deck": deck,
        "form": forms.CardReportForm(),
        "start_url": _report_start_url(deck),
        "reports": selectors.deck_card_reports(deck),
        "back": deck.get_absolute_url() if deck.visibility != Visibility.UNLISTED else reverse("deck_shared", args=[deck.share_token]),
    }
    return render(request, "goldfish/card_report_new.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def card_report_new(request, pk):
    deck = deck_selectors.visible_deck(request.user, pk)
    return _report_new(request, deck, reverse("card_report_new", args=[deck.pk]))


@require_http_methods(["GET", "HEAD", "POST"])
def card_report_new_shared(request, token):
    deck = deck_selectors.shared_deck(token)
    return _report_new(request, deck, reverse("card_report_new_shared", args=[deck.share_token]))


@require_safe
def card_report_page(request, token):
    report = selectors.visible_card_report(request.user, token)
    return render(request, "goldfish/card_report.html", _report_context(report))


@require_safe
@never_cache
def card_report_status(request, token):
    report = selectors.visible_card_report(request.user, token)
    return JsonResponse({
        "status": report.status,
        "label": report.status_label,
        "done": report.done,
        "total": report.total,
        "percent": report.percent,
        "error": report.failure_message,
    })


# -- matchups (対戦シミュレーション) ------------------------------------------------------------------------------


def _matchup_new(request, deck, back: str):
    if deck.game_id not in versus_games():
        raise Http404
    opponents = selectors.opponent_decks(request.user, deck.game_id)
    form = forms.MatchupForm(request.POST or None, opponents=opponents)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            d = form.cleaned_data
            chosen = [deck_selectors.visible_deck(request.user, int(pk)) for pk in d["opponents"]]  # 404 if not visible
            try:
                matchup = services.start_matchup(who=actor(request, create=True), deck=deck, opponents=chosen,
                                                 games=d["games"], seed=d["seed"], ai=d["ai"])
            except services.GoldfishInputError as exc:
                for message in exc.messages:
                    form.add_error(None, message)
            else:
                return redirect(matchup)
    context = {
        "deck": deck, "form": form, "matchups": selectors.deck_matchups(deck), "start_url": back,
        "back": deck.get_absolute_url() if deck.visibility != Visibility.UNLISTED else reverse("deck_shared", args=[deck.share_token]),
    }
    return render(request, "goldfish/matchup_new.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def matchup_new(request, pk):
    deck = deck_selectors.visible_deck(request.user, pk)
    return _matchup_new(request, deck, reverse("matchup_new", args=[deck.pk]))


@require_http_methods(["GET", "HEAD", "POST"])
def matchup_new_shared(request, token):
    deck = deck_selectors.shared_deck(token)
    return _matchup_new(request, deck, reverse("matchup_new_shared", args=[deck.share_token]))


def _rate_cell(rate) -> dict | None:
    if not rate:
        return None
    return {"value": _pct(rate["value"]), "interval": _interval((rate["low"], rate["high"]))}


@require_safe
def matchup_page(request, token):
    matchup = selectors.visible_matchup(request.user, token)
    rows = []
    for opponent, m in zip(matchup.opponents, matchup.result or [], strict=False):
        rows.append({
            "name": opponent["name"], "games": m["games"], "wins": m["wins"], "draws": m["draws"],
            "rate": _rate_cell(m["win_rate"]), "play": _rate_cell(m["on_the_play"]["win_rate"]),
            "draw": _rate_cell(m["on_the_draw"]["win_rate"]), "turns": f"{m['mean_turns']:.1f}",
            "cards": [{"name": c["name"], "games": c["games"], "played": _rate_cell(c["win_rate_played"]),
                       "not_played": _rate_cell(c["win_rate_not_played"]),
                       "impact": "–" if c["impact"] is None else f"{100 * c['impact']:+.1f}"} for c in m["cards"]],
        })
    back = matchup.deck.get_absolute_url() if matchup.deck.visibility != Visibility.UNLISTED else reverse("deck_shared", args=[matchup.deck.share_token])
    return render(request, "goldfish/matchup.html", {"matchup": matchup, "rows": rows, "back": back})


@require_safe
@never_cache
def matchup_status(request, token):
    matchup = selectors.visible_matchup(request.user, token)
    return JsonResponse({"status": matchup.status, "label": matchup.status_label, "done": matchup.done,
                         "total": matchup.total, "percent": matchup.percent, "finished": matchup.finished})
