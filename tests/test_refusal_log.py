"""Expected refusals (403, 404, 410) are logged in one line each, without a traceback; a 500 keeps its own.

config/log_filters.py's ExpectedRefusal on the ``django.request`` logger (config/settings.py LOGGING).
The views below raise what the site's views raise; this module is their URLconf.
"""

import logging

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client
from django.urls import path

from config import errors
from config import urls as site_urls
from rooms import services
from rooms.models import Room


def forbidden(request):
    raise PermissionDenied("not yours: seat 3")


def missing(request, name=""):
    raise Http404("no such match 12345")


def closed(request):
    return errors.room_closed(request)


def broken(request):
    raise RuntimeError("the database went away")


urlpatterns = [
    path("forbidden/", forbidden),
    path("missing/<path:name>", missing),
    path("closed/", closed),
    path("broken/", broken),
    *site_urls.urlpatterns,  # the error pages' layout links to the site's pages
]
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

here = pytest.mark.urls(__name__)


def request_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "django.request"]


def get(url: str, caplog, status: int, method: str = "get") -> logging.LogRecord:
    caplog.clear()
    with caplog.at_level(logging.INFO):
        response = getattr(Client(raise_request_exception=False), method)(url)
    assert response.status_code == status
    (record,) = request_records(caplog)
    return record


@here
@pytest.mark.django_db
def test_a_403_is_one_line_naming_its_reason(caplog):
    record = get("/forbidden/", caplog, 403)
    assert record.getMessage() == "refused GET /forbidden/ 403 PermissionDenied"
    assert record.levelname == "WARNING"
    assert record.exc_info is None and record.exc_text is None
    assert "Traceback" not in caplog.text and "seat 3" not in caplog.text


@here
@pytest.mark.django_db
def test_a_404_is_one_line_naming_its_reason(caplog):
    record = get("/missing/a/b", caplog, 404, method="post")
    assert record.getMessage() == "refused POST /missing/a/b 404 Http404"
    assert record.exc_info is None
    assert "Traceback" not in caplog.text and "12345" not in caplog.text


@here
@pytest.mark.django_db
def test_what_the_client_sent_never_breaks_the_line(caplog):
    # No address takes a line break: the resolver's own 404.
    record = get("/missing/x%0Afake%20line", caplog, 404)
    assert record.getMessage() == "refused GET /missing/x\\nfake line 404 Resolver404"
    assert "\n" not in record.getMessage()
    long = get("/missing/" + "a" * 1000, caplog, 404).getMessage()
    assert len(long) < 400 and "…" in long


@here
@pytest.mark.django_db
def test_the_closed_room_page_is_one_line_naming_the_closed_room(caplog):
    record = get("/closed/", caplog, 410)
    assert record.getMessage() == "refused GET /closed/ 410 RoomClosed"
    assert record.exc_info is None


@here
@pytest.mark.django_db
def test_a_500_keeps_its_traceback(caplog):
    record = get("/broken/", caplog, 500)
    assert record.levelname == "ERROR"
    assert record.getMessage() == "Internal Server Error: /broken/"
    assert record.exc_info and isinstance(record.exc_info[1], RuntimeError)
    assert "Traceback" in caplog.text and "the database went away" in caplog.text


@pytest.mark.django_db
def test_the_sites_own_refusals_read_the_same(caplog, alice):
    """The real pages: an unknown room (404) and a closed one (410), as a logged-in player opens them."""
    room = services.create_room(alice, "rouba_monte", "Old table")
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    with caplog.at_level(logging.INFO):
        assert client.get("/rooms/NOSUCHROOM/").status_code == 404
        assert client.get(f"/rooms/{room.code}/").status_code == 410
    assert [r.getMessage() for r in request_records(caplog)] == [
        "refused GET /rooms/NOSUCHROOM/ 404 Http404",
        f"refused GET /rooms/{room.code}/ 410 RoomClosed",
    ]
    assert all(r.exc_info is None for r in request_records(caplog))
