"""Site URLs: pages, the installable site's files, accounts, leaderboards, friends, rooms, admin and the language switcher."""

from django.contrib import admin
from django.urls import include, path

from accounts import urls as accounts_urls
from config import pwa, views
from friends import views as friends_views
from players import replay_views
from players import urls as players_urls
from players import views as players_views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("health/", views.health, name="health"),
    # The installable site at stable addresses of the root (config/pwa.py, docs/ui.md "Installing the site").
    path("favicon.ico", pwa.favicon, name="favicon"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("i18n/", include("django.conf.urls.i18n")),
    # The account's pages (accounts/urls.py) and a player's own pages of it (players/urls.py): one namespace.
    path("accounts/", include((accounts_urls.urlpatterns + players_urls.urlpatterns, "accounts"))),
    path("leaderboards/", include("ratings.urls")),
    path("players/<id:user_id>/", players_views.player, name="player"),
    # A player's finished matches; a match one played, as JSON (players/match_download.py, docs/accounts.md).
    path("players/<id:user_id>/matches/", players_views.matches, name="player_matches"),
    path("matches/<str:public_id>/mine.json", players_views.my_match_download, name="match_download"),
    # A finished match's replay, every seat's cards shown (players/replay_data.py, docs/rooms.md "Replays").
    path("matches/<str:public_id>/replay/", replay_views.replay, name="match_replay"),
    path("matches/<str:public_id>/replay.json", replay_views.replay_data_view, name="match_replay_data"),
    # Follow and block, one-way (friends/relations.py, docs/friends.md); your friends.
    path("players/<id:user_id>/follow/", friends_views.follow, name="follow"),
    path("players/<id:user_id>/unfollow/", friends_views.unfollow, name="unfollow"),
    path("players/<id:user_id>/block/", friends_views.block, name="block"),
    path("players/<id:user_id>/unblock/", friends_views.unblock, name="unblock"),
    path("friends/", friends_views.friends, name="friends"),
    path("", include("lobby.urls")),
    path("", include("rooms.urls")),
    path("admin/", admin.site.urls),
]

# The error pages in the site's layout and the reader's language (config/errors.py).
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
