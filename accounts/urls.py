"""Account URLs: sign-up, log-in, e-mail, passwords.

Under /accounts/ and the "accounts" namespace, with a player's own pages (players/urls.py):
config/urls.py puts the two lists under the one namespace.
"""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("email/confirm/<str:token>/", views.confirm_email, name="confirm_email"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(success_url=reverse_lazy("accounts:password_change_done")),
        name="password_change",
    ),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path(
        "password/reset/",
        views.PasswordResetView.as_view(
            success_url=reverse_lazy("accounts:password_reset_done"),
            extra_email_context={"site_name": "Mesa"},
        ),
        name="password_reset",
    ),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url=reverse_lazy("accounts:password_reset_complete")),
        name="password_reset_confirm",
    ),
    path("password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]
