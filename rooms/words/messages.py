"""The error catalogue: every refusal's message by its stable code, translated once.

Services, consumers and engines refuse with a stable code (``RoomError``,
``IllegalMove``); what a player reads, on the socket, in the lobby form or on
the table, is looked up here by that code in the reader's language (pt-BR
first). A code without an entry keeps the message it was raised with.
tests/rooms/test_error_catalogue.py checks that every code raised has one.
"""

from django.utils import translation
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    # the message itself
    "bad_json": _("The message is not valid JSON."),
    "bad_message": _("The message is malformed."),
    "too_large": _("The message is too large."),
    "too_deep": _("The message is nested too deeply."),
    "too_many_sockets": _("This account has too many tabs open; close one and reload this page."),
    "unknown_action": _("Unknown action."),
    "duplicate_id": _("This message was already received."),
    "rate_limited": _("Too many messages; slow down."),
    "unavailable": _("The table is unavailable for a moment; try again."),
    "server_error": _("The server failed on this action; see the table."),
    # rooms
    "room_not_found": _("This room does not exist."),
    "room_closed": _("This room is closed."),
    "not_host": _("Only the host can do that."),
    "not_seated": _("You have no seat in this room."),
    "already_seated": _("You already have a seat in this room."),
    "seat_taken": _("This seat is taken."),
    "seat_reserved": _("Someone already reserved this seat."),
    "bad_seat": _("No such seat."),
    "too_many_bots": _("This room already has as many bots as it accepts."),
    "not_a_bot": _("There is no bot in this seat."),
    "bad_level": _("Bot levels are easy, normal and hard."),
    "need_person": _("At least one person must be seated to start."),
    "need_players": _("More players are needed to start."),
    "seats_empty": _("All four seats must be taken (people or bots) to deal."),
    "match_in_progress": _("Not while a match is being played."),
    "no_match_to_end": _("No match is being played."),
    "seats_locked": _("Seats are arranged only before a match starts or after it ends."),
    "same_seat": _("Choose two different seats."),
    "seat_empty": _("Nobody is in this seat."),
    "not_a_person": _("Only a person can be moved or removed this way."),
    "public_room": _("People are removed only from private rooms."),
    "hand_in_progress": _("Not while a hand is being played."),
    "not_yourself": _("You cannot do that to yourself."),
    "no_hand_to_deal": _("There is no finished hand waiting for the next one."),
    "not_playing": _("No hand is being played."),
    "paused": _("The room is paused."),
    "already_paused": _("The room is already paused."),
    "not_paused": _("The room is not paused."),
    "paused_by_staff": _("The site's staff paused this room; only they can resume it."),
    "not_playing_here": _("You are not playing in this hand."),
    "bad_version": _("The move does not say which table it was made on."),
    "stale": _("The table changed before your move arrived; nothing was played."),
    "left_this_match": _(
        "You left your seat in this match: leaving counts as leaving the match. You can sit again when the next match starts."
    ),
    "bad_options": _("These options are not valid for this game."),
    "bad_time_limit": _("The time limit must be 10 to 120 seconds, or none."),
    "bad_client_seed": _("The browser's seed is not valid."),
    "bad_game": _("Unknown game."),
    "bad_name": _("The room name must have 1 to 60 characters."),
    "bad_seat_count": _("This game cannot be played with that many seats."),
    "not_supported": _("That is not possible in this game."),
    "bad_invitee": _("Write the player's username (at most 150 characters)."),
    "invitee_blocked": _("One of you blocked the other: no invitation can go between you."),
    "invitation_gone": _("This invitation is no longer open: it was answered, or its room closed."),
    "play_elsewhere": _(
        "You already have a place at a Play now table (or a reserved seat): go back to it, or leave it first."
    ),
    # the chat (chat/)
    "chat_empty": _("Write something first."),
    "chat_too_long": _("A chat message has at most 200 characters."),
    "chat_bad_phrase": _("Unknown quick phrase."),
    "chat_rate_limited": _("Too many chat messages: at most 5 in 10 seconds. Wait a moment."),
    "chat_muted": _("The site's staff muted you in the chat until {until}."),
    "chat_self_mute": _("You cannot mute yourself."),
    "chat_no_such_user": _("There is no such player."),
    "chat_no_such_message": _("There is no such message in this room."),
    "chat_report_own": _("You cannot report your own message."),
    "chat_report_closed": _("This room is closed: its messages can no longer be reported."),
    "muted_room_name": _("The site's staff muted you until {until}: until then you cannot open a room."),
    "muted_display_name": _("The site's staff muted you until {until}: until then your display name cannot change."),
    "muted_invitation": _("The site's staff muted you until {until}: until then you cannot send invitations."),
    "chat_bad_reason": _("Choose why you report this message."),
    "chat_note_too_long": _("A report's note has at most 200 characters."),
    # hints ("Dica", rooms/actions/hint.py)
    "hint_rated": _("Hints are offered in casual rooms only: this room is rated."),
    "hint_arena": _("Hints are off at a tournament's tables."),
    "arena_seats": _("A tournament's table seats the players its pairing gives it: watch it, or join the tournament."),
    "hint_not_your_turn": _("A hint is for your own turn: ask when it is your move."),
    "hint_limit": _("You have used all of this hand's hints."),
    "hint_stale": _("The table changed while the hint was being worked out; nothing was counted. Ask again."),
    # the rules
    "not_your_turn": _("It is not your turn."),
    "hand_over": _("The hand is over."),
    "card_not_in_hand": _("That card is not in your hand."),
    "bad_move": _("That move is not valid."),
    "bad_target": _("That card cannot take this target."),
    "own_pile": _("You cannot take your own pile."),
    "bad_steal": _("That pile cannot be stolen with this card."),
    "must_capture": _("You must capture: a card of your hand takes a table card or a pile."),
    "must_steal": _("This card steals a pile: it must take it."),
    "no_steal": _("Stealing is off in this room."),
    "must_play_drawn_or_keep": _("Play the card you drew or keep it."),
    "suit_required": _("Choose the suit for your eight."),
    "card_does_not_fit": _("That card does not match the suit or the rank on the pile."),
    "cannot_pass": _("You can only pass when you can neither play nor draw."),
    "nothing_to_keep": _("There is no drawn card to keep."),
    "nothing_to_draw": _("There is nothing left to draw."),
    "must_draw": _("Draw first: from the stock or the discard pile."),
    "already_drawn": _("You have already drawn this turn."),
    "stock_empty": _("The stock is empty."),
    "discard_empty": _("The discard pile is empty."),
    "invalid_run": _("Those cards do not form a valid run."),
    "run_set": _("Buraco melds runs only: cards of one rank in different suits are not a run."),
    "run_mixed_suits": _("A run is of one suit: these cards mix suits."),
    "run_two_wilds": _("A run may hold only one 2 standing in for another card."),
    "run_not_in_sequence": _("These cards are not in sequence: a run needs consecutive cards of one suit."),
    "no_such_meld": _("Your team has no such run."),
    "too_few_cards": _("A new run needs at least three cards."),
    "needs_clean_canastra": _(
        "After taking the morto your team needs a clean canastra before you may empty your hand."
    ),
}


def message_for(code: str, fallback: str, language: str | None = None) -> str:
    """The player-facing message for an error code, in ``language`` when given."""
    text = MESSAGES.get(code)
    if text is None:
        return fallback
    if language:
        with translation.override(language):
            return str(text)
    return str(text)


def error_text(error) -> str:
    """A ``RoomError`` in the active language, its ``params`` filled in (a page's form error)."""
    return message_for(error.code, error.message).format(**error.params)


def english(code: str) -> str | None:
    """The catalogue's English text for ``code`` (what logs and tests read), or None."""
    text = MESSAGES.get(code)
    if text is None:
        return None
    with translation.override("en"):
        return str(text)


def catalogue(language: str | None = None) -> dict[str, str]:
    """Every code's message in ``language`` (the active one when None): what a table page carries."""
    with translation.override(language or translation.get_language()):
        return {code: str(text) for code, text in MESSAGES.items()}
