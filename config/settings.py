"""Mesa's settings, all from the environment (see README "Configuration").

Two run modes follow from REDIS_URL / DATABASE_URL:
- embedded (neither set): SQLite under var/, the in-memory channel layer and a
  Celery worker and beat inside the server process on the memory transport;
- stack (both set): PostgreSQL, channels-redis and Celery on the Redis broker.
MESA_PRODUCTION=1 turns on the deployment hardening that `check --deploy` wants.
"""

import os
import ssl
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MESA_VAR_DIR", str(BASE_DIR / "var")))

PRODUCTION = env_bool("MESA_PRODUCTION", False)
# Off unless asked for: Django's debug pages show the local variables of a failing
# request (a running match's row, say) to whoever provoked the error.
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when MESA_PRODUCTION=1")
    SECRET_KEY = "dev-only-insecure-key-change-me-for-any-deployment-0123456789abcdef"
elif PRODUCTION and len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters long")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"])
if "*" in ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must not contain '*': it would let every WebSocket origin in")
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when MESA_PRODUCTION=1")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "accounts.apps.LoginThrottlingConfig",  # django-axes, named in words in the admin
    "accounts",
    "rooms",
    "lobby",
    "chat",
    "ratings",
    "players",
    "friends",
    "bots",
    "tournaments",
]

MIDDLEWARE = [
    # Pages compressed too (WhiteNoise compresses the static files); Django pads each gzipped
    # response at random against BREACH, since pages carry the CSRF token.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: it turns a locked-out log-in into the log-in page with its message (accounts/lockout.py).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: SQLite in WAL mode with IMMEDIATE transactions by default, so that
# concurrent moves queue on the write lock instead of failing "database is locked".
DATABASE_URL = env_url("DATABASE_URL", ("sqlite", "postgres", "postgresql"))
if DATABASE_URL:
    # Persistent connections (checked before reuse): a new PostgreSQL backend per
    # action cost more CPU than the whole move (an earlier round of docs/benchmarks.md, in its git history).
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60, 0), conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend with a health check that costs no round trip (config/postgresql/).
        DATABASES["default"]["ENGINE"] = "config.postgresql"
    if DATABASES["default"]["ENGINE"] == "config.postgresql" and env_bool("DB_PREPARED_STATEMENTS", True):
        # The statements of every move are prepared on their connection after two runs
        # (rooms/queries.py); Django's other queries bind in the client and never are.
        # Off (0) behind a pooler that cannot keep prepared statements per client.
        DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 2
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "mesa.sqlite3",
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # Connections kept between actions, one per thread (safe with WAL): opening and closing
    # one for every action, in daphne's threads and the in-process worker, held the embedded
    # default to fewer tables (an earlier round of docs/benchmarks.md, in its git history).
    DATABASES["default"].setdefault("CONN_MAX_AGE", env_int("DB_CONN_MAX_AGE", 60, 0))
    # One test database file per test process, so that parallel runs never share one.
    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"mesa-test-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "lobby:lobby"
LOGOUT_REDIRECT_URL = "home"

# django-axes first: it refuses a log-in attempt while its username and address are cooling off.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "OPTIONS": {"user_attributes": ("username", "first_name", "last_name", "email", "pending_email")},
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: Portuguese (Brazil) first, English second.
LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Portuguese (Brazil)")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "America/Sao_Paulo")
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
try:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every start without it
except OSError:
    pass
# Static files compressed (gzip) and named by their content's hash, served by
# WhiteNoise with a year's immutable cache: in production and under `make run`, which runs
# collectstatic first (MESA_STATIC_MANIFEST=1). The tests' servers read the files straight
# from static/ (no collectstatic step), with WhiteNoise's 60-second cache.
STATIC_MANIFEST = PRODUCTION or env_bool("MESA_STATIC_MANIFEST", False)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.storage.MesaStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "mesa@localhost")

# Real time and background work.
REDIS_URL = env_url("REDIS_URL", ("redis", "rediss", "unix"))
EMBEDDED = REDIS_URL is None
# Seconds a Redis command may wait before it fails (publishes, the channel layer's sends).
REDIS_SOCKET_TIMEOUT = env_int("MESA_REDIS_SOCKET_TIMEOUT", 5, 1, 60)
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Pub/sub: one PUBLISH per user per move instead of ~60 sorted-set commands.
            # Delivery is at most once, which the protocol already assumes (every message
            # is a full snapshot; a client that reconnects gets a fresh one). Synchronous
            # code publishes through config.realtime with bounded timeouts.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_connect_timeout": REDIS_SOCKET_TIMEOUT,
                        "socket_keepalive": True,
                        "health_check_interval": 10,
                    }
                ]
            },
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # kombu's Redis transport with one client per channel instead of one per command
    # (config/redis_broker.py). Named explicitly, the transport no longer follows the
    # URL's scheme, so rediss:// asks for TLS here, verified as the channel layer's is.
    CELERY_BROKER_TRANSPORT = "config.redis_broker:Transport"
    if REDIS_URL.startswith("rediss://"):
        CELERY_BROKER_USE_SSL = {"ssl_cert_reqs": ssl.CERT_REQUIRED}
    # Survive a Redis restart (docs/reliability.md): keepalive and health checks
    # notice a dead connection, and the worker and beat retry for ever.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "socket_keepalive": True,
        "health_check_interval": 10,
        "retry_on_timeout": True,
        # No copy of every delivered task kept in Redis until it is acknowledged (eight
        # commands in two transactions per task): such a copy came back only after the
        # visibility timeout, an hour, while the sweep fires a lost task's overdue
        # deadline within SWEEP_SECONDS (docs/reliability.md).
        "ack_emulation": False,
    }
    CELERY_BROKER_CONNECTION_RETRY = True
    CELERY_BROKER_CONNECTION_MAX_RETRIES = None
else:
    # Channels' in-memory layer without its scan of every channel on every message.
    CHANNEL_LAYERS = {"default": {"BACKEND": "config.memory_layer.MemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    # The memory transport polls its queues; once a second by default is too slow for bot turns.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}
# No remote control (`celery inspect`): its pub/sub channel made the worker die
# with "Unrecoverable error" when Redis restarted; the heartbeat task and
# /health/ tell whether a worker is alive.
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False

# Start the in-process worker and beat in the embedded mode (tests may turn it off).
MESA_EMBEDDED_WORKER = env_bool("MESA_EMBEDDED_WORKER", EMBEDDED)
# On SQLite a move runs on the event loop when the writer is free (rooms/live/in_loop.py).
MESA_MOVES_IN_LOOP = env_bool("MESA_MOVES_IN_LOOP", True)

# Celery's Django fix-up would close the database connections around every task; they are
# recycled like a request's instead (config/celery.py), so DB_CONN_MAX_AGE holds in workers.
CELERY_DB_REUSE_MAX = 10**9
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
SWEEP_SECONDS = env_int("MESA_SWEEP_SECONDS", 2, 1, 3600)
# Tournaments (docs/tournaments.md): the pairing tick of every running tournament, the schedule's creator.
TOURNAMENT_TICK_SECONDS = env_int("MESA_TOURNAMENT_TICK_SECONDS", 3, 1, 60)
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {"task": "rooms.tasks.heartbeat", "schedule": 15.0},
    "sweep-deadlines": {"task": "rooms.tasks.sweep", "schedule": float(SWEEP_SECONDS)},
    "tournament-tick": {"task": "tournaments.tasks.tick_all", "schedule": float(TOURNAMENT_TICK_SECONDS)},
    "tournament-schedule": {"task": "tournaments.tasks.create_scheduled", "schedule": 60.0},
}
# A waiting player is seated with whoever is there after this long; a tournament lasts between
# these minutes and starts at most this many days ahead; a player creates so many private ones a day;
# the schedule's tournaments are created this long before they start; a table still playing when
# the clock runs out counts if it ends within the grace, else it is ended with no result for the tournament.
TOURNAMENT_WAIT_SECONDS = env_int("MESA_TOURNAMENT_WAIT_SECONDS", 20, 1, 600)
TOURNAMENT_MIN_MINUTES = 10
TOURNAMENT_MAX_MINUTES = 180
TOURNAMENT_MAX_DAYS_AHEAD = 30
PRIVATE_TOURNAMENTS_PER_DAY = env_int("MESA_PRIVATE_TOURNAMENTS_PER_DAY", 5, 1)
TOURNAMENT_SCHEDULE_AHEAD_MINUTES = 60
TOURNAMENT_END_GRACE_SECONDS = env_int("MESA_TOURNAMENT_END_GRACE_SECONDS", 180, 0, 3600)
# Tables one pass opens under the tournament's lock; the rest in the next pass, at once.
TOURNAMENT_TABLES_PER_PASS = 20

# Room timing (seconds); tests shorten them through the environment.
# A bot's consecutive moves are at least this far apart, as people see them: each card's flight
# (static/js/motion.js, 650 ms) lands and its line under the table is read before the next move.
BOT_DELAY_SECONDS = env_int("MESA_BOT_DELAY_MS", 1200, 0, 60_000) / 1000
ABSENCE_GRACE_SECONDS = env_int("MESA_ABSENCE_SECONDS", 120, 1)
DISCONNECTED_TURN_SECONDS = env_int("MESA_DISCONNECTED_TURN_SECONDS", 30, 1)
EMPTY_ROOM_EXPIRY_SECONDS = env_int("MESA_EMPTY_ROOM_SECONDS", 120, 1)
# A host's pause of a rated room ends by itself after this long (docs/rooms.md).
HOST_PAUSE_CAP_SECONDS = env_int("MESA_HOST_PAUSE_CAP_SECONDS", 600, 1)
# Hints ("Dica") each seat may ask for in one hand of a casual room (docs/rooms.md).
HINTS_PER_HAND = env_int("MESA_HINTS_PER_HAND", 3, 0, 20)
# How long a room "Jogar agora" opened waits for people before bots fill its empty seats.
QUICK_PLAY_WAIT_SECONDS = env_int("MESA_QUICK_PLAY_WAIT_SECONDS", 20, 1, 600)
# "Jogar agora" presses one person may make in a minute, and invitations by name one host
# may send in an hour (lobby/press_limits.py).
PLAY_PRESSES_PER_MINUTE = env_int("MESA_PLAY_PRESSES_PER_MINUTE", 10, 1)
INVITATIONS_PER_HOUR = env_int("MESA_INVITATIONS_PER_HOUR", 20, 1)
# Follows, unfollows, blocks and unblocks one person may make in a minute (friends/limits.py).
RELATION_CHANGES_PER_MINUTE = env_int("MESA_RELATION_CHANGES_PER_MINUTE", 30, 1)
# Sends of the private tournament form one person may make in a minute (tournaments/views.py).
PRIVATE_TOURNAMENT_POSTS_PER_MINUTE = env_int("MESA_PRIVATE_TOURNAMENT_POSTS_PER_MINUTE", 5, 1)
# A socket refreshes its presence every PRESENCE_REFRESH seconds; one silent for
# PRESENCE_STALE seconds belonged to a process that died without closing it.
PRESENCE_REFRESH_SECONDS = env_int("MESA_PRESENCE_REFRESH_SECONDS", 20, 1)
PRESENCE_STALE_SECONDS = env_int("MESA_PRESENCE_STALE_SECONDS", 60, 2)
# The heartbeat (docs/protocol.md "Heartbeat"): a page pings every HEARTBEAT_PING_MS and
# treats its socket as dead when no pong comes within HEARTBEAT_TIMEOUT_MS. The server
# pings a socket silent for SERVER_PING_SECONDS and closes it (4408) when the ping goes
# unanswered for SERVER_PONG_SECONDS more: a dead socket's presence ends within their sum.
HEARTBEAT_PING_MS = env_int("MESA_HEARTBEAT_PING_MS", 3000, 100, 60_000)
HEARTBEAT_TIMEOUT_MS = env_int("MESA_HEARTBEAT_TIMEOUT_MS", 4000, 100, 60_000)
SERVER_PING_SECONDS = env_int("MESA_SERVER_PING_SECONDS", 15, 1, 3600)
SERVER_PONG_SECONDS = env_int("MESA_SERVER_PONG_SECONDS", 10, 1, 3600)

# Sockets (docs/protocol.md): one user's tabs of one room and of all rooms together
# (counted from the presences, across processes), and lobby tabs per process. The
# benchmark's echo socket (/ws/echo/) exists only when MESA_BENCH_ECHO is on.
SOCKETS_PER_ROOM = env_int("MESA_SOCKETS_PER_ROOM", 5, 1)
SOCKETS_PER_USER = env_int("MESA_SOCKETS_PER_USER", 20, 1)
LOBBY_SOCKETS_PER_USER = env_int("MESA_LOBBY_SOCKETS_PER_USER", 5, 1)
# The site socket every other page opens for its notifications (/ws/site/), per process.
SITE_SOCKETS_PER_USER = env_int("MESA_SITE_SOCKETS_PER_USER", 20, 1)
MESA_BENCH_ECHO = env_bool("MESA_BENCH_ECHO", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "refused_host": {"()": "config.log_filters.RefusedHost"},
        "expected_refusal": {"()": "config.log_filters.ExpectedRefusal"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        # Every sweep and task would otherwise log two lines every few seconds.
        "celery": {"level": env_str("CELERY_LOG_LEVEL", "WARNING")},
        # django-axes logs every check at INFO; failures and lockouts are warnings.
        "axes": {"level": "WARNING"},
        # A bad Host header: one line, no traceback (config/log_filters.py).
        "django.security.DisallowedHost": {"filters": ["refused_host"]},
        # An expected 403, 404 or 410: one line (method, path, status, the reason's class); a 500 keeps its traceback.
        "django.request": {"filters": ["expected_refusal"]},
    },
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
# A refused form gets the 403 page in the site's layout and language (config/errors.py).
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # The language cookie too (Django's set_language and accounts.views.remember_language read it).
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000, 0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Error reports (the debug page and mail to admins) never show a seed (config/error_reports.py).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.error_reports.SecretsFilter"

# The cache counts sign-ups and password-reset mails (accounts/limits.py). One process in
# the embedded mode: its own memory. The stack: Redis, shared by every daphne process.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "mesa",
            "OPTIONS": {"socket_timeout": REDIS_SOCKET_TIMEOUT, "socket_connect_timeout": REDIS_SOCKET_TIMEOUT},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Failed log-ins, site and admin alike (django-axes; docs/accounts.md "Log-in throttling").
# Counted per username and address together, so that nobody elsewhere can lock an
# account out, and each failure past the limit doubles the wait (accounts/lockout.py).
# How many proxies of ours stand before daphne: the client's address is then taken from
# X-Forwarded-For (accounts/addresses.py). 0: REMOTE_ADDR, forwarded headers ignored.
MESA_PROXY_COUNT = env_int("MESA_PROXY_COUNT", 0, 0, 10)
RATELIMIT_IP_META_KEY = "accounts.addresses.client_ip"

# Sign-ups per address and hour; password-reset requests per address and hour; mails
# (resets, sign-up confirmations) per e-mail and hour (accounts/limits.py).
MESA_SIGNUPS_PER_HOUR = env_int("MESA_SIGNUPS_PER_HOUR", 5, 1)
MESA_RESETS_PER_HOUR = env_int("MESA_RESETS_PER_HOUR", 10, 1)
MESA_MAILS_PER_EMAIL_PER_HOUR = env_int("MESA_MAILS_PER_EMAIL_PER_HOUR", 3, 1)

AXES_FAILURE_LIMIT = env_int("MESA_LOGIN_FAILURES", 5, 1, 100)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = "accounts.lockout.cool_off"
AXES_USE_ATTEMPT_EXPIRATION = True
AXES_RESET_ON_SUCCESS = True
# Attempts while cooling off are refused without counting: a refused right password
# must not make its owner wait longer.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "accounts.lockout.username_key"
AXES_CLIENT_IP_CALLABLE = "accounts.addresses.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
# Successful log-ins are not logged a second time (Django's sessions already say who is in).
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): every script and style is a file of our own.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
