from rest_framework.routers import DefaultRouter

from .apis import CardViewSet, GameViewSet

router = DefaultRouter()
router.register("games", GameViewSet, basename="api-game")
router.register("cards", CardViewSet, basename="api-card")

urlpatterns = router.urls
