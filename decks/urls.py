from django.urls import path

from . import views

urlpatterns = [
    path("decks/", views.deck_list, name="deck_list"),
    path("decks/new/", views.deck_new, name="deck_new"),
    path("decks/check/", views.deck_check, name="deck_check"),
    path("decks/<int:pk>/", views.deck_detail, name="deck_detail"),
    path("decks/<int:pk>/edit/", views.deck_edit, name="deck_edit"),
    path("decks/<int:pk>/stats/", views.deck_stats, name="deck_stats"),
    path("decks/<int:pk>/hand/", views.deck_hand, name="deck_hand"),
    path("decks/<int:pk>/history/", views.deck_history, name="deck_history"),
    path("decks/<int:pk>/history/<int:number>/restore/", views.deck_restore, name="deck_restore"),
    path("decks/<int:pk>/copy/", views.deck_copy, name="deck_copy"),
    path("decks/<int:pk>/swap/", views.deck_swap, name="deck_swap"),
    path("decks/<int:pk>/delete/", views.deck_delete, name="deck_delete"),
    path("decks/<int:pk>/share-link/", views.deck_share_link, name="deck_share_link"),
    path("decks/<int:pk>/export.txt", views.deck_export, name="deck_export"),
    path("decks/s/<token:token>/", views.deck_shared, name="deck_shared"),
    path("decks/s/<token:token>/copy/", views.deck_copy, name="deck_shared_copy"),
    path("decks/s/<token:token>/hand/", views.deck_shared_hand, name="deck_shared_hand"),
    path("decks/s/<token:token>/export.txt", views.deck_shared_export, name="deck_shared_export"),
    path("games/<slug:slug>/regulation-draft/", views.regulation_draft, name="regulation_draft"),
    path("pools/new/", views.pool_edit, name="pool_new"),
    path("pools/<int:pk>/", views.pool_detail, name="pool_detail"),
    path("pools/<int:pk>/edit/", views.pool_edit, name="pool_edit"),
    path("pools/<int:pk>/delete/", views.pool_delete, name="pool_delete"),
    path("pools/<int:pk>/share-link/", views.pool_share_link, name="pool_share_link"),
    path("pools/s/<token:token>/", views.pool_shared, name="pool_shared"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", views.account, name="account"),
]
