"""Staff and tournaments: the schedule edited, a tournament created or edited before its start, cancelled with a reason.

A tournament is read-only once started (its players, tables and points are the
arena's: tournaments/arena.py); what staff may still do is cancel it, with a
written reason (``tournaments.cancel_tournament``). Every staff change is in the
audit log (accounts/audit.py): the admin's own rows for additions and changes,
``tournament_cancel`` for a cancellation. The fields pass the services' checks
(tournaments/services.py ``checked_fields``), so the admin never stores a
tournament the form of a player could not.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import admin_pages
from accounts.admin_base import ReadOnlyInline
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Schedule, Tournament, TournamentTable

CANCEL = "tournaments.cancel_tournament"
REASON_MAX = 300


def _checked(form: forms.ModelForm, *, starts_at=None) -> None:
    """The services' checks on the admin's form: each refusal on the form, nothing stored."""
    data = form.cleaned_data
    try:
        fields = services.checked_fields(
            data.get("game"),
            data.get("minutes"),
            starts_at,
            options=data.get("options") or {},
            table_size=data.get("table_size"),
            time_limit=data.get("time_limit"),
            hands_per_match=data.get("hands_per_match") or "default",
            min_rated_matches=data.get("min_rated_matches") or 0,
        )
    except TournamentError as exc:
        raise forms.ValidationError(exc.message) from None
    data["options"] = fields["options"]
    if isinstance(form, TournamentForm):
        data["hands_per_match"] = fields["hands_per_match"]  # empty: the game's tournament default


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "game",
            "options",
            "table_size",
            "time_limit",
            "hands_per_match",
            "starts_at",
            "minutes",
            "rated",
            "min_rated_matches",
            "private",
        )

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            _checked(self, starts_at=cleaned.get("starts_at"))
        return cleaned


class ScheduleForm(forms.ModelForm):
    class Meta:
        model = Schedule
        fields = (
            "name",
            "game",
            "options",
            "table_size",
            "time_limit",
            "minutes",
            "rated",
            "hands_per_match",
            "min_rated_matches",
            "recurrence",
            "every_hours",
            "at_minute",
            "daily_at",
            "active",
        )

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            _checked(self)
            if cleaned.get("recurrence") == Schedule.Recurrence.DAILY and cleaned.get("daily_at") is None:
                raise forms.ValidationError(_("A daily schedule needs its time."))
            if not 1 <= (cleaned.get("every_hours") or 0) <= 24 or not 0 <= (cleaned.get("at_minute") or 0) <= 59:
                raise forms.ValidationError(_("Every 1 to 24 hours, at a minute from 0 to 59."))
        return cleaned


class EntryInline(ReadOnlyInline):
    model = Entry
    fields = ("user", "score", "streak", "wins", "played", "table", "paused_until", "withdrawn", "rank")
    readonly_fields = fields
    ordering = ("rank", "-score", "id")


class TableInline(ReadOnlyInline):
    model = TournamentTable
    fields = ("number", "room", "bots", "created_at", "ended_at")
    readonly_fields = fields


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "game", "status", "starts_at", "minutes", "table_size", "rated", "private", "players")
    list_filter = ("status", "game", "rated", "private")
    search_fields = ("name",)
    date_hierarchy = "starts_at"
    inlines = (EntryInline, TableInline)
    readonly_fields = ("status", "cancel_reason", "created_by", "schedule", "cancel_link")

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj):
        return obj.entries.count()

    @admin.display(description=gettext_lazy("cancel"))
    def cancel_link(self, obj):
        if obj.pk is None or obj.status in services.OVER:
            return "—"
        url = reverse("admin:tournaments_tournament_cancel", args=[obj.pk])
        return format_html('<a class="button" href="{}">{}</a>', url, _("Cancel the tournament"))

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.status != Tournament.Status.CREATED:
            return False  # started, over or cancelled: read-only (cancelling has its own page)
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = None  # the site's: public unless marked private
        super().save_model(request, obj, form, change)

    def get_urls(self):
        return [*admin_pages.route(self, "<id:tournament_id>/cancel/", "tournaments_tournament_cancel", cancel_view),
                *super().get_urls()]  # fmt: skip


class CancelForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why the tournament is cancelled"),
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


def cancel_view(model_admin, request, tournament_id: int):
    if not request.user.has_perm(CANCEL):
        raise PermissionDenied
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = CancelForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.cancel(request.user, tournament.pk, form.cleaned_data["reason"])
        except TournamentError as exc:
            form.add_error("reason", exc.message)
        else:
            model_admin.message_user(request, _("The tournament is cancelled."), messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:tournaments_tournament_change", args=[tournament.pk]))
    return admin_pages.page(
        model_admin,
        request,
        "admin/tournaments/cancel.html",
        _("Cancel the tournament"),
        tournament=tournament,
        form=form,
    )


@admin.register(Schedule)
class ScheduleAdmin(admin.ModelAdmin):
    form = ScheduleForm
    list_display = ("name", "game", "recurrence", "every_hours", "at_minute", "daily_at", "minutes", "active")
    list_filter = ("game", "active", "recurrence")
