from rest_framework.routers import SimpleRouter

from .apis import GoldfishViewSet, SimulationViewSet

router = SimpleRouter()  # the card router owns the API root view
router.register("goldfish", GoldfishViewSet, basename="api-goldfish")
router.register("simulations", SimulationViewSet, basename="api-simulations")

urlpatterns = router.urls
