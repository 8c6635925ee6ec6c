"""The goldfish session as the API answers it and the page's script draws it."""

from __future__ import annotations

from django.urls import reverse

from rules.engine import events_for, legal_actions, view

from .models import GoldfishSession

PLAYER = 0  # the human; every other player is a goldfish


def _defs_with_faces(defs: dict, faces: dict) -> dict:
    out = {}
    for key, data in defs.items():
        data = dict(data)  # the view shares these dicts with the state: never change them in place
        face = faces.get(str(data.get("id"))) if data.get("id") is not None else None
        if face:
            data["face"] = face
        out[key] = data
    return out


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


def session_payload(session: GoldfishSession, state: dict, *, can_act: bool, step: int | None = None, events=None, request=None) -> dict:
    steps = len(session.actions or [])
    at_end = step is None or step >= steps
    shown = view(state, PLAYER)
    shown["defs"] = _defs_with_faces(shown["defs"], session.faces or {})
    if not (can_act and at_end):
        shown["can_undo"] = shown["can_redo"] = False
    events = events_for(state, list(events or []), PLAYER)  # the goldfish's draws stay unnamed
    revealed = _shown_by_events(state, events)
    revealed["defs"] = _defs_with_faces(revealed["defs"], session.faces or {})
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
        "legal_actions": legal_actions(state) if can_act and at_end else [],
        "events": events,
        "revealed": revealed,
        "created_at": session.created_at,
        "updated_at": session.updated_at,
    }
