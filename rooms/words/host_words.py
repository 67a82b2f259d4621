"""The words of the table's room events and host powers (static/js/room_events.js), translated per request."""

from django.utils.translation import gettext as _

from games import registry


def host_strings() -> dict:
    return {
        "arrange_title": _("Seats"),
        "arrange_help": _("Before a match starts or after it ends: move a person to an empty seat or swap two seats."),
        "arrange_from": _("Seat to move"),
        "arrange_to": _("To seat"),
        "arrange": _("Move or swap"),
        "confirm_move": _("Move %(name)s from seat %(from)s to the empty seat %(to)s?"),
        "confirm_swap": _("Swap %(name)s (seat %(from)s) with %(other)s (seat %(to)s)?"),
        "seat_option": _("Seat %(n)s: %(name)s"),
        "empty": _("empty"),
        "remove_title": _("Remove a person"),
        "remove": _("Remove from the seat"),
        "confirm_remove": _("Remove %(name)s from seat %(n)s? They stay in the room watching and are told."),
        "remove_private_only": _("People are removed only from private rooms, never during a hand."),
        "hand_title": _("Host role"),
        "hand": _("Hand the host role"),
        "confirm_hand": _("Make %(name)s the host? Only they can give the role back."),
        "person": _("Person"),
        "close": _("Close the room"),
        "confirm_close": _(
            "Close the room for everyone? A match being played ends here; in a rated room everyone is rated on "
            "its standings of now, and it counts as leaving it for you."
        ),
        "target": _("Target"),
        "confirm_target": _("Change the target to %(n)s points?"),
        "confirm_time": _("Change the time per move to %(limit)s? Everyone at the table is told."),
        "no_limit": _("no time limit"),
        "seconds": _("%(seconds)s s per move"),
        "leave_hands_host": _("You are the host: leaving your seat hands the role to %(name)s."),
        "leave_hands_host_unknown": _(
            "You are the host: leaving your seat hands the role to another person of the room, if there is one."
        ),
        "closed": _("This room was closed."),
        "back_to_lobby": _("Back to the lobby"),
        "you_were_removed": _("The host removed you from seat %(n)s."),
        "room_events": _("Room events"),
    }


def target_choices(game: str) -> list:
    """The match targets a room of ``game`` may be set to (none when the game has no such option)."""
    if game not in registry.NAMES:
        return []
    return next((list(o.choices) for o in registry.spec(game).options if o.name == "target" and o.choices), [])
