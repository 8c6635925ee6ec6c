"""Who is playing: a signed-in user, or an anonymous visitor known by a random key in their Django session.

The key lives in the session's data (not the session id), so it survives the session id being rotated at
log-in; the database keeps only its SHA-256, so a leaked table does not let anyone act as the visitor.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

SESSION_KEY = "goldfish_owner"


@dataclass(frozen=True)
class Actor:
    user: object  # a User or AnonymousUser
    key: str = ""  # SHA-256 of the visitor's owner key ("" when they have none yet)

    @property
    def user_id(self):
        return self.user.pk if self.user is not None and self.user.is_authenticated else None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def actor(request, create: bool = False) -> Actor:
    """The request's actor; with `create`, an anonymous visitor gets an owner key (stored in the session)."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    token = session.get(SESSION_KEY, "") if session is not None else ""
    if not token and create and session is not None and not (user is not None and user.is_authenticated):
        token = secrets.token_urlsafe(24)
        session[SESSION_KEY] = token
    return Actor(user=user, key=_digest(token) if token else "")


def owns(session, who: Actor) -> bool:
    """The actor may play, undo, redo and restart this goldfish session."""
    if session.owner_id is not None:
        return who.user_id == session.owner_id
    return bool(session.owner_key) and secrets.compare_digest(session.owner_key, who.key)
