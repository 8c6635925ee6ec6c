"""Plain dicts describing a deck, its validation and statistics: one shape for the pages, the editor's
script and the API."""

from __future__ import annotations

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.timezone import localtime
from django.utils.translation import get_language, gettext

from cards.models import Card
from rules.decks import DeckData
from rules.decks import pool as combine_pool
from rules.declare import get_game
from rules.declare.fields import UNLIMITED
from rules.stats import breakdown, cost_curve, draw_odds, group_ids, preset, presets, value_target, value_targets

from . import selectors
from .models import Deck, DeckRevision, Pool, Regulation, Visibility

DEFAULT_TURNS = 5
MAX_TURNS = 20


def _lang() -> str:
    return get_language() or "ja"


def regulation_ref(regulation: Regulation) -> dict:
    return {"code": regulation.code, "name": regulation.name, "effective_date": regulation.effective_date}


def _type_label(game, code: str) -> str:
    """A card type in the page's language, as the game declares it (the code itself if it declares none)."""
    return game.type_label(code, _lang()) if game is not None else code


def _entry(card: dict, count: int, faces: dict | None = None, game=None) -> dict:
    face = (faces or {}).get(card["id"]) or {"face": "", "face_small": ""}
    return {
        "card": card["id"],
        "name": card["name"],
        "count": count,
        "card_type": card["card_type"],
        "type_label": _type_label(game, card["card_type"]),
        "cost": card.get("cost"),
        **face,
    }


def _sort_key(item: dict) -> tuple:
    cost = item["cost"]
    return (cost is None, cost or 0, item["name"], item["card"])


def sections_payload(
    regulation: Regulation, deck: DeckData, cards: dict, flagged: set | None = None, faces: dict | None = None
) -> list[dict]:
    """Each section with its entries (cheapest first), each entry with its face's URLs (`faces`: from
    selectors.card_faces, looked up here when not given)."""
    rules = regulation.to_rules()
    lang = _lang()
    game = get_game(regulation.game_id)
    out = []
    keys = list(rules.section_keys) + [k for k in deck.sections if k not in rules.section_keys]
    if faces is None:
        faces = selectors.card_faces([cid for entries in deck.sections.values() for cid in entries if cid in cards])
    for key in keys:
        section = rules.section(key)
        entries = [_entry(cards[cid], n, faces, game) for cid, n in deck.sections.get(key, {}).items() if cid in cards]
        entries.sort(key=_sort_key)
        if flagged is not None:
            for e in entries:
                e["flagged"] = e["card"] in flagged
        out.append(
            {
                "key": key,
                "label": section.label(lang) if section else key,
                "count": sum(e["count"] for e in entries),
                "min": section.min if section else None,
                "max": section.max if section else None,
                "entries": entries,
            }
        )
    return out


def _population(game_slug: str, regulation: Regulation, deck: DeckData, cards: dict) -> tuple[dict, dict]:
    """The cards hands are drawn from: a section of the deck, or (timestorm) the shared deck."""
    game = get_game(game_slug)
    section = game.draw.section if game.draw else "main"
    if section != "shared":
        return dict(deck.sections.get(section) or next(iter(deck.sections.values()), {})), cards
    all_cards = {**selectors.game_cards(game_slug), **cards}
    result = combine_pool(game, regulation.to_rules(), [deck], all_cards)
    return result.combined, all_cards


def statistics(game_slug: str, regulation: Regulation, deck: DeckData, cards: dict, params=None) -> dict:
    """Cost curve per section, breakdowns, and the exact odds of drawing a group of cards.

    `params` (a QueryDict or dict) may choose the target: `group` = a preset code (a group the game
    declares, or a card type), a value ("value:season=春", one of the game's stat_fields) or one card
    ("card:<id>"); or `card` = card ids; `k` = at least how many; `turns` = how many turns to show.
    """
    params = params or {}
    game = get_game(game_slug)
    lang = _lang()
    rules = regulation.to_rules()
    curve = cost_curve(deck, cards)
    curve_rows = []
    for key, rows in curve.items():
        section = rules.section(key)
        peak = max((n for _c, n in rows), default=0)
        curve_rows.append(
            {
                "section": key,
                "label": section.label(lang) if section else key,
                "bars": [{"cost": c, "copies": n, "share": (n / peak if peak else 0)} for c, n in rows],
            }
        )
    breakdowns = []
    for key, buckets in breakdown(game, deck, cards).items():
        label = (
            ("種類" if lang.startswith("ja") else "Card type")
            if key == "type"
            else (game.field(key).ja if lang.startswith("ja") else game.field(key).en)
        )
        total = sum(b.copies for b in buckets) or 1
        breakdowns.append(
            {
                "key": key,
                "label": label,
                "rows": [{"label": b.label(lang), "copies": b.copies, "share": b.copies / total} for b in buckets if b.copies],
            }
        )
    population, all_cards = _population(game_slug, regulation, deck, cards)
    choices = [{"code": p.code, "label": capfirst(p.label(lang))} for p in presets(game)]
    getlist = params.getlist if hasattr(params, "getlist") else (lambda name: params.get(name) or [])
    chosen_cards = []
    for raw in getlist("card"):
        try:
            if int(raw) in population:
                chosen_cards.append(int(raw))
        except (TypeError, ValueError):
            continue
    code = params.get("group") or (choices[0]["code"] if choices else "")
    drawn = {cid: all_cards[cid] for cid in population if cid in all_cards}
    values = value_targets(game, drawn.values())
    value_choices = [{"code": v.code, "label": v.label(lang)} for v in values]
    card_choices = sorted(
        ({"code": f"card:{cid}", "label": card["name"]} for cid, card in drawn.items()), key=lambda c: (c["label"], c["code"])
    )
    if code.startswith("card:"):
        raw = code[len("card:"):]
        if raw.isascii() and raw.isdigit() and int(raw) in drawn:
            chosen_cards = [int(raw)]
    if chosen_cards:
        group = set(chosen_cards)
        code = f"card:{chosen_cards[0]}" if len(chosen_cards) == 1 else ""
    elif value_target(game, code) is not None:
        target = value_target(game, code)
        group = {cid for cid, card in drawn.items() if target.picks(card)}
        if target.code not in {v["code"] for v in value_choices}:  # a value none of the deck's cards has
            value_choices.append({"code": target.code, "label": target.label(lang)})
    else:
        chosen = preset(game, code) or (presets(game)[0] if presets(game) else None)
        code = chosen.code if chosen else ""
        group = group_ids(chosen, {cid: all_cards[cid] for cid in population if cid in all_cards}) if chosen else set()
    k = _int(params.get("k"), 1, 1, 60)
    turns = _int(params.get("turns"), DEFAULT_TURNS, 0, MAX_TURNS)
    odds = draw_odds(game, population, group, k, turns) if game.draw else []
    return {
        "curve": curve_rows,
        "breakdowns": breakdowns,
        "odds": {
            "group": code,
            "cards": sorted(chosen_cards),
            "group_size": sum(n for cid, n in population.items() if cid in group),
            "population": sum(population.values()),
            "k": k,
            "turns": turns,
            "presets": choices,
            "values": value_choices,
            "card_choices": card_choices,
            "rows": odds,
            "opening": game.draw.opening if game.draw else 0,
        },
    }


def _int(raw, default: int, low: int, high: int) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        return default
    return min(max(value, low), high)


def validation_payload(game_slug: str, regulation: Regulation, sections: dict, request=None, params=None) -> dict:
    """Validation and statistics for sections {key: {card id: count}} whose cards exist in the game."""
    wanted = {cid for entries in sections.values() for cid in entries}
    cards = selectors.card_dicts(Card.objects.filter(pk__in=wanted, game_id=game_slug))
    deck = DeckData(sections={key: {} for key in regulation.to_rules().section_keys} | {k: dict(v) for k, v in sections.items()})
    violations = selectors.validate_deck_data(game_slug, regulation, deck, cards)
    flagged = {cid for v in violations for cid in v.cards}
    return {
        "game": game_slug,
        "regulation": regulation_ref(regulation),
        "legal": not violations,
        "violations": selectors.violation_dicts(violations, regulation),
        "sections": sections_payload(regulation, deck, cards, flagged),
        "statistics": statistics(game_slug, regulation, deck, cards, params if params is not None else (request.query_params if request is not None and hasattr(request, "query_params") else None)),
    }


def deck_view(deck: Deck, params=None) -> dict:
    """Everything a deck page shows: sections with flagged cards, violations, statistics."""
    data, cards = selectors.deck_state(deck)
    violations = selectors.validate_deck_data(deck.game_id, deck.regulation, data, cards)
    flagged = {cid for v in violations for cid in v.cards}
    sections = sections_payload(deck.regulation, data, cards, flagged)
    return {
        "data": data,
        "cards": cards,
        "legal": not violations,
        "violations": selectors.violation_dicts(violations, deck.regulation),
        "sections": sections,
        "face_sections": face_sections(deck.game_id, sections),
        "statistics": statistics(deck.game_id, deck.regulation, data, cards, params),
        "total": data.total(),
        # The deck in the deck-code formats its game writes (巫カードフィルター's, for kannagi): the deck
        # page's copy buttons and the API's `deck_codes`.
        "deck_codes": selectors.deck_codes(deck, data, cards),
    }


def face_sections(game_slug: str, sections: list[dict]) -> list[dict]:
    """The deck page's faces: each section (from sections_payload) with its entries grouped by card type, in
    the order the game declares its types (a type it does not declare comes last, under its own name)."""
    definition = get_game(game_slug)
    order = {t.code: i for i, t in enumerate(definition.card_types)}
    out = []
    for section in sections:
        groups: dict[str, list[dict]] = {}
        for entry in section["entries"]:
            groups.setdefault(entry["card_type"], []).append(entry)
        ordered = sorted(groups.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
        out.append(
            {
                **section,
                "groups": [
                    {
                        "type": code,
                        "label": _type_label(definition, code),
                        "count": sum(e["count"] for e in entries),
                        "entries": entries,
                    }
                    for code, entries in ordered
                ],
            }
        )
    return out


def deck_payload(deck: Deck, request=None, brief: bool = False) -> dict:
    user = getattr(request, "user", None)
    is_owner = bool(user and user.is_authenticated and deck.owner_id == user.pk)
    url = deck.get_absolute_url()
    payload = {
        "id": deck.pk,
        "url": request.build_absolute_uri(url) if request is not None else url,
        "owner": deck.owner.get_username(),
        "game": deck.game_id,
        "regulation": regulation_ref(deck.regulation),
        "name": deck.name,
        "description": deck.description,
        "visibility": deck.visibility,
        "revision": deck.revision,
        "created_at": deck.created_at,
        "updated_at": deck.updated_at,
        "share_url": (request.build_absolute_uri(reverse("deck_shared", args=[deck.share_token])) if request else None)
        if is_owner
        else None,
    }
    if brief:
        return payload
    view = deck_view(deck)
    payload.update(sections=view["sections"], legal=view["legal"], violations=view["violations"])
    payload["statistics"] = view["statistics"]
    payload["deck_codes"] = view["deck_codes"]
    return payload


def pool_view(pool: Pool) -> dict:
    """Each entry with its validation, and the combined shared deck."""
    game = get_game(pool.game_id)
    rules = pool.regulation.to_rules()
    cards = selectors.game_cards(pool.game_id)
    entries, datas = [], []
    hidden = 0
    for entry in pool.entries.select_related("deck", "deck__owner", "deck__regulation"):
        if entry.deck.visibility != Visibility.PUBLIC and entry.deck.owner_id != pool.owner_id:
            hidden += 1  # another player's deck that is no longer public: neither shown nor counted
            continue
        data, _cards = selectors.deck_state(entry.deck)
        # An entry is judged by the pool's regulation, whatever its own deck says.
        data = DeckData(sections={key: data.sections.get(key, {}) for key in rules.section_keys})
        datas.append(data)
        entries.append({"entry": entry, "data": data})
    result = combine_pool(game, rules, datas, cards)
    faces = selectors.card_faces(
        [*result.combined, *(cid for data in datas for entries in data.sections.values() for cid in entries)]
    )
    out_entries = []
    for item, violations in zip(entries, result.entries, strict=True):
        entry = item["entry"]
        out_entries.append(
            {
                "deck": entry.deck_id,
                "deck_obj": entry.deck,
                "deck_name": entry.deck.name,
                "player": entry.player,
                "count": item["data"].total(),
                "legal": not violations,
                "violations": selectors.violation_dicts(violations, pool.regulation),
                "sections": sections_payload(
                    pool.regulation, item["data"], cards, {c for v in violations for c in v.cards}, faces
                ),
            }
        )
    combined = sorted(
        (_entry(cards[cid], n, faces, game) for cid, n in result.combined.items() if cid in cards), key=_sort_key
    )
    return {
        "entries": out_entries,
        "combined": combined,
        "combined_count": sum(e["count"] for e in combined),
        "violations": selectors.violation_dicts(result.violations, pool.regulation),
        "legal": not result.violations and all(e["legal"] for e in out_entries),
        "hidden": hidden,
    }


def pool_payload(pool: Pool, request=None) -> dict:
    view = pool_view(pool)
    url = pool.get_absolute_url()
    return {
        "id": pool.pk,
        "url": request.build_absolute_uri(url) if request is not None else url,
        "owner": pool.owner.get_username(),
        "name": pool.name,
        "description": pool.description,
        "visibility": pool.visibility,
        "regulation": regulation_ref(pool.regulation),
        "entries": [{k: v for k, v in e.items() if k not in ("deck_obj", "sections")} for e in view["entries"]],
        "combined": view["combined"],
        "combined_count": view["combined_count"],
        "legal": view["legal"],
        "violations": view["violations"],
    }


# -- revisions ---------------------------------------------------------------------------------------

SUMMARY_ITEMS = 3  # the changed cards a revision's one-line summary names before "and N more"


def _change(item: dict) -> str:
    delta = item["delta"]
    return f"{'+' if delta > 0 else '−'}{abs(delta)} {item['name']}"


def revision_summary(diff: list[dict], limit: int | None = SUMMARY_ITEMS) -> str:
    """A diff in words: "+2 ねこやま、−1 鉄の風" (added first, the most copies first), the rest counted."""
    changes = sorted(diff, key=lambda d: (d["delta"] < 0, -abs(d["delta"]), d["name"]))
    sep = "、" if _lang().startswith("ja") else ", "
    shown = changes if limit is None else changes[:limit]
    text = sep.join(_change(d) for d in shown)
    if len(changes) > len(shown):
        text += " " + gettext("and %(n)s more") % {"n": len(changes) - len(shown)}
    return text


def _when(moment) -> str:
    return date_format(localtime(moment), "Y-m-d H:i")


def revision_label(revision: DeckRevision) -> str:
    """How a menu names a revision: its date, what it was (unless a plain save) and its summary."""
    parts = [_when(revision.updated_at)]
    if revision.note and revision.note != "saved":
        parts.append(revision.note_display)
    summary = revision_summary(revision.diff)
    if summary:
        parts.append(summary)
    elif revision.note == "saved":
        parts.append(gettext("no change in the cards"))
    return " · ".join(parts)


def revision_choices(deck: Deck, limit: int | None = None, exclude: int | None = None) -> list[tuple[int, str]]:
    """The deck's revisions newest first as (number, label), for a menu (a comparison's, the history's)."""
    revisions = deck.revisions.order_by("-number").only("number", "updated_at", "note", "note_params", "diff")
    if exclude is not None:
        revisions = revisions.exclude(number=exclude)
    if limit is not None:
        revisions = revisions[:limit]
    return [(r.number, revision_label(r)) for r in revisions]


def section_labels(regulation: Regulation) -> dict[str, str]:
    lang = _lang()
    return {s.key: s.label(lang) for s in regulation.to_rules().sections}


def _by_section(diff: list[dict], labels: dict[str, str], faces: dict) -> list[dict]:
    """A diff's changes grouped by section (in the regulation's words), added first, each in words with its
    card's face for the preview."""
    grouped: dict[str, list[dict]] = {}
    for d in sorted(diff, key=lambda d: (d["delta"] < 0, -abs(d["delta"]), d["name"])):
        face = faces.get(d["card"], {}).get("face", "")
        grouped.setdefault(d["section"], []).append({**d, "text": _change(d), "face": face})
    return [{"label": labels.get(key, key), "changes": items} for key, items in grouped.items()]


def history_view(deck: Deck, params=None) -> dict:
    """The history page: each revision with its summary and its diff by section, and (when `params` name two
    revisions, `from` and `to`) the comparison of those two."""
    labels = section_labels(deck.regulation)
    revisions = list(deck.revisions.select_related("author"))
    regulations = {r.code: r.name for r in Regulation.objects.filter(game_id=deck.game_id)}
    params = params or {}
    chosen = {}
    for name in ("from", "to"):
        try:
            chosen[name] = int(params.get(name) or 0)
        except (TypeError, ValueError):
            chosen[name] = 0
    numbers = {r.number: r for r in revisions}
    compared = None
    if chosen["from"] in numbers and chosen["to"] in numbers:
        compared = numbers[chosen["from"]], numbers[chosen["to"]]
        compared_diff = selectors.snapshot_diff(compared[0].snapshot, compared[1].snapshot)
    faces = selectors.card_faces(
        {d["card"] for r in revisions for d in r.diff} | ({d["card"] for d in compared_diff} if compared else set())
    )
    rows = [
        {
            "revision": r,
            "summary": revision_summary(r.diff),
            "label": revision_label(r),
            "spans": r.edits > 1,
            "regulation": regulations.get(r.regulation_code, r.regulation_code),
            "sections": _by_section(r.diff, labels, faces),
        }
        for r in revisions
    ]
    comparison = None
    if compared:
        older, newer = compared
        comparison = {
            "from": older,
            "to": newer,
            "from_label": revision_label(older),
            "to_label": revision_label(newer),
            "summary": revision_summary(compared_diff, None),
            "sections": _by_section(compared_diff, labels, faces),
        }
    return {
        "rows": rows,
        "choices": [(row["revision"].number, row["label"]) for row in rows],
        "chosen": chosen,
        "comparison": comparison,
    }


# -- a draft restricted list (the editors' what-if) ---------------------------------------------------


def draft_errors(reading) -> list[dict]:
    """The draft's unreadable lines, each message in the page's language naming its line."""
    return [{"line": e.line, "message": gettext(e.template).format(line=e.line, **e.params)} for e in reading.errors]


def _fault(fault) -> dict:
    return {
        "name": fault.name,
        "url": reverse("card_detail", args=[fault.card_id]) if fault.card_id is not None else "",
        "count": fault.count,
        "limit": fault.limit,
        "banned": fault.limit == 0,
    }


def what_if_view(regulation: Regulation, reading) -> dict:
    """What the draft does to the regulation's public decks: those it makes illegal (with the cards at
    fault, copies in the deck and copies allowed), those already illegal, those it makes legal, and the
    cards by the number of decks they break."""
    result, decks = selectors.regulation_what_if(regulation, reading)

    def row(outcome, current=False):
        deck = decks[outcome.deck_id]
        out = {
            "deck": deck,
            "faults": [_fault(f) for f in outcome.faults],
            "other": [m["message"] for m in selectors.violation_dicts(outcome.other, regulation)],
        }
        if current:
            out["current"] = [m["message"] for m in selectors.violation_dicts(outcome.current, regulation)]
        return out

    return {
        "checked": result.checked,
        "elsewhere": selectors.public_decks_of_other_regulations(regulation),
        "broken": [row(o) for o in result.broken],
        "already": [row(o, current=True) for o in result.already],
        "fixed": [row(o, current=True) for o in result.fixed],
        "by_card": [
            {"name": name, "url": reverse("card_detail", args=[card_id]) if card_id is not None else "", "decks": count}
            for name, card_id, count in result.by_card
        ],
    }


def draft_changes(regulation: Regulation, reading) -> list[dict]:
    """How the draft's list differs from the regulation's: each entry added, changed or taken off, with its
    copies before and after ("" for none; 無制限 spelled as the page's word)."""
    def shown(copies):
        if copies is None:
            return ""
        return gettext("unlimited") if copies == UNLIMITED else str(copies)

    before = regulation.to_rules().card_limits
    after = reading.limits
    out = []
    for name in [*after, *(n for n in before if n not in after)]:
        old, new = before.get(name), after.get(name)
        if old != new:
            out.append({"name": name, "before": shown(old), "after": shown(new)})
    return out


# -- a sample opening hand (the deck page) -------------------------------------------------------------------


def _whole(raw, low: int, high: int) -> int | None:
    raw = str(raw or "").strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 10):
        return None
    value = int(raw)
    return value if low <= value <= high else None


def sample_hand_view(deck: Deck, params=None, data=None, cards=None) -> dict:
    """The deck page's sample opening hand: `hand` = the seed (none: only the button to draw one), `back` =
    positions in that hand the game's redraw puts at the bottom (rules/sample_hand.py). The same seed and
    positions always give the same hand, so its link shares it."""
    from rules.sample_hand import MAX_SEED, new_seed, sample_hand

    params = params or {}
    game = get_game(deck.game_id)
    lang = _lang()
    redraw = game.draw.redraw if game.draw else None
    out = {
        "offered": bool(game.draw and game.draw.opening),
        "opening": game.draw.opening if game.draw else 0,
        "next_seed": new_seed(),
        "redraw": {"label": redraw.label(lang), "rule": redraw.rule} if redraw else None,
        "seed": None,
    }
    seed = _whole(params.get("hand"), 0, MAX_SEED)
    if seed is None or not out["offered"]:
        return out
    if data is None or cards is None:
        data, cards = selectors.deck_state(deck)
    population, all_cards = _population(deck.game_id, deck.regulation, data, cards)
    getlist = params.getlist if hasattr(params, "getlist") else (lambda name: params.get(name) or [])
    positions = [p for p in (_whole(raw, 0, 99) for raw in getlist("back")) if p is not None]
    result = sample_hand(game, population, seed, positions)
    faces = selectors.card_faces(result.hand)
    drawn = set(result.drawn)
    out.update(
        seed=seed,
        redrawn=result.redrawn,
        can_redraw=bool(redraw) and not result.redrawn and bool(result.hand),
        back=[p for p in positions] if result.redrawn else [],
        library=result.library,
        cards=[
            {
                "position": i,
                "card": cid,
                "name": all_cards[cid]["name"] if cid in all_cards else str(cid),
                "drawn": i in drawn,
                **(faces.get(cid) or {"face": "", "face_small": ""}),
            }
            for i, cid in enumerate(result.hand)
        ],
        put_back=[all_cards[cid]["name"] if cid in all_cards else str(cid) for cid in result.put_back],
    )
    return out


def deck_card_order(deck: Deck) -> dict[str, list[int]]:
    """Each section's card ids in the order the deck page shows them (by the game's card types, then
    cheapest first): what a deck's print and exports follow."""
    data, cards = selectors.deck_state(deck)
    sections = sections_payload(deck.regulation, data, cards, faces={})
    return {
        s["key"]: [e["card"] for g in s["groups"] for e in g["entries"]] for s in face_sections(deck.game_id, sections)
    }
