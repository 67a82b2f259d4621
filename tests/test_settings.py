"""Settings come from the environment and fail loudly on bad values."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL", "MESA_PRODUCTION"}}
    full["DJANGO_SETTINGS_MODULE"] = "config.settings"
    full.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DEBUG", "maybe"),
        ("DATABASE_URL", "mysql://x@y/z"),
        ("REDIS_URL", "http://localhost"),
        ("MESA_SWEEP_SECONDS", "soon"),
        ("ALLOWED_HOSTS", "*"),
    ],
)
def test_it_stops_on_a_bad_value_naming_the_variable(variable, value):
    done = run_manage("check", **{variable: value})
    assert done.returncode != 0
    assert variable in done.stderr
    assert "ImproperlyConfigured" in done.stderr


def test_production_requires_a_secret_key():
    done = run_manage("check", MESA_PRODUCTION="1", ALLOWED_HOSTS="mesa.example")
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


def test_production_profile_passes_check_deploy_without_warnings(tmp_path):
    done = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        MESA_PRODUCTION="1",
        SECRET_KEY="k" * 20 + "a-long-and-random-production-secret-0123456789-xyz",
        ALLOWED_HOSTS="mesa.example",
        MESA_VAR_DIR=str(tmp_path),
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert "no issues" in done.stdout


LANGUAGE_SWITCH = """
from django.test import Client
response = Client(HTTP_HOST="mesa.example").post("/i18n/setlang/", {"language": "en"}, secure=True)
morsel = response.cookies["django_language"]
print("status", response.status_code, "secure", bool(morsel["secure"]), "value", morsel.value)
"""


def test_the_language_cookie_is_secure_under_production(tmp_path):
    production = {
        "MESA_PRODUCTION": "1",
        "SECRET_KEY": "s" * 60,
        "ALLOWED_HOSTS": "mesa.example",
        "MESA_VAR_DIR": str(tmp_path),
    }
    done = run_manage("shell", "-c", LANGUAGE_SWITCH, **production)
    assert done.returncode == 0, done.stderr
    assert "secure True value en" in done.stdout, done.stdout
    local = run_manage("shell", "-c", LANGUAGE_SWITCH, ALLOWED_HOSTS="mesa.example", MESA_VAR_DIR=str(tmp_path))
    assert "secure False value en" in local.stdout, local.stdout + local.stderr  # plain http in development


def test_local_staff_is_never_created_under_production(tmp_path):
    done = run_manage(
        "ensure_local_staff",
        MESA_PRODUCTION="1",
        SECRET_KEY="s" * 60,
        ALLOWED_HOSTS="mesa.example",
        MESA_VAR_DIR=str(tmp_path),
    )
    assert done.returncode != 0
    assert "production" in done.stderr


def test_default_database_is_sqlite_in_wal_with_immediate_transactions(settings):
    options = settings.DATABASES["default"]["OPTIONS"]
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert options["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in options["init_command"]
