from rest_framework.routers import SimpleRouter

from .apis import CardReportViewSet, GoldfishViewSet, MatchupViewSet, SimulationViewSet

router = SimpleRouter()  # the card router owns the API root view
router.register("goldfish", GoldfishViewSet, basename="api-goldfish")
router.register("simulations", SimulationViewSet, basename="api-simulations")
router.register("card-reports", CardReportViewSet, basename="api-card-reports")
router.register("matchups", MatchupViewSet, basename="api-matchups")

urlpatterns = router.urls
