"""A player's own pages, under /accounts/ and the "accounts" namespace with the account pages (config/urls.py)."""

from django.urls import path

from players import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("data/", views.my_data, name="my_data"),
    path("data/mesa.json", views.my_data_download, name="my_data_download"),
    path("delete/", views.delete_account, name="delete_account"),
]
