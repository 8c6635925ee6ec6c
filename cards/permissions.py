"""Who may write which cards: superusers everything, a game's editor group that game only."""

from .models import editor_group_name


def editable_game_slugs(user) -> set[str]:
    from rules.declare import GAMES

    if not (user and user.is_authenticated and user.is_active):
        return set()
    if user.is_superuser:
        return set(GAMES)
    names = set(user.groups.values_list("name", flat=True))
    return {slug for slug in GAMES if editor_group_name(slug) in names}


def can_edit_game(user, slug: str) -> bool:
    return slug in editable_game_slugs(user)
