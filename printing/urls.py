from django.urls import path

from . import designer, export_views, views

urlpatterns = []
for kind, prefix, key in (("deck", "decks", "int"), ("pool", "pools", "int"), ("set", "games", "slug")):
    urlpatterns += [
        path(f"{prefix}/<{key}:pk>/print/", views.print_page, {"kind": kind}, name=f"{kind}_print"),
        path(f"{prefix}/<{key}:pk>/print.pdf", views.print_pdf, {"kind": kind}, name=f"{kind}_print_pdf"),
        path(f"{prefix}/<{key}:pk>/print/preview.png", views.print_preview, {"kind": kind}, name=f"{kind}_print_preview"),
        path(f"{prefix}/<{key}:pk>/print/alignment.pdf", views.print_alignment, {"kind": kind}, name=f"{kind}_print_alignment"),
        path(f"{prefix}/<{key}:pk>/print/job/", views.print_job_start, {"kind": kind}, name=f"{kind}_print_job"),
        path(f"{prefix}/<{key}:pk>/export/<str:fmt>.zip", export_views.export_zip, {"kind": kind}, name=f"{kind}_export_zip"),
        path(f"{prefix}/<{key}:pk>/export/<str:fmt>/job/", export_views.export_job_start, {"kind": kind}, name=f"{kind}_export_job"),
    ]

urlpatterns += [
    # an unlisted deck's print and exports by its sharing link (the key is the link's token)
    path("decks/s/<token:pk>/print/", views.print_page, {"kind": "deck_shared"}, name="deck_shared_print"),
    path("decks/s/<token:pk>/print.pdf", views.print_pdf, {"kind": "deck_shared"}, name="deck_shared_print_pdf"),
    path("decks/s/<token:pk>/print/preview.png", views.print_preview, {"kind": "deck_shared"}, name="deck_shared_print_preview"),
    path("decks/s/<token:pk>/print/alignment.pdf", views.print_alignment, {"kind": "deck_shared"}, name="deck_shared_print_alignment"),
    path("decks/s/<token:pk>/print/job/", views.print_job_start, {"kind": "deck_shared"}, name="deck_shared_print_job"),
    path("decks/s/<token:pk>/export/<str:fmt>.zip", export_views.export_zip, {"kind": "deck_shared"}, name="deck_shared_export_zip"),
    path("decks/s/<token:pk>/export/<str:fmt>/job/", export_views.export_job_start, {"kind": "deck_shared"}, name="deck_shared_export_job"),
    path("print/jobs/<token:token>/", views.print_job, name="print_job"),
    path("print/jobs/<token:token>/status.json", views.print_job_status, name="print_job_status"),
    path("exports/tts/<str:token>.png", export_views.tts_image, name="tts_image"),
    path("print/jobs/<token:token>/file.pdf", views.print_job_file, name="print_job_file"),
]

urlpatterns += [  # the live card designer (printing/designer.py), for a game's editors
    path("games/<slug:slug>/designer/", designer.game_designer, name="game_designer"),
    path("games/<slug:slug>/designer/preview.webp", designer.game_designer_preview, name="game_designer_preview"),
    path("cards/<int:pk>/designer/", designer.card_designer, name="card_designer"),
    path("cards/<int:pk>/designer/preview.webp", designer.card_designer_preview, name="card_designer_preview"),
]
