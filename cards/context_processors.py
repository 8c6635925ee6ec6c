from rules.declare import GAMES

from .models import Game


def games(request):
    """The games for the header navigation, and how many the registry holds (the site's text counts them)."""
    return {"nav_games": list(Game.objects.all()), "game_count": len(GAMES)}
