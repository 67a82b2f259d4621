"""Room URLs: the lobby, tables (the room URL is also the invite link), verification."""

from django.urls import path

from rooms import invite_views, play_views, views

app_name = "rooms"

urlpatterns = [
    path("lobby/", views.lobby, name="lobby"),
    path("play/", play_views.play, name="play"),
    path("rooms/<str:code>/", views.room, name="room"),
    path("rooms/<str:code>/invite/", invite_views.invite, name="invite"),
    path("invitations/<int:invitation_id>/accept/", invite_views.accept, name="accept_invitation"),
    path("invitations/<int:invitation_id>/decline/", invite_views.decline, name="decline_invitation"),
    # Sequential ids first: staff only (rooms.views.verify_by_number); everyone else uses the public id.
    path("matches/<int:match_id>/verify/", views.verify_by_number),
    path("matches/<int:match_id>/verify.json", views.verify_by_number, {"data": True}),
    path("matches/<str:public_id>/verify/", views.verify, name="verify"),
    path("matches/<str:public_id>/verify.json", views.verify_data, name="verify_data"),
    path("hands/<int:hand_id>/replay/", views.replay, name="replay"),
]
