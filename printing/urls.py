from django.urls import path

from . import views

urlpatterns = []
for kind, prefix in (("deck", "decks"), ("pool", "pools")):
    urlpatterns += [
        path(f"{prefix}/<int:pk>/print/", views.print_page, {"kind": kind}, name=f"{kind}_print"),
        path(f"{prefix}/<int:pk>/print.pdf", views.print_pdf, {"kind": kind}, name=f"{kind}_print_pdf"),
        path(f"{prefix}/<int:pk>/print/preview.png", views.print_preview, {"kind": kind}, name=f"{kind}_print_preview"),
        path(f"{prefix}/<int:pk>/print/alignment.pdf", views.print_alignment, {"kind": kind}, name=f"{kind}_print_alignment"),
    ]
