from rest_framework.routers import SimpleRouter

from .apis import DeckViewSet, PoolViewSet

router = SimpleRouter()  # the card router owns the API root view
router.register("decks", DeckViewSet, basename="api-deck")
router.register("pools", PoolViewSet, basename="api-pool")

urlpatterns = router.urls
