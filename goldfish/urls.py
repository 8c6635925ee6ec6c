from django.urls import path

from . import views

urlpatterns = [
    path("goldfish/new/", views.goldfish_new, name="goldfish_new"),
    path("goldfish/<token:session_id>/", views.goldfish_play, name="goldfish_play"),
    path("goldfish/<token:session_id>/new/", views.goldfish_restart, name="goldfish_restart"),
    path("decks/<int:pk>/simulate/", views.simulation_start, name="simulation_start"),
    path("decks/s/<token:token>/simulate/", views.simulation_start_shared, name="simulation_start_shared"),
    path("simulations/<token:token>/", views.simulation_page, name="simulation"),
    path("simulations/<token:token>/status.json", views.simulation_status, name="simulation_status"),
    path("simulations/<token:token>/chart.svg", views.simulation_chart, name="simulation_chart"),
    path("simulations/<token:token>/compare/", views.simulation_compare_start, name="simulation_compare_start"),
    path("simulations/<token:a>/vs/<token:b>/", views.simulation_compare, name="simulation_compare"),
    path("decks/<int:pk>/card-report/", views.card_report_new, name="card_report_new"),
    path("decks/s/<token:token>/card-report/", views.card_report_new_shared, name="card_report_new_shared"),
    path("card-reports/<token:token>/", views.card_report_page, name="card_report"),
    path("card-reports/<token:token>/status.json", views.card_report_status, name="card_report_status"),
    path("decks/<int:pk>/matchup/", views.matchup_new, name="matchup_new"),
    path("decks/s/<token:token>/matchup/", views.matchup_new_shared, name="matchup_new_shared"),
    path("matchups/<token:token>/", views.matchup_page, name="matchup"),
    path("matchups/<token:token>/status.json", views.matchup_status, name="matchup_status"),
]
