"""Staff read ratings and rating changes in the admin, and can change none of them."""

import pytest

from ratings.models import RatingChange
from rooms.records.participants import record_match_end
from tests.hostile import MARKUP
from tests.ratings.conftest import ended_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, make_user):
    staff = make_user("staff")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    return client


def test_staff_read_the_changes_of_a_match_and_cannot_edit_them(staff_client, people):
    a, b = people[:2]
    a.display_name = MARKUP
    a.save()
    record_match_end(ended_match("rouba_monte", {0: a, 1: b}, ["1"]), teams=False)
    change = RatingChange.objects.get(user=b)
    for url in (
        "/admin/ratings/ratingchange/",
        "/admin/ratings/rating/",
        f"/admin/ratings/ratingchange/{change.pk}/change/",
    ):
        page = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert MARKUP not in page
    listing = staff_client.get("/admin/ratings/ratingchange/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"+{change.delta}" in listing and change.delta > 0
    assert staff_client.get("/admin/ratings/ratingchange/add/").status_code == 403
    detail = staff_client.post(f"/admin/ratings/ratingchange/{change.pk}/change/", {"shown_after": "9999"})
    assert detail.status_code == 403
    change.refresh_from_db()
    assert change.shown_after != 9999
