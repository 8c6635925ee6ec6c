from django.urls import path

from . import views

urlpatterns = [
    path("goldfish/new/", views.goldfish_new, name="goldfish_new"),
    path("goldfish/<str:session_id>/", views.goldfish_play, name="goldfish_play"),
    path("goldfish/<str:session_id>/new/", views.goldfish_restart, name="goldfish_restart"),
    path("decks/<int:pk>/simulate/", views.simulation_start, name="simulation_start"),
    path("decks/s/<str:token>/simulate/", views.simulation_start_shared, name="simulation_start_shared"),
    path("simulations/<str:token>/", views.simulation_page, name="simulation"),
    path("simulations/<str:token>/status.json", views.simulation_status, name="simulation_status"),
    path("simulations/<str:token>/chart.svg", views.simulation_chart, name="simulation_chart"),
    path("simulations/<str:token>/compare/", views.simulation_compare_start, name="simulation_compare_start"),
    path("simulations/<str:a>/vs/<str:b>/", views.simulation_compare, name="simulation_compare"),
    path("decks/<int:pk>/card-report/", views.card_report_new, name="card_report_new"),
    path("decks/s/<str:token>/card-report/", views.card_report_new_shared, name="card_report_new_shared"),
    path("card-reports/<str:token>/", views.card_report_page, name="card_report"),
    path("card-reports/<str:token>/status.json", views.card_report_status, name="card_report_status"),
]
