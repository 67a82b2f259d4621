"""Site URLs: pages, accounts, leaderboards, rooms, admin and the language switcher."""

from django.contrib import admin
from django.urls import include, path

from config import views
from ratings import views as ratings_views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("health/", views.health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("leaderboards/", include("ratings.urls")),
    path("players/<int:user_id>/", ratings_views.player, name="player"),
    path("", include("lobby.urls")),
    path("", include("rooms.urls")),
    path("admin/", admin.site.urls),
]

# The error pages in the site's layout and the reader's language (config/errors.py).
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
