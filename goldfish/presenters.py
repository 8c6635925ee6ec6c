"""The goldfish session as the API answers it and the page's script draws it."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import get_language, pgettext

from rules.declare.table import DEFAULT as DEFAULT_TABLE
from rules.engine import events_for, legal_actions, view
from rules.engine.story import story

from .models import GoldfishSession
from .selectors import large_faces

PLAYER = 0  # the human; every other player is a goldfish
ACTION_CARD_KEYS = ("card", "target", "onto")
ACTION_CARD_LISTS = ("cards", "tap", "discard")


def _defs_with_faces(defs: dict, faces: dict, large: dict | None = None) -> dict:
    """The card data with the URLs of its drawn face: "face" (small, for the board's card images) and
    "face_m" (the card preview's)."""
    out = {}
    for key, data in defs.items():
        data = dict(data)  # the view shares these dicts with the state: never change them in place
        card_id = str(data.get("id")) if data.get("id") is not None else None
        face = faces.get(card_id) if card_id else None
        if face:
            data["face"] = face
        if card_id and large and large.get(card_id):
            data["face_m"] = large[card_id]
        out[key] = data
    return out


def _story(state: dict, shown_log: list, large: dict, lang: str, names: dict | None = None) -> dict:
    """Each shown log entry's lines (rules/engine/story.py: the events in the player's words, the turns), with
    the preview face of every card they name; and the names of the cards the entries' actions name (the
    player's own actions: cards they chose, which may be out of sight now), for the action lines."""
    lines = story(state, PLAYER, lang, shown=len(shown_log), names=names)
    for entry, told in zip(shown_log, lines, strict=True):
        for line in told:
            for part in line["parts"]:
                if isinstance(part, dict) and part.get("id") is not None and large.get(str(part["id"])):
                    part["face"] = large[str(part["id"])]
        entry["story"] = told
    named: dict = {}
    cards, defs = state["cards"], state["defs"]
    for entry in shown_log:
        action = entry["action"]
        ids = [action.get(k) for k in ACTION_CARD_KEYS] + [c for k in ACTION_CARD_LISTS for c in (action.get(k) or ()) if isinstance(action.get(k), list)]
        for iid in ids:
            if isinstance(iid, str) and iid in cards and iid not in named:
                data = defs[cards[iid]["def"]]
                named[iid] = {"name": data.get("name", ""), "face": large.get(str(data.get("id"))) if data.get("id") is not None else None}
    return named


def _shown_by_events(state: dict, events: list) -> dict:
    """Cards a manual reveal or search just showed the player (they stay hidden in the view)."""
    cards, defs = {}, {}
    for event in events or ():
        if event.get("type") in ("reveal", "search"):
            for iid in event.get("cards") or ():
                card = state["cards"].get(iid)
                if card is not None:
                    cards[iid] = dict(card)
                    defs[card["def"]] = state["defs"][card["def"]]
    return {"cards": cards, "defs": defs}


def board_labels() -> dict:
    """The board's own words (the table: its shortcuts, marks and drag-and-drop), merged into the page's "ui"."""
    return {
        "has_actions": pgettext("goldfish", "actions available"),
        "drop_refused": pgettext("goldfish", "%(card)s cannot be played there."),
        "drop_can": pgettext("goldfish", "It can: %(actions)s."),
        "drop_nothing": pgettext("goldfish", "%(card)s cannot be played now."),
        "textbox": pgettext("goldfish", "Cards as text"),
        "pile_hidden": pgettext("goldfish", "Face down: the cards are not shown."),
        "help": pgettext("goldfish", "Keys and marks"),
        "key_pass": pgettext("goldfish", "Pass (or the one action offered)"),
        "key_confirm": pgettext("goldfish", "Confirm the chosen cards"),
        "key_end": pgettext("goldfish", "End the turn"),
        "legend": pgettext("goldfish", "What the outlines mean"),
        "legend_actions": pgettext("goldfish", "Green outline: the card has actions (tap or click it; double-click plays the first)."),
        "legend_choose": pgettext("goldfish", "Blue outline: a card the decision chooses among (tap to choose)."),
        "legend_drop": pgettext("goldfish", "Dashed outline: while dragging, where the card can be played."),
        "legend_theirs": pgettext("goldfish", "Yellow glow: what the opponent just did."),
        "help_touch": pgettext("goldfish", "Touch: tap a card for its actions; press and hold for the large face."),
        "help_mouse": pgettext("goldfish", "Mouse: drag a card from your hand to where it is played; hold Shift to move it by hand."),
        "the_player": pgettext("goldfish", "The player"),
    }


def _zone_kind(name: str) -> str:
    return name.partition(".")[2] or name  # "p0.hand" -> "hand"; "board" -> "board"


def table_of(session: GoldfishSession, zones) -> dict:
    """Where the game's zones sit on the board and the figures beside life (rules/declare/table.py)."""
    definition = session.game.definition
    table = definition.table or DEFAULT_TABLE
    # a face-down card shows the game's back: drawn in the game's colour
    return {**table.as_dict(sorted({_zone_kind(z) for z in zones})), "back": definition.colour}


def owner_name(session: GoldfishSession) -> str:
    """The name a spectator sees for the player: the account that plays the game, else the deck's owner (not the
    site's sample account: a visitor playing a sample is "the player"); "" when there is none."""
    from decks.services import SAMPLE_OWNER

    deck_owner = getattr(session.deck, "owner", None) if session.deck_id else None
    for owner in (session.owner if session.owner_id else None, deck_owner):
        if owner is not None and owner.is_active and owner.get_username() != SAMPLE_OWNER:
            return owner.get_username()
    return ""


def session_payload(session: GoldfishSession, state: dict, *, can_act: bool, step: int | None = None, events=None, request=None) -> dict:
    steps = len(session.actions or [])
    at_end = step is None or step >= steps
    shown = view(state, PLAYER)
    large = large_faces(session.faces or {})
    shown["defs"] = _defs_with_faces(shown["defs"], session.faces or {}, large)
    if not (can_act and at_end):
        shown["can_undo"] = shown["can_redo"] = False
    watcher = {PLAYER: owner_name(session) or pgettext("goldfish", "The player")} if not can_act else None
    shown["log_cards"] = _story(state, shown["log"], large, get_language() or "ja", watcher)
    events = events_for(state, list(events or []), PLAYER)  # the goldfish's draws stay unnamed
    revealed = _shown_by_events(state, events)
    revealed["defs"] = _defs_with_faces(revealed["defs"], session.faces or {}, large)
    url = session.get_absolute_url()
    return {
        "id": session.id,
        "url": request.build_absolute_uri(url) if request is not None else url,
        "api": reverse("api-goldfish-detail", args=[session.id]),
        "game": session.game_id,
        "game_name": session.game.name,
        "source": {
            "kind": session.source_kind,
            "name": session.source_name,
            "deck": session.deck_id,
            "deck_revision": session.deck_revision,
            "pool": session.pool_id,
            "regulation": session.regulation_code,
        },
        "seed": session.seed,
        "options": session.setup.get("options", {}),
        "version": session.version,
        "can_act": can_act,
        "step": steps if at_end else step,
        "steps": steps,
        "view": shown,
        "table": table_of(session, shown["zones"]),
        "player_name": "" if can_act else owner_name(session),
        "legal_actions": legal_actions(state) if can_act and at_end else [],
        "events": events,
        "revealed": revealed,
        "created_at": session.created_at,
        "updated_at": session.updated_at,
    }
