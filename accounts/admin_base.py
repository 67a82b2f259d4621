"""The read-only admins every room record uses: records are written by the room services only."""

from django.contrib import admin
from django.core.exceptions import PermissionDenied


class RefusedActions:
    """A list action the reader may not use answers 403, like every staff power without its permission.

    Django's admin leaves such an action out of the list and, when it is posted anyway,
    answers "no action selected" with a 200; here the refusal says what it is.
    """

    def changelist_view(self, request, extra_context=None):
        if request.method == "POST" and self.has_view_or_change_permission(request):
            name = request.POST.get("action", "")
            declared = {a if isinstance(a, str) else a.__name__ for a in self.actions or ()} | {"delete_selected"}
            if name in declared and name not in self.get_actions(request):
                raise PermissionDenied
        return super().changelist_view(request, extra_context)


class NoWrites:
    """Neither adding nor changing a record from the admin."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(RefusedActions, NoWrites, admin.ModelAdmin):
    """Records are written by the room services only: staff read them."""

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(NoWrites, admin.TabularInline):
    extra = 0
    can_delete = False
