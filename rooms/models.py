"""Rooms, seats, matches, hands and per-player statistics.

Nothing about a table lives only in memory: the engine state of the current
hand, the seats, the deadline and the version that orders every change are all
rows here, so a restart (or another daphne process) picks up exactly where the
room was. Only rooms/services.py writes these rows.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games import fair
from rooms.choices import BOT_LEVELS, GAME_CHOICES
from rooms.hints.models import Hint  # noqa: F401  (a model of this app, in its own module)
from rooms.live.models import Heartbeat, Presence  # noqa: F401  (models of this app, in their own module)
from rooms.records import stored
from rooms.records.models import PlayerStat  # noqa: F401  (a model of this app, in its own module)
from rooms.records.storedjson import StoredJSONDecoder


def new_room_code() -> str:
    """Short unguessable code used in room URLs and invite links."""
    return secrets.token_urlsafe(6)


def new_public_id() -> str:
    """The unguessable name of a match in verify links (128 random bits).

    Never all digits, so that it can never be mistaken for a sequential id.
    """
    while True:
        public_id = secrets.token_urlsafe(16)
        if not public_id.isdigit():
            return public_id


class Room(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for players")
        PLAYING = "playing", _("playing")
        HAND_OVER = "hand_over", _("between hands")
        MATCH_OVER = "match_over", _("match over")
        CLOSED = "closed", _("closed")

    code = models.CharField(_("code"), max_length=16, unique=True, default=new_room_code)
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    name = models.CharField(_("name"), max_length=60)
    is_public = models.BooleanField(_("public"), default=True)
    # Chosen at creation: a rated room's matches move ratings (docs/ratings.md). A quick-play
    # room was opened by "Jogar agora" and starts with bots after the wait (actions/quick_start.py).
    rated = models.BooleanField(_("rated"), default=True)
    quick_play = models.BooleanField(_("quick play"), default=False)
    # A table an app above opened and seats (a tournament's): dealt at once, no host, no hints, and
    # its match ends after ``hands_per_match`` hands when set (rooms/match_length.py).
    arena = models.BooleanField(_("arena table"), default=False)
    hands_per_match = models.PositiveSmallIntegerField(_("hands per match"), null=True, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_rooms",
        verbose_name=_("host"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="created_rooms",
        verbose_name=_("created by"),
    )
    seat_count = models.PositiveSmallIntegerField(_("seats"), default=4)
    options = models.JSONField(_("options"), decoder=StoredJSONDecoder, default=dict, blank=True)
    time_limit = models.PositiveSmallIntegerField(
        _("time limit"), null=True, blank=True, help_text=_("seconds per move; empty: none")
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.WAITING)
    paused = models.BooleanField(_("paused"), default=False)
    pause_reason = models.CharField(_("pause reason"), max_length=16, blank=True)  # "host", "empty" or "staff"
    # A host's pause: since when and by whom; a rated room's ends by itself (docs/rooms.md).
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    paused_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+")
    # ``version`` orders every change a client sees; ``state_version`` counts
    # changes of the game state only, and is what a move must be made on.
    version = models.PositiveIntegerField(_("version"), default=0)
    state_version = models.PositiveIntegerField(_("state version"), default=0)
    # The pending deadline of the seat to act (turn timer, bot turn, disconnected grace).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    deadline_kind = models.CharField(_("deadline kind"), max_length=16, blank=True)  # "turn", "bot", "grace"
    deadline_left = models.FloatField(_("seconds left"), null=True, blank=True)  # kept while paused
    empty_since = models.DateTimeField(_("empty since"), null=True, blank=True)
    # Since when the host has had no open socket here, seated or watching: past the
    # absence limit the role passes to another person of the room.
    host_absent_since = models.DateTimeField(_("host absent since"), null=True, blank=True)
    # Commitment to the next match's seed, shown before that match begins.
    next_seed = models.CharField(max_length=64, default=fair.new_seed)
    dealer = models.SmallIntegerField(_("dealer"), default=-1)  # room seat of the last dealer
    last_move = models.JSONField(_("last move"), decoder=StoredJSONDecoder, null=True, blank=True)
    # The match and hand being played (or last played), read with the room's row lock.
    current_match = models.ForeignKey(
        "Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_constraint=False,
        verbose_name=_("current match"),
    )
    current_hand = models.ForeignKey(
        "Hand",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_constraint=False,
        verbose_name=_("current hand"),
    )
    # Denormalised for the hot path, kept under the row lock by the services:
    # user id -> open sockets in this room, and the summaries of the last 20 hands.
    connected = models.JSONField(_("open connections"), decoder=StoredJSONDecoder, default=dict, blank=True)
    history = models.JSONField(_("history"), decoder=StoredJSONDecoder, default=list, blank=True)
    # Names the history's newest hand (stored.history_key): a move reads this, not twenty hands.
    history_key = models.CharField(max_length=stored.HISTORY_KEY_LENGTH, blank=True, default="", editable=False)
    events = models.JSONField(_("events"), decoder=StoredJSONDecoder, default=list, blank=True)  # room_events.py
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "is_public"]), models.Index(fields=["deadline"])]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        # Staff powers over a live room (rooms/admin/room_actions.py); docs/operations.md names the groups.
        permissions = [
            ("pause_room", _("Can pause and resume a room")),
            ("close_room", _("Can close a room")),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_game_display()})"

    @property
    def next_fingerprint(self) -> str:
        return fair.fingerprint(self.next_seed)


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats", verbose_name=_("room"))
    index = models.PositiveSmallIntegerField(_("seat"))  # from 0; shown from 1
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
        verbose_name=_("player"),
    )
    bot_level = models.CharField(_("bot level"), max_length=8, choices=BOT_LEVELS, blank=True)
    # Active seats play in the current match/hand; others wait for the next one.
    active = models.BooleanField(_("playing"), default=False)
    # A bot that only stands in for a person who left, until the hand's result.
    stand_in = models.BooleanField(_("stand-in"), default=False)
    # Removal of an active bot, applied when the match (or Buraco hand) ends.
    remove_pending = models.BooleanField(_("to be removed"), default=False)
    # A person waiting to take this bot's seat at the next boundary.
    reserved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reservations",
        verbose_name=_("reserved by"),
    )
    absent_since = models.DateTimeField(_("away since"), null=True, blank=True)
    bot_memory = models.JSONField(decoder=StoredJSONDecoder, default=dict, blank=True)
    client_seed = models.CharField(max_length=64, blank=True)
    # "reservation" when the person took a bot's seat they had reserved, at the last
    # boundary: the next deal records it on the hand's participants, then clears it.
    joined_via = models.CharField(max_length=16, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="unique_seat_index")]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return _("Seat %(number)s") % {"number": self.index + 1}

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot_level

    @property
    def team(self) -> str:
        return str(self.index % 2)


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        OVER = "over", _("over")
        ABANDONED = "abandoned", _("abandoned")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches", verbose_name=_("room"))
    # What verify links name the match by: ids are sequential and could be walked.
    public_id = models.CharField(_("public id"), max_length=32, unique=True, default=new_public_id, editable=False)
    number = models.PositiveIntegerField(_("number"))
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    options = models.JSONField(_("options"), decoder=StoredJSONDecoder, default=dict, blank=True)
    seed = models.CharField(_("seed"), max_length=64)  # secret until the match ends
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    next_fingerprint = models.CharField(_("next match's fingerprint"), max_length=64, blank=True)
    client_seeds = models.JSONField(_("client seeds"), decoder=StoredJSONDecoder, default=list, blank=True)
    dealer = models.SmallIntegerField(_("first dealer"), default=0)  # room seat of the first hand's dealer
    totals = models.JSONField(
        _("totals"), decoder=StoredJSONDecoder, default=dict, blank=True
    )  # room seat (or team) -> cumulative score
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PLAYING)
    winners = models.JSONField(_("winners"), decoder=StoredJSONDecoder, default=list, blank=True)
    # Everyone who held a seat in any hand of the match (kept by the services at each deal).
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="matches", verbose_name=_("players")
    )
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    # Who ended the match early: the host ("new match", "end match", closing the room), rated as
    # having left it, or staff closing the room (``ended_by_staff``), rated so if they held a seat in it.
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("ended early by"),
    )
    # Staff closed the room while it was played (``ended_by``: the staff member): rated on the standings of then.
    ended_by_staff = models.BooleanField(_("ended by staff"), default=False)
    # Staff took its rating changes back, with a written reason (ratings/void.py; the audit log has the row).
    voided_at = models.DateTimeField(_("rating voided at"), null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("rating voided by"),
    )
    void_reason = models.CharField(_("why the rating was voided"), max_length=500, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = pgettext_lazy("record", "match")
        verbose_name_plural = _("matches")
        # The exports carry the seed and every deck: a finished match's whole record (rooms/records/hand_export.py).
        permissions = [("export_match", _("Can export a finished match or hand as JSON"))]
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="unique_match_number")]

    def __str__(self) -> str:
        return _("%(room)s · match %(number)s") % {"room": self.room, "number": self.number}

    @property
    def revealed_seed(self) -> str | None:
        return self.seed if self.status != self.Status.PLAYING else None

    @property
    def stream_key(self) -> str:
        return fair.stream_key(self.seed, stored.strings(self.client_seeds))

    @property
    def verify_url(self) -> str:
        return reverse("rooms:verify", args=[self.public_id])


class Hand(models.Model):
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="hands", verbose_name=pgettext_lazy("record", "match")
    )
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="hands", verbose_name=_("room"))
    number = models.PositiveIntegerField(_("number"))  # in the match, from 1
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    dealer = models.SmallIntegerField(_("dealer"))  # engine seat
    seat_map = models.JSONField(_("seat map"), decoder=StoredJSONDecoder, default=list)  # engine seat -> room seat
    options = models.JSONField(_("options"), decoder=StoredJSONDecoder, default=dict, blank=True)
    state = models.JSONField(_("state"), decoder=StoredJSONDecoder)
    # The shuffled deck dealt (secret until the match ends).
    deck = models.JSONField(_("deck"), decoder=StoredJSONDecoder, default=list, blank=True)
    # [{"seat", "move", "auto", "by", "at", "kind"}]
    moves = models.JSONField(_("moves"), decoder=StoredJSONDecoder, default=list, blank=True)
    result = models.JSONField(_("result"), decoder=StoredJSONDecoder, null=True, blank=True)
    # Who held each seat so far, in the compact form snapshots carry (room seat -> holders in
    # order); kept by rooms.records.participants with the Participant rows, which are the record.
    players = models.JSONField(_("players"), decoder=StoredJSONDecoder, default=dict, blank=True)
    hints = models.JSONField(_("hints asked"), decoder=StoredJSONDecoder, default=dict, blank=True)  # seat -> count
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        permissions = [("replay_hand", _("Can replay a finished hand with every seat's cards"))]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_hand_number")]

    def __str__(self) -> str:
        return _("%(match)s · hand %(number)s") % {"match": self.match, "number": self.number}


class Participant(models.Model):
    """Who held one seat of one hand, from which move to which.

    Written by the room services when a hand is dealt and whenever a seat changes
    hands during it (a stand-in bot for a person who left, a person removed with
    their cards); never rewritten afterwards. Every record that names a player
    (the admin, the replay, the table's history, profiles, statistics) reads the
    names here, as they were shown at the time, and never from today's seats.
    """

    class Joined(models.TextChoices):
        DEAL = "deal", _("at the deal")
        RESERVATION = "reservation", _("at the deal, in the bot's seat they had reserved")
        STAND_IN = "stand_in", _("standing in for a player who left")

    class Ended(models.TextChoices):
        LEFT = "left", _("left the table")
        REMOVED = "removed", _("removed after being away")
        REMOVED_IN_PAUSE = "removed_in_pause", _("removed after being away while the host had paused")

    # A room keeps its last twenty hands; the rows of an older hand stay (hand empty,
    # its number kept) so that a match's statistics and players outlive its hands.
    hand = models.ForeignKey(
        "Hand",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="participants",
        verbose_name=_("hand"),
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="participants", verbose_name=pgettext_lazy("record", "match")
    )
    hand_number = models.PositiveIntegerField(_("hand number"))
    seat = models.PositiveSmallIntegerField(_("room seat"))  # from 0; shown from 1
    engine_seat = models.PositiveSmallIntegerField(_("engine seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="participations",
        verbose_name=_("player"),
    )
    name = models.CharField(_("name shown"), max_length=150, blank=True)  # a person's name at the time
    bot_level = models.CharField(_("bot level"), max_length=8, choices=BOT_LEVELS, blank=True)
    joined = models.CharField(_("joined"), max_length=16, choices=Joined.choices, default=Joined.DEAL)
    # Log entries of the hand before this holder took the seat (0: from the deal), and
    # when they left it (None: until the hand's end).
    from_move = models.PositiveIntegerField(_("from move"), default=0)
    until_move = models.PositiveIntegerField(_("until move"), null=True, blank=True)
    ended = models.CharField(_("how it ended"), max_length=16, choices=Ended.choices, blank=True)
    started_at = models.DateTimeField(_("since"))
    ended_at = models.DateTimeField(_("until"), null=True, blank=True)

    class Meta:
        ordering = ["match", "hand_number", "seat", "from_move", "id"]
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        indexes = [models.Index(fields=["user", "match"])]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.hand_number} seat {self.seat + 1}: {self.name or self.bot_level}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def stand_in(self) -> bool:
        return self.joined == self.Joined.STAND_IN
