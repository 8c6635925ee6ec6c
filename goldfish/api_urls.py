from rest_framework.routers import SimpleRouter

from .apis import GoldfishViewSet

router = SimpleRouter()  # the card router owns the API root view
router.register("goldfish", GoldfishViewSet, basename="api-goldfish")

urlpatterns = router.urls
