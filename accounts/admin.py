"""The player account in the admin: Django's user admin plus display name and language."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Mesa"), {"fields": ("display_name", "language", "pending_email")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "email", "usable_password", "password1", "password2")}),
    )
    list_display = ("username", "display_name", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
