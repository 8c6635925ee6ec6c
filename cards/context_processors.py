from .models import Game


def games(request):
    """The games for the header navigation."""
    return {"nav_games": list(Game.objects.all())}
