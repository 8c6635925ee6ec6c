from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from cards import views as card_views
from config.converters import register as register_converters
from config.media import serve_media
from config.signin import ThrottledAdminAuthenticationForm, ThrottledAuthenticationForm
from printing import views as printing_views

register_converters()  # <token:…> in the apps' routes (config/converters.py)
admin.site.login_form = ThrottledAdminAuthenticationForm  # failed sign-ins are throttled here too

urlpatterns = [
    # The API first: every API request is resolved without trying the site's ~95 patterns before it
    # (~0.2 ms a request). No site pattern matches a path under "api/" (none starts with a converter),
    # so the order changes no resolution; tests/test_search_urls.py checks it.
    # Before the router's "api/" so that it cannot shadow them. The split view serves its script as a
    # separate file (no inline script), and Swagger UI's files come from our static files (sidecar).
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("cards.api_urls")),
    path("api/", include("decks.api_urls")),
    path("api/", include("goldfish.api_urls")),
    path("", card_views.home, name="home"),
    path("games/<slug:slug>/", card_views.game_detail, name="game_detail"),
    path("games/<slug:slug>/cards/", card_views.card_list, name="game_cards"),
    path("games/<slug:slug>/rules/", card_views.game_rules, name="game_rules"),
    path("cards/", card_views.card_list, name="card_list"),
    path("cards/<int:pk>/", card_views.card_detail, name="card_detail"),
    path("cards/<int:pk>/thumb/<str:size>/<str:token>.webp", card_views.card_thumb, name="card_thumb"),
    path("cards/<int:pk>/face/<str:size>/<str:key>.webp", printing_views.card_face, name="card_face"),
    path("search/help/", card_views.search_help, name="search_help"),
    path("", include("decks.urls")),
    path("", include("printing.urls")),
    path("", include("goldfish.urls")),
    path(
        "accounts/login/",
        # Only GET and POST: a form view would take PUT as an (empty) sign-in.
        auth_views.LoginView.as_view(
            authentication_form=ThrottledAuthenticationForm, http_method_names=["get", "head", "post", "options"]
        ),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Uploaded card images, in production too (config/media.py: public card images only).
    path(f"{settings.MEDIA_URL.strip('/')}/<path:path>", serve_media, name="media"),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
