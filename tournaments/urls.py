"""Tournament URLs (docs/tournaments.md "Pages", docs/ui.md)."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("<id:tournament_id>/", views.tournament, name="tournament"),
    path("<id:tournament_id>/standings.json", views.standings_json, name="standings"),
    path("<id:tournament_id>/join/", views.join, name="join"),
    path("<id:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
]
