from django.urls import path

from . import views

urlpatterns = [
    path("goldfish/new/", views.goldfish_new, name="goldfish_new"),
    path("goldfish/<str:session_id>/", views.goldfish_play, name="goldfish_play"),
    path("goldfish/<str:session_id>/new/", views.goldfish_restart, name="goldfish_restart"),
]
