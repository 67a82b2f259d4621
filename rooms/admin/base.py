"""The read-only admins every room record uses: records are written by the room services only."""

from django.contrib import admin


class NoWrites:
    """Neither adding nor changing a record from the admin."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):
    """Records are written by the room services only: staff read them."""

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(NoWrites, admin.TabularInline):
    extra = 0
    can_delete = False
