"""Create a local staff account on a development machine, once.

Never under production settings. The password is random, printed and kept in
var/local_staff.txt so that the next `make run` can print it again.
"""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create a local staff account if none exists (development only) and print how to log in."

    def handle(self, *args, **options):
        if settings.PRODUCTION:
            raise CommandError("refusing to create a local staff account under production settings")
        User = get_user_model()
        note = settings.VAR_DIR / "local_staff.txt"
        if not User.objects.filter(is_staff=True).exists():
            password = secrets.token_urlsafe(12)
            User.objects.create_superuser("admin", "admin@localhost", password, display_name="Admin")
            note.parent.mkdir(parents=True, exist_ok=True)
            note.write_text(f"admin\n{password}\n")
        if note.exists():
            username, password = note.read_text().split()[:2]
            self.stdout.write(f"Local staff account: username {username!r}, password {password!r}")
            self.stdout.write("Log in at /accounts/login/ on the address below; staff pages at /admin/")
        else:
            self.stdout.write("A staff account already exists; log in with it at /accounts/login/")
