"""Lobby URLs: the lobby, "Jogar agora", invitations by name (sent from a table, answered from any page), challenges."""

from django.urls import path

from lobby import challenge_views, invite_views, play_views, views

app_name = "lobby"

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("play/", play_views.play, name="play"),
    path("rooms/<str:code>/invite/", invite_views.invite, name="invite"),
    path("invitations/<id:invitation_id>/accept/", invite_views.accept, name="accept_invitation"),
    path("invitations/<id:invitation_id>/decline/", invite_views.decline, name="decline_invitation"),
    # A challenge from a player's name (lobby/challenges.py, docs/friends.md).
    path("players/<id:user_id>/challenge/", challenge_views.challenge, name="challenge"),
]
