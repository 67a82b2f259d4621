"""Arena tournaments: what a tournament is, who entered it, its tables, their points, the schedule, trophies.

A tournament's tables are ordinary rooms (``TournamentTable.room``); the room
layer knows nothing of tournaments and tells them what happened through its
signals (tournaments/room_hooks.py). Only tournaments/services.py and
tournaments/arena.py write these rows. The rules are in docs/tournaments.md.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from rooms.choices import GAME_CHOICES
from rooms.records.storedjson import StoredJSONDecoder


def new_token() -> str:
    """The secret part of a private tournament's link."""
    return secrets.token_urlsafe(16)


class Schedule(models.Model):
    """A plan staff edit in the admin: the beat creates its tournaments ahead of their start.

    Every ``every_hours`` hours at minute ``at_minute`` (hours counted from
    midnight, Brasília time), or every day at ``daily_at`` (Brasília time).
    """

    class Recurrence(models.TextChoices):
        HOURLY = "hourly", _("every N hours")
        DAILY = "daily", _("daily")

    name = models.CharField(_("name"), max_length=60)
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    options = models.JSONField(_("options"), decoder=StoredJSONDecoder, default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("table size"))
    time_limit = models.PositiveSmallIntegerField(_("seconds per move"), default=20)
    minutes = models.PositiveSmallIntegerField(_("minutes"), default=57)
    rated = models.BooleanField(_("rated"), default=True)
    hands_per_match = models.PositiveSmallIntegerField(
        _("hands per match"), null=True, blank=True, help_text=_("empty: the tournament default for the game")
    )
    min_rated_matches = models.PositiveSmallIntegerField(_("rated matches needed to enter"), default=0)
    recurrence = models.CharField(_("recurrence"), max_length=8, choices=Recurrence.choices, default="hourly")
    every_hours = models.PositiveSmallIntegerField(_("every how many hours"), default=1)
    at_minute = models.PositiveSmallIntegerField(_("at minute"), default=0)
    daily_at = models.TimeField(_("daily at (Brasília time)"), null=True, blank=True)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament schedule")
        verbose_name_plural = _("tournament schedules")

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    class Status(models.TextChoices):
        CREATED = "created", _("starting soon")
        STARTED = "started", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=60)
    game = models.CharField(_("game"), max_length=32, choices=GAME_CHOICES)
    options = models.JSONField(_("options"), decoder=StoredJSONDecoder, default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("table size"))
    time_limit = models.PositiveSmallIntegerField(_("seconds per move"))
    # A tournament match is short: one deal or one hand (docs/tournaments.md); None: the game's own match.
    hands_per_match = models.PositiveSmallIntegerField(_("hands per match"), null=True, blank=True)
    starts_at = models.DateTimeField(_("starts at"))
    minutes = models.PositiveSmallIntegerField(_("minutes"))
    rated = models.BooleanField(_("rated"), default=True)
    min_rated_matches = models.PositiveSmallIntegerField(_("rated matches needed to enter"), default=0)
    private = models.BooleanField(_("private"), default=False)
    token = models.CharField(_("link token"), max_length=32, default=new_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_tournaments",
        verbose_name=_("created by"),
    )
    schedule = models.ForeignKey(
        Schedule,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
        verbose_name=_("schedule"),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.CREATED)
    cancel_reason = models.CharField(_("why it was cancelled"), max_length=300, blank=True)
    # Bumped by every change of the standings: the pages compare it, the live push carries it.
    version = models.PositiveIntegerField(_("version"), default=0)
    tables_made = models.PositiveIntegerField(_("tables made"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        indexes = [models.Index(fields=["status", "starts_at"])]
        constraints = [
            # The beat creates a schedule's tournament once per start, however often it ticks.
            models.UniqueConstraint(fields=["schedule", "starts_at"], name="one_tournament_per_schedule_start")
        ]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        permissions = [("cancel_tournament", _("Can cancel a tournament"))]

    def __str__(self) -> str:
        return self.name

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)


class TournamentTable(models.Model):
    """One room the pairing opened for the tournament; ``ended_at`` once its match was scored."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="tables", verbose_name=_("tournament")
    )
    room = models.OneToOneField(
        "rooms.Room", on_delete=models.CASCADE, related_name="tournament_table", verbose_name=_("room")
    )
    number = models.PositiveIntegerField(_("number"))
    bots = models.PositiveSmallIntegerField(_("bots"), default=0)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_tournament_table")]
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class Entry(models.Model):
    """A player in a tournament: their score, streak, state (waiting, at a table, paused, withdrawn)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries", verbose_name=_("player")
    )
    score = models.IntegerField(_("score"), default=0)
    # Wins in a row: from the third the points double (docs/tournaments.md).
    streak = models.PositiveSmallIntegerField(_("wins in a row"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    played = models.PositiveIntegerField(_("matches played"), default=0)
    # When the score last changed: the earlier of two equal scores ranks first.
    scored_at = models.DateTimeField(_("score reached at"), null=True, blank=True)
    paused_until = models.DateTimeField(_("paused until"), null=True, blank=True)
    pauses = models.PositiveSmallIntegerField(_("pauses"), default=0)
    last_pause_at = models.DateTimeField(_("last paused at"), null=True, blank=True)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    absences = models.PositiveSmallIntegerField(_("absences in a row"), default=0)
    # Since when the player waits for a table (None: at a table, withdrawn or paused).
    waiting_since = models.DateTimeField(_("waiting since"), null=True, blank=True)
    table = models.ForeignKey(
        TournamentTable,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("at table"),
    )
    # The user ids of the people at the player's previous table: no rematch when another grouping exists.
    last_opponents = models.JSONField(_("previous table"), decoder=StoredJSONDecoder, default=list, blank=True)
    rank = models.PositiveIntegerField(_("final rank"), null=True, blank=True)
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "rank", "-score", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")]
        indexes = [models.Index(fields=["tournament", "waiting_since"])]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.user_id}"


class TableResult(models.Model):
    """What one table gave one player: how it ended for them and the points (the streak's record)."""

    class Outcome(models.TextChoices):
        WON = "won", _("won")
        TIED = "tied", _("shared first place")
        LOST = "lost", _("lost")
        LEFT = "left", _("left the table")
        ABSENT = "absent", _("removed after being away")
        NO_RESULT = "no_result", _("no result")

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="results")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="results")
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices)
    points = models.PositiveSmallIntegerField(_("points"), default=0)
    doubled = models.BooleanField(_("doubled by the streak"), default=False)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["entry", "id"]
        constraints = [models.UniqueConstraint(fields=["table", "entry"], name="one_result_per_table_entry")]
        verbose_name = _("table result")
        verbose_name_plural = _("table results")

    def __str__(self) -> str:
        return f"{self.table_id}/{self.entry_id}: {self.outcome} {self.points}"


class Trophy(models.Model):
    """A podium place: shown on the player's profile."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="trophies", verbose_name=_("player")
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="trophies", verbose_name=_("tournament")
    )
    place = models.PositiveSmallIntegerField(_("place"))
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "place"], name="one_trophy_per_place"),
            models.UniqueConstraint(fields=["tournament", "user"], name="one_trophy_per_player"),
        ]
        verbose_name = _("trophy")
        verbose_name_plural = _("trophies")

    def __str__(self) -> str:
        return f"{self.tournament} #{self.place}"
