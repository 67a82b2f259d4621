"""Lobby URLs: the lobby, "Jogar agora", and invitations by name (sent from a table, answered from any page)."""

from django.urls import path

from lobby import invite_views, play_views, views

app_name = "lobby"

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("play/", play_views.play, name="play"),
    path("rooms/<str:code>/invite/", invite_views.invite, name="invite"),
    path("invitations/<id:invitation_id>/accept/", invite_views.accept, name="accept_invitation"),
    path("invitations/<id:invitation_id>/decline/", invite_views.decline, name="decline_invitation"),
]
