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

from games import fair

GAME_CHOICES = [
    ("rouba_monte", "Rouba Monte"),
    ("stealing_bundles", "Stealing Bundles"),
    ("crazy_eights", "Crazy Eights"),
    ("buraco", "Buraco"),
]
BOT_LEVELS = [("easy", _("easy")), ("normal", _("normal")), ("hard", _("hard"))]


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

    code = models.CharField(max_length=16, unique=True, default=new_room_code)
    game = models.CharField(max_length=32, choices=GAME_CHOICES)
    name = models.CharField(_("name"), max_length=60)
    is_public = models.BooleanField(_("public"), default=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_rooms"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="created_rooms"
    )
    seat_count = models.PositiveSmallIntegerField(default=4)
    options = models.JSONField(default=dict, blank=True)
    time_limit = models.PositiveSmallIntegerField(null=True, blank=True, help_text="seconds per move; empty: none")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    paused = models.BooleanField(default=False)
    pause_reason = models.CharField(max_length=16, blank=True)  # "host" or "empty"
    # ``version`` orders every change a client sees; ``state_version`` counts
    # changes of the game state only, and is what a move must be made on.
    version = models.PositiveIntegerField(default=0)
    state_version = models.PositiveIntegerField(default=0)
    # The pending deadline of the seat to act (turn timer, bot turn, disconnected grace).
    deadline = models.DateTimeField(null=True, blank=True)
    deadline_kind = models.CharField(max_length=16, blank=True)  # "turn", "bot", "grace"
    deadline_left = models.FloatField(null=True, blank=True)  # seconds left, kept while paused
    empty_since = models.DateTimeField(null=True, blank=True)
    # Commitment to the next match's seed, shown before that match begins.
    next_seed = models.CharField(max_length=64, default=fair.new_seed)
    dealer = models.SmallIntegerField(default=-1)  # room seat of the last dealer
    last_move = models.JSONField(null=True, blank=True)
    # The match and hand being played (or last played), read with the room's row lock.
    current_match = models.ForeignKey(
        "Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_constraint=False
    )
    current_hand = models.ForeignKey(
        "Hand", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_constraint=False
    )
    # Denormalised for the hot path, kept under the row lock by the services:
    # user id -> open sockets in this room, and the summaries of the last 20 hands.
    connected = models.JSONField(default=dict, blank=True)
    history = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "is_public"]), models.Index(fields=["deadline"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_game_display()})"

    @property
    def next_fingerprint(self) -> str:
        return fair.fingerprint(self.next_seed)


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    bot_level = models.CharField(max_length=8, choices=BOT_LEVELS, blank=True)
    # Active seats play in the current match/hand; others wait for the next one.
    active = models.BooleanField(default=False)
    # A bot that only stands in for a person who left, until the hand's result.
    stand_in = models.BooleanField(default=False)
    # Removal of an active bot, applied when the match (or Buraco hand) ends.
    remove_pending = models.BooleanField(default=False)
    # A person waiting to take this bot's seat at the next boundary.
    reserved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="reservations"
    )
    absent_since = models.DateTimeField(null=True, blank=True)
    bot_memory = models.JSONField(default=dict, blank=True)
    client_seed = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="unique_seat_index")]

    def __str__(self) -> str:
        return f"{self.room_id}#{self.index}"

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

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches")
    # What verify links name the match by: ids are sequential and could be walked.
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=32, choices=GAME_CHOICES)
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=64)  # secret until the match ends
    fingerprint = models.CharField(max_length=64)
    next_fingerprint = models.CharField(max_length=64, blank=True)
    client_seeds = models.JSONField(default=list, blank=True)
    dealer = models.SmallIntegerField(default=0)  # room seat of the first hand's dealer
    totals = models.JSONField(default=dict, blank=True)  # room seat (or team) -> cumulative score
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    winners = models.JSONField(default=list, blank=True)
    players = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="matches")
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name_plural = "matches"
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="unique_match_number")]

    def __str__(self) -> str:
        return f"{self.room} match {self.number}"

    @property
    def revealed_seed(self) -> str | None:
        return self.seed if self.status != self.Status.PLAYING else None

    @property
    def stream_key(self) -> str:
        return fair.stream_key(self.seed, self.client_seeds)

    @property
    def verify_url(self) -> str:
        return reverse("rooms:verify", args=[self.public_id])


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()  # in the match, from 1
    game = models.CharField(max_length=32, choices=GAME_CHOICES)
    dealer = models.SmallIntegerField()  # engine seat
    seat_map = models.JSONField(default=list)  # engine seat -> room seat
    options = models.JSONField(default=dict, blank=True)
    state = models.JSONField()
    deck = models.JSONField(default=list, blank=True)  # the shuffled deck dealt (secret until the match ends)
    moves = models.JSONField(default=list, blank=True)  # [{"seat", "move", "auto", "by", "at", "kind"}]
    result = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_hand_number")]

    def __str__(self) -> str:
        return f"{self.match} hand {self.number}"


class PlayerStat(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stats")
    game = models.CharField(max_length=32, choices=GAME_CHOICES)
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="unique_stat")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game}: {self.won}/{self.played}"


class Presence(models.Model):
    """One open WebSocket of a user in a room (a tab); gone when it closes."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="presences")
    channel_name = models.CharField(max_length=200, unique=True)
    connected_at = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} in {self.room_id}"


class Heartbeat(models.Model):
    """When a periodic task last ran: proof that beat and a worker are alive."""

    name = models.CharField(max_length=40, unique=True)
    last_run = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} at {self.last_run}"
