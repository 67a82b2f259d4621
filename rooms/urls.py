"""Room URLs: tables (the room URL is also the invite link), verification, the staff replay."""

from django.urls import path

from rooms import views

app_name = "rooms"

urlpatterns = [
    path("rooms/<str:code>/", views.room, name="room"),
    # Sequential ids first: staff only (rooms.views.verify_by_number); everyone else uses the public id.
    path("matches/<id:match_id>/verify/", views.verify_by_number),
    path("matches/<id:match_id>/verify.json", views.verify_by_number, {"data": True}),
    path("matches/<str:public_id>/verify/", views.verify, name="verify"),
    path("matches/<str:public_id>/verify.json", views.verify_data, name="verify_data"),
    path("hands/<id:hand_id>/replay/", views.replay, name="replay"),
]
