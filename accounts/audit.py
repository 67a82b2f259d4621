"""The audit log of staff actions: who did what, when, to which room, message, hand, match or user.

Django's own admin log (``django.contrib.admin.models.LogEntry``) is the store:
the admin already writes one row for every add, change and delete made through
its forms, so the actions of our own (pausing a room, deleting a message for
everyone, muting from a list, exporting a record) are written to the same table
and read on one read-only page (accounts/admin.py ``AuditLogAdmin``).

A row's ``change_message`` is ``"<action>"`` or ``"<action>: <detail>"``: the
action is a code from ``ACTIONS`` (shown translated), the detail plain text.
"""

from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.utils.translation import gettext_lazy as _

# Every staff action the site itself records, in words. Add a code here before recording it.
ACTIONS = {
    "room_pause": _("paused the room"),
    "room_resume": _("resumed the room"),
    "room_close": _("closed the room"),
    "room_rename": _("renamed the room"),
    "message_delete": _("deleted the message for everyone"),
    "user_mute": _("muted the person site-wide"),
    "display_name_reset": _("reset the display name"),
    "hand_export": _("exported the hand"),
    "match_export": _("exported the match"),
    "match_void": _("voided the match's rating"),
    "account_erase": _("deleted the account"),
    "tournament_cancel": _("cancelled the tournament"),
}


def record(actor, target, action: str, detail: str = "") -> LogEntry:
    """Write one row: ``actor`` (a staff user) did ``action`` to ``target`` (any saved model instance).

    ``detail`` says what the action alone does not (a reason, the old and new name). Raises
    ``KeyError`` for an action not in ``ACTIONS``, so that no row is written that the page cannot name.
    """
    ACTIONS[action]  # noqa: B018 - an unknown code is a programming error, caught here and not on the page
    message = f"{action}: {detail}" if detail else action
    return LogEntry.objects.create(
        user_id=actor.pk,
        content_type=ContentType.objects.get_for_model(type(target), for_concrete_model=False),
        object_id=str(target.pk),
        object_repr=str(target)[:200],
        action_flag=CHANGE,
        change_message=message,
    )


def _rows_about(target):
    kind = ContentType.objects.get_for_model(type(target), for_concrete_model=False)
    return LogEntry.objects.filter(content_type=kind, object_id=str(target.pk))


def details(target, action: str) -> list[str]:
    """The details of every row of ``action`` about ``target``, oldest first (a reset display name: the old name)."""
    ACTIONS[action]  # noqa: B018 - an unknown code is a programming error
    prefix = f"{action}: "
    rows = _rows_about(target).filter(change_message__startswith=prefix).order_by("action_time", "pk")
    return [message[len(prefix) :] for message in rows.values_list("change_message", flat=True)]


def rename_target(target) -> int:
    """The rows about ``target`` name it as it is now (an erased account: its pseudonym, players/erasure.py)."""
    return _rows_about(target).update(object_repr=str(target)[:200])


def describe(entry: LogEntry) -> str:
    """A row's action in words: ours from ``ACTIONS``, the admin's own as Django words it."""
    code, _sep, detail = entry.change_message.partition(": ")
    if code in ACTIONS:
        return f"{ACTIONS[code]}: {detail}" if detail else str(ACTIONS[code])
    return entry.get_change_message() or str(entry.get_action_flag_display())
