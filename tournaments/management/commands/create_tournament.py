"""``manage.py create_tournament --game GAME --minutes N [...]``: a site tournament, its id alone on the last line."""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from rooms import clock
from tournaments import services
from tournaments.errors import TournamentError


class Command(BaseCommand):
    help = "Create a public tournament (for demos and tests); prints its id alone on the last line."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True)
        parser.add_argument("--minutes", type=int, required=True)
        parser.add_argument("--starts-in", type=int, default=0, help="seconds from now (default: now)")
        parser.add_argument("--table-size", type=int)
        parser.add_argument("--time-limit", type=int, help="seconds per move")
        parser.add_argument("--name")
        kind = parser.add_mutually_exclusive_group()
        kind.add_argument("--rated", dest="rated", action="store_true", default=True)
        kind.add_argument("--casual", dest="rated", action="store_false")

    def handle(self, *args, **options):
        if options["starts_in"] < 0:
            raise CommandError("--starts-in is a number of seconds from now, 0 or more.")
        try:
            tournament = services.create(
                None,
                options["game"],
                options["minutes"],
                clock.now() + timedelta(seconds=options["starts_in"]),
                name=options["name"],
                table_size=options["table_size"],
                time_limit=options["time_limit"],
                rated=options["rated"],
                private=False,
            )
        except TournamentError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(f"{tournament.name}: starts {tournament.starts_at.isoformat()}, {tournament.minutes} min")
        self.stdout.write(str(tournament.id))
