"""Leaderboard URLs, under the "ratings" namespace."""

from django.urls import path

from ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.index, name="index"),
    path("<str:game>/", views.leaderboard, name="leaderboard"),
]
