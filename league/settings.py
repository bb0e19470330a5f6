"""Settings from the environment.

DJANGO_ENV         "production" demands a secret key and hosts and turns on the HTTPS
                   settings; "venue" is the event day on one laptop (``make venue``):
                   production-like on plain HTTP in the hall's LAN (see below);
                   anything else (default "development") uses a fixed dev key.
DJANGO_DEBUG       "1" turns DEBUG on (``make run`` sets it); unset or anything else: off.
DJANGO_SECRET_KEY  required in production; a fixed development key otherwise.
DJANGO_ALLOWED_HOSTS  comma-separated, required in production.
DJANGO_ADMINS      "Name <mail>, Name <mail>": 500s are mailed to them (and always logged).
DJANGO_CACHE_DIR   the file cache's folder (default: one per checkout in the temp folder).
DJANGO_CACHE_URL   e.g. redis://127.0.0.1:6379/1: the cache lives in Redis, shared by every
                   instance of the site (federation.md "More than one machine"); unset, the
                   file cache of one machine (``make run``, ``make venue``).
DATABASE_POOL      "transaction" when the database is reached through a transaction pooler
                   (PgBouncer in transaction mode): no prepared statements, no server-side
                   cursors (nothing that outlives a transaction on its connection).
DATABASE_URL       e.g. postgres://user@host:5432/db; default an SQLite file.
VENUE_SECRET_KEY_FILE  venue: where the secret key is made once and kept (default
                   ~/.config/doko-liste/secret_key, mode 0600).
VENUE_PORT         venue: the port phones use (default 8000), for the CSRF origins.
VENUE_BACKUP_DIR   where the automatic backups go (default ./backups).
OPEN_DATA_DIR      where ``manage.py open_data`` writes the public exports served at /daten/
                   (default VENUE_BACKUP_DIR/open-data).
VENUE_WLAN         the hall's WLAN name, printed on the poster.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from email.utils import getaddresses
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
ENV = os.environ.get("DJANGO_ENV", "development")
PRODUCTION = ENV == "production"
VENUE = ENV == "venue"
# DEBUG shows tracebacks to anybody: only when asked for explicitly, never in production
# or at a venue.
DEBUG = not (PRODUCTION or VENUE) and os.environ.get("DJANGO_DEBUG", "") == "1"


def _required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise ImproperlyConfigured(f"{name} must be set when DJANGO_ENV=production")
    return value


if PRODUCTION:
    SECRET_KEY = _required("DJANGO_SECRET_KEY")
    ALLOWED_HOSTS = [h.strip() for h in _required("DJANGO_ALLOWED_HOSTS").split(",") if h.strip()]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = os.environ.get("DJANGO_SSL_REDIRECT", "1") != "0"
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = [
        o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
    ]
elif VENUE:
    # The event day (``manage.py venue``): one laptop serves the hall's phones over plain
    # HTTP in a LAN without internet. Production-like (DEBUG off, a real secret key, known
    # hosts, hashed static files) except TLS: there is no certificate a phone would trust
    # for a laptop's LAN address, so cookies cannot be "Secure" (the phones would never
    # send them back over HTTP) and neither HTTPS redirect nor HSTS can be on. Exactly
    # these four checks of ``check --deploy`` are silenced, for this mode only:
    #   security.W004 (SECURE_HSTS_SECONDS), security.W008 (SECURE_SSL_REDIRECT),
    #   security.W012 (SESSION_COOKIE_SECURE), security.W016 (CSRF_COOKIE_SECURE).
    from league.venue.network import hall_hosts
    from league.venue.secret import default_secret_path, secret_key_from_file

    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or secret_key_from_file(
        Path(os.environ.get("VENUE_SECRET_KEY_FILE") or default_secret_path())
    )
    # The venue command detects the addresses once and passes them on to gunicorn.
    ALLOWED_HOSTS = [
        h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h.strip()
    ] or hall_hosts()
    _VENUE_PORT = os.environ.get("VENUE_PORT", "8000")
    CSRF_TRUSTED_ORIGINS = [
        o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
    ] or [f"http://{host}:{_VENUE_PORT}" for host in ALLOWED_HOSTS]
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]
else:
    SECRET_KEY = "development-only-key-never-used-in-production-1f6c2b8e9d"
    ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]", "testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "league.core",
    "league.accounts",
    "league.clubs",
    "league.lists",
    "league.tournaments",
    "league.rankings",
    "league.leagues",
    "league.evenings",
    "league.api",
    "league.privacy",
    "league.backup",
    "league.opendata",
    "league.demo",
    "league.venue",
    "league.federation",
    "league.embed",
    "league.start",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "league.core.middleware.PageParams",
    "league.core.middleware.FormCharset",
    "league.venue.middleware.DeviceSightings",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "league.core.middleware.LoginOnRefusal",
    "league.core.middleware.FramedNotAllowed",
    "league.core.private.PrivatePages",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "league.core.middleware.ContentSecurityPolicy",
]

ROOT_URLCONF = "league.urls"
WSGI_APPLICATION = "league.wsgi.application"

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
                "league.core.preferences.preferences",
                "league.core.context_processors.intervals",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent tables on the default install queue instead of failing: readers never
    # wait for the writer (WAL), a write transaction takes the lock when it begins
    # (IMMEDIATE, so it waits for the busy timeout instead of failing on its first write),
    # and waits up to 20 s for it.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        **DATABASES["default"].get("OPTIONS", {}),
    }
# Behind a transaction pooler a connection is shared between transactions of different
# clients: nothing may outlive a transaction on it (league/core/prepared.py prepares nothing;
# Django's server-side cursors, which live across fetches, are off).
DATABASE_POOL = os.environ.get("DATABASE_POOL", "").strip().lower()
if DATABASE_POOL not in ("", "session", "transaction"):
    raise ImproperlyConfigured('DATABASE_POOL must be empty, "session" or "transaction".')
if DATABASE_POOL == "transaction":
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Sessions in the database (Django's default, named for the reader): any instance of the
# site answers any request; nothing of a visitor is kept in a process or on one machine.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("Deutsch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "league" / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

# Request bodies: the site's forms and the API's JSON are small; a CSV import is the largest
# (5,000 lines of names). Bigger bodies are refused with 400 (site) or 413 (API).
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_FINDERS = [
    "league.venue.offline.OfflineRedocFinder",  # first: replaces the sidecar's Redoc bundle
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION or VENUE
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
# Anybody may open an account at /konto/registrieren/ (confirmed by an e-mail link before it
# can log in). DJANGO_REGISTRATION "0" turns it off; the venue install has it off (the
# organiser invites).
REGISTRATION_OPEN = not VENUE and os.environ.get("DJANGO_REGISTRATION", "1") != "0"
CSRF_FAILURE_VIEW = "league.core.error_views.csrf_failure"
LOGIN_REDIRECT_URL = "my-tasks"  # "Meine Aufgaben": what is waiting for him
LOGOUT_REDIRECT_URL = "home"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "league.api.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # api.md: every refusal as {"error": {"code", "field", "message", "game"}}.
    "EXCEPTION_HANDLER": "league.api.errors.exception_handler",
    # Writes per client (league.api.throttling): an account, a table code, an address.
    "DEFAULT_THROTTLE_RATES": {
        "write_user": "120/min",
        "write_code": "60/min",
        "write_anon": "30/min",
        "score": "300/min",
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Doppelkopf-Liste API",
    "DESCRIPTION": "Spiellisten, Spiele und Wertung nach den DDV-Turnierspielregeln.",
    "VERSION": "1.0.0",
    "ENUM_NAME_OVERRIDES": {
        "AnnouncementLevel": "scoring.interchange.LEVEL_CODES",
        "Party": "league.api.serializers.PARTY",
        "ErrorCode": "league.api.errors.ERROR_CODE_CHOICES",
        "PenaltyKind": "scoring.interchange.PENALTY_KINDS",
        "PaperTableStatus": "league.api.serializers.PAPER_STATUS",
        "RoundStatus": "league.api.serializers.ROUND_STATUS",
        "PaperWarningCode": "league.api.serializers.PAPER_WARNING",
    },
    "PATH_CONVERTER_OVERRIDES": {
        "api_id": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1},
        "api_number": {"type": "integer", "minimum": 0, "maximum": 9999},
    },
    "SERVE_INCLUDE_SCHEMA": False,
    # /api/docs/ works offline: Redoc and Swagger UI from drf-spectacular-sidecar (Redoc's
    # bundle without the logo it would fetch from its CDN: league.venue.offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}
# The automatic backups of ``manage.py venue`` (league.venue.backups) and where the
# health page looks for the last one.
VENUE_BACKUP_DIR = Path(os.environ.get("VENUE_BACKUP_DIR") or BASE_DIR / "backups")
# The public open-data exports (``manage.py open_data``, league/opendata/): each in its own
# dated folder here, served at /daten/. Under the backup folder by default, the one folder
# an instance writes (federation.md "More than one machine"); OPEN_DATA_DIR moves it.
OPEN_DATA_DIR = Path(os.environ.get("OPEN_DATA_DIR") or VENUE_BACKUP_DIR / "open-data")
# The address the export's manifest names as its source (as the reminder mails' links).
SITE_URL = os.environ.get("DJANGO_SITE_URL", "")
# The addresses phones use, as the venue command found them (for the poster and the
# health page; empty: the address the page was asked by).
VENUE_HALL_URLS = [u for u in os.environ.get("VENUE_HALL_URLS", "").split(",") if u]
# The hall's WLAN name for the poster ("Zuerst ins WLAN … gehen"), when given.
VENUE_WLAN = os.environ.get("VENUE_WLAN", "")

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap4-responsive.html"

# --- E-mail and accounts (password reset mails, login lockout) -------------------------------
# Development prints mails on the console; production sends them by SMTP:
#   DJANGO_EMAIL_HOST (default localhost), DJANGO_EMAIL_PORT (default 587 with TLS, else 25),
#   DJANGO_EMAIL_HOST_USER, DJANGO_EMAIL_HOST_PASSWORD, DJANGO_EMAIL_USE_TLS ("1" = STARTTLS),
#   DJANGO_DEFAULT_FROM_EMAIL. DJANGO_EMAIL_HOST also switches development to SMTP;
#   DJANGO_EMAIL_BACKEND (a dotted path) overrides either.
# DJANGO_PROXY_COUNT: how many reverse proxies in front append to X-Forwarded-For; the login
# lockout and the table-code throttle then count the client's address, not the proxy's.
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if PRODUCTION or os.environ.get("DJANGO_EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_USE_TLS = os.environ.get("DJANGO_EMAIL_USE_TLS", "0").lower() in ("1", "true", "yes")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT") or (587 if EMAIL_USE_TLS else 25))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_TIMEOUT = 10  # seconds: a hanging mail server must not hang the page
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
THROTTLE_PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0"))

# --- Errors, logs, cache, Content-Security-Policy -------------------------------------------
ADMINS = [
    (name or mail, mail)
    for name, mail in getaddresses([os.environ.get("DJANGO_ADMINS", "")])
    if "@" in mail
]
MANAGERS = ADMINS
# Every 500 leaves its traceback on stderr (gunicorn's log, the journal) and goes by mail to
# ADMINS when any are set; other warnings from Django and the site go to stderr too.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} {process:d}: {message}", "style": "{"},
    },
    "filters": {
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        # A 403 or 404 is one line, without a traceback (league/core/logfilters.py).
        "refusal_without_traceback": {"()": "league.core.logfilters.RefusalWithoutTraceback"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.request": {
            "handlers": ["stderr", *(["mail_admins"] if ADMINS else [])],
            "filters": ["refusal_without_traceback"],
            "level": "WARNING",
            "propagate": False,
        },
        "django.server": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "league": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}

# One cache for all processes (gunicorn's workers): the login lockout, the table-code
# throttle, the API's write throttles, the live versions and the computed pages live here.
# On one machine, files (no other service); on the federation's site, Redis shared by every
# instance (DJANGO_CACHE_URL), so a lockout or a throttle holds whichever instance answers.
# DJANGO_CACHE_DIR moves the file cache; by default one folder per checkout in the temp folder.
_CHECKOUT = hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:12]
CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "").strip()
if CACHE_URL:
    if not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured("DJANGO_CACHE_URL must be a redis://, rediss:// or unix:// URL.")
    CACHES = {
        "default": {
            "BACKEND": "league.core.redis_cache.SharedRedisCache",
            "LOCATION": CACHE_URL,
            "TIMEOUT": 60 * 60,
            "KEY_PREFIX": os.environ.get("DJANGO_CACHE_PREFIX", "doko"),
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("DJANGO_CACHE_DIR")
            or os.path.join(tempfile.gettempdir(), f"doko-liste-cache-{_CHECKOUT}"),
            "TIMEOUT": 60 * 60,
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }

# A live page asks again every LIVE_POLL_SECONDS (static/js/live.js); a list's outbox sends an
# unsent save again every OUTBOX_RETRY_SECONDS (static/js/outbox.js). The browser tests
# shorten both (tests/browser/conftest.py ``quick_polls``).
LIVE_POLL_SECONDS = 3.0
OUTBOX_RETRY_SECONDS = 5.0

# Public pages with a version are rendered once per version for every stranger and kept in
# the cache above (league/core/shared_pages.py); DJANGO_SHARED_PAGES=0 renders each visit.
SHARED_PAGES = os.environ.get("DJANGO_SHARED_PAGES", "1") != "0"

# Content-Security-Policy (django-csp 4): scripts only from this site (HTMX and entry.js are
# served from static/, the API docs' Redoc from drf-spectacular-sidecar), no inline script and
# no eval; styles only from static/ too (HTMX's indicator styles are in site.css; the API
# docs page alone allows inline styles, which Redoc writes at run time — league/urls.py).
# Redoc's search runs in a worker from a blob.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
