from urllib.parse import urlencode

from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rules.declare import GAMES

from . import images, selectors
from .i18n import query_error_message
from .models import Card, Game
from .permissions import can_edit_game
from .search import state as search_state
from .search.filters import FilterError, controls_for
from .search.help import examples_for, field_rows
from .search.paging import PageOutOfRange, requested_page
from .search.query import QueryError

PAGE_SIZE = 60
VIEWS = ("grid", "table")


HOME_FACES = 4  # faces shown for each game on the home page
GAME_FACES = 8  # on a game's page


@require_safe
def home(request):
    """Where a newcomer starts: the search, each game with a few of its faces, and the way to check a
    decklist, goldfish a sample deck and print proxies (each game's bundled sample deck)."""
    samples = selectors.first_sample_decks()
    games = []
    for game in selectors.game_list():
        game.faces = selectors.showcase(game, HOME_FACES)
        game.sample_deck = samples.get(game.slug)
        games.append(game)
    return render(request, "cards/home.html", {"games": games, "sample_games": [g for g in games if g.sample_deck]})


@require_safe
def game_detail(request, slug):
    game = get_object_or_404(Game, slug=slug)
    definition = game.definition
    lang = get_language() or "ja"
    context = {
        "game": game,
        "definition": definition,
        "summary": definition.summary(lang),
        "card_types": [(t.code, t.label(lang), game.cards.filter(card_type=t.code).count()) for t in definition.card_types],
        "card_count": game.cards.count(),
        "sample_count": game.cards.filter(sample=True).count(),
        "examples": examples_for(slug)[:3],
        "faces": selectors.showcase(game, GAME_FACES),
        "sample_deck": selectors.first_sample_decks().get(slug),
        "can_edit": can_edit_game(request.user, slug),
    }
    return render(request, "cards/game_detail.html", context)


@require_safe
def game_rules(request, slug):
    """The game's rules as its seed states them, line by line, each marked with what the engine does: 自動
    (automated), オプション (a reading chosen when the game starts), 手動 (the player's manual tools)."""
    game = get_object_or_404(Game, slug=slug)
    definition = game.definition
    ledger = definition.ledger
    lang = get_language() or "ja"
    rows = []
    for row in ledger.rows if ledger else ():
        item = {"line": row.line, "quote": row.quote, "status": row.status}
        if row.status == "option":
            option = definition.option(row.option)
            default = option.default
            if option.choices:
                default = next(c.label(lang) for c in option.choices if c.value == option.default)
            elif isinstance(default, bool):
                default = _("on") if default else _("off")
            item.update(option=option.label(lang), default=default)
        elif row.status == "manual":
            item["manual"] = row.manual_ja if lang.startswith("ja") else row.manual_en
        rows.append(item)
    context = {"game": game, "rows": rows, "coverage": ledger.coverage() if ledger else None}
    return render(request, "cards/game_rules.html", context)


@require_safe
def card_list(request, slug=None):
    game = get_object_or_404(Game, slug=slug) if slug else None
    lang = get_language() or "ja"
    q = selectors.query_param(request.GET.get("q"))
    controls = controls_for(game.definition if game else None)
    sent = {p: selectors.query_param(request.GET.get(p), 100) for c in controls for p in c.params}
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "grid"
    printings = request.GET.get("printings") if request.GET.get("printings") in selectors.PRINTINGS else selectors.ONE
    # The typed query and the controls are one state (cards.search.state): the page's form says what each
    # control showed; a control changed replaces the query's clause for its field.
    schema = selectors.search_schema(game.slug if game else None)
    if "shown" in request.GET:
        shown = {p: selectors.query_param(request.GET.get(f"shown_{p}"), 100) for p in sent}
        from_query = set(request.GET.get("shown", "").split(","))
        state = search_state.resolve(q, controls, schema, sent, shown, from_query)
        canonical = {"q": state.q, **state.filters}
        if view != "grid":
            canonical["view"] = view
        if printings != selectors.ONE:
            canonical["printings"] = printings
        return redirect(f"{request.path}?{urlencode({k: v for k, v in canonical.items() if v})}")
    state = search_state.resolve(q, controls, schema, sent)
    q, filters = state.q, state.filters
    error = error_param = None
    status = 200
    suggestions = []
    try:
        page = _search_page(game, q, filters, request.GET.get("page"), printings)
        total = page.count
        if total == 0:
            suggestions = selectors.query_suggestions(game, q, filters, printings)
    except FilterError as exc:
        error, error_param, status = query_error_message(exc), exc.param, 400
        page, total = None, 0
    except QueryError as exc:
        error, status = query_error_message(exc), 400
        page, total = None, 0
        suggestions = selectors.query_suggestions(game, q, filters, printings)
    if page is not None and page.object_list:
        counts = selectors.printing_counts(page.object_list)
        for card in page.object_list:
            card.printing_count = counts.get((card.game_id, card.name), 1)
    context = {
        "game": game,
        "q": q,
        "view": view,
        "printings": printings,
        # Each with the link to its search: the filters, the view and the printings as they are.
        "suggestions": [
            (text, count, "?" + urlencode({k: v for k, v in {"q": text, **filters, "view": view if view != "grid" else "",
                                                               "printings": printings if printings != selectors.ONE else ""}.items() if v}))
            for text, count in suggestions
        ],
        "one_hit": page.object_list[0] if page is not None and total == 1 and page.object_list else None,
        "shown_from_query": ",".join(sorted(state.from_query)) or "-",
        "shown_fields": [(p, state.shown.get(p, "")) for c in controls for p in c.params],
        "controls": [
            {"control": c, "label": c.label(lang), "values": [state.shown.get(p, "") for p in c.params],
             "options": [(v, ja if lang.startswith("ja") else en) for v, ja, en in c.options]}
            for c in controls
        ],
        "page": page,
        "total": total,
        "total_capped": page.count_capped if page else False,  # total is then the cap: "1,000+"
        "total_shown": f"{total:,}",
        "cross_game": game is None,
        "filters_set": sum(1 for value in state.shown.values() if value),  # the filters open when one is set  # results of every game: each tile names its game
        "error": error,
        "error_param": error_param,
        "list_fields": [game.definition.field(k).label(lang) for k in game.definition.list_fields] if game else [],
    }
    return render(request, "cards/card_list.html", context, status=status)


def _search_page(game, q, filters, number, printings=selectors.ALL):
    """The page asked for, as Paginator.get_page would: page 1 for a number that is not one, the last page
    for one past the end (found by counting every match: only then)."""
    number = requested_page(number, PAGE_SIZE)  # Http404 past any list's end
    try:
        return selectors.card_page(game=game, q=q, filters=filters, number=number, size=PAGE_SIZE, printings=printings)
    except PageOutOfRange:
        count = selectors.card_search(game=game, q=q, filters=filters, printings=printings).filtered.count()
        last = max(1, -(-count // PAGE_SIZE))
        return selectors.card_page(game=game, q=q, filters=filters, number=last, size=PAGE_SIZE, printings=printings)


def untexted_note(card) -> str:
    """「効果テキスト未登録」 (the game's face declares the words) for a card whose rules text is not entered."""
    face = card.definition.face
    return face.untexted_note if face is not None and face.lacks_text(card.to_data()) else ""


@require_safe
def card_detail(request, pk):
    card = get_object_or_404(Card.objects.select_related("game"), pk=pk)
    context = {
        "card": card,
        "game": card.game,
        "rows": card.field_rows(),
        "reprints": selectors.card_reprints(card),
        "untexted_note": untexted_note(card),
        "can_edit": can_edit_game(request.user, card.game_id),
    }
    return render(request, "cards/card_detail.html", context)


@require_safe
def card_thumb(request, pk, size, token):
    card = get_object_or_404(Card, pk=pk)
    if not card.image or size not in images.SIZES:
        raise Http404(_("This card has no image."))
    if token != images.token(card):
        return redirect(card.thumb_url(size), permanent=False)
    try:
        path = images.make_thumbnail(card, size)
    except (OSError, ValueError) as exc:  # the stored image went missing or unreadable
        raise Http404(str(exc)) from None
    response = FileResponse(path.open("rb"), content_type="image/webp")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_safe
def search_help(request):
    lang = get_language() or "ja"
    games = [
        {"slug": g.slug, "name": g.name(lang), "fields": field_rows(g.slug, lang), "examples": examples_for(g.slug)}
        for g in GAMES.values()
    ]
    return render(request, "cards/search_help.html", {"games": games, "common": field_rows(None, lang), "examples_all": examples_for(None)})
