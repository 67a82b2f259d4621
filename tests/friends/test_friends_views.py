"""The follow and block hooks over HTTP, the friends page and the player page's buttons.

``POST /players/<id>/follow/`` (``unfollow``, ``block``, ``unblock``): signed in,
with the CSRF token; back to a safe ``next`` or the player's page with a
message; a refusal answers 4xx with its message and stores nothing.
"""

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from friends import relations
from friends.models import Block, Follow
from players import erasure
from rooms import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    """A client reading English (the site's first language is pt-BR; one test reads that)."""
    return english(Client())


def english(client: Client) -> Client:
    client.cookies["django_language"] = "en"
    return client


def post(client, user_id, change, **data):
    return client.post(f"/players/{user_id}/{change}/", data)


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_follow_goes_back_to_the_player_page_with_a_message_and_friends_are_listed(client, alice, bob, charlie):
    client.force_login(alice)
    answer = post(client, bob.id, "follow")
    assert answer.status_code == 302 and answer["Location"] == f"/players/{bob.id}/"
    assert said(answer) == ["You follow this player now."]
    assert relations.follows(alice.id, bob.id)
    page = client.get("/friends/").content.decode()
    assert f'data-following="{bob.id}"' in page and "data-friend=" not in page
    relations.follow(bob, alice.id)
    relations.follow(charlie, alice.id)  # follows alice, not followed back: no friend
    page = client.get("/friends/").content.decode()
    assert f'data-friend="{bob.id}"' in page and f'data-friend="{charlie.id}"' not in page


def test_a_safe_next_is_followed_and_another_site_is_not(client, alice, bob):
    client.force_login(alice)
    assert post(client, bob.id, "follow", next="/friends/")["Location"] == "/friends/"
    assert post(client, bob.id, "unfollow", next="https://evil.example/")["Location"] == f"/players/{bob.id}/"
    assert not relations.follows(alice.id, bob.id)


def test_block_and_unblock_and_what_the_friends_page_shows(client, alice, bob):
    relations.follow(alice, bob.id)
    relations.follow(bob, alice.id)
    client.force_login(alice)
    answer = post(client, bob.id, "block", next="/friends/")
    assert answer.status_code == 302 and said(answer)[0].startswith("You blocked this player")
    assert not Follow.objects.exists() and Block.objects.filter(blocker=alice, blocked=bob).exists()
    page = client.get("/friends/").content.decode()
    assert f'data-blocked="{bob.id}"' in page and "data-friend=" not in page
    assert f'action="/players/{bob.id}/unblock/"' in page
    # The blocked person can neither follow nor see alice among their friends.
    other = english(Client())
    other.force_login(bob)
    refused = post(other, alice.id, "follow")
    assert refused.status_code == 403 and "does not accept follows from you" in refused.content.decode()
    assert not Follow.objects.exists()
    assert "data-friend=" not in other.get("/friends/").content.decode()
    assert post(client, bob.id, "unblock").status_code == 302
    assert not Block.objects.exists()


def test_every_refusal_answers_4xx_with_its_message_and_stores_nothing(client, alice, bob, make_user):
    gone = make_user("gone")
    erasure.erase(gone)
    client.force_login(alice)
    relations.block(alice, bob.id)
    Block.objects.all().delete()
    cases = [
        (alice.id, "follow", 400, "You cannot do that to yourself."),
        (alice.id, "block", 400, "You cannot do that to yourself."),
        (gone.id, "follow", 404, "This player does not exist."),
        (gone.id, "block", 404, "This player does not exist."),
        (10**9, "follow", 404, "This player does not exist."),
        (10**9, "unfollow", 404, "This player does not exist."),
        (gone.id, "unblock", 404, "This player does not exist."),
        (alice.id, "unblock", 400, "You cannot do that to yourself."),
    ]
    for user_id, change, status, text in cases:
        answer = post(client, user_id, change)
        assert answer.status_code == status, (user_id, change)
        assert text in answer.content.decode()
    assert not Follow.objects.exists() and not Block.objects.exists()
    relations.block(alice, bob.id)
    answer = post(client, bob.id, "follow")
    assert answer.status_code == 409 and "unblock them first" in answer.content.decode()
    assert not Follow.objects.exists()
    for path in (f"/players/{2**63}/follow/", "/players/0/block/", "/players/x/follow/"):
        assert client.post(path).status_code == 404


def test_the_changes_are_limited_per_minute_with_a_message(client, alice, bob, charlie, settings):
    settings.RELATION_CHANGES_PER_MINUTE = 2
    client.force_login(alice)
    assert post(client, bob.id, "follow").status_code == 302
    assert post(client, charlie.id, "block").status_code == 302
    answer = post(client, charlie.id, "unblock")
    assert answer.status_code == 429 and "too many follows and blocks" in answer.content.decode()
    answer = post(client, bob.id, "block")
    assert answer.status_code == 429
    assert Block.objects.filter(blocker=alice, blocked=charlie).exists() and relations.follows(alice.id, bob.id)
    other = english(Client())
    other.force_login(bob)  # the limit is per person
    assert post(other, alice.id, "follow").status_code == 302


def test_a_change_needs_the_csrf_token_and_a_post(alice, bob):
    client = english(Client(enforce_csrf_checks=True))
    client.force_login(alice)
    for change in ("follow", "unfollow", "block", "unblock"):
        assert post(client, bob.id, change).status_code == 403
        assert client.get(f"/players/{bob.id}/{change}/").status_code == 405
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_signed_out_visitors_are_sent_to_log_in(client, bob):
    for change in ("follow", "unfollow", "block", "unblock"):
        answer = post(client, bob.id, change)
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    answer = client.get("/friends/")
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/?next=/friends/")
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_the_player_page_has_the_buttons_of_the_readers_relation_and_none_on_ones_own(client, alice, bob):
    client.force_login(alice)
    page = client.get(f"/players/{bob.id}/").content.decode()
    assert 'data-relation-action="follow"' in page and 'data-relation-action="block"' in page
    assert 'data-relation-action="unfollow"' not in page and "data-is-friend" not in page
    relations.follow(alice, bob.id)
    relations.follow(bob, alice.id)
    page = client.get(f"/players/{bob.id}/").content.decode()
    assert 'data-relation-action="unfollow"' in page and "data-is-friend" in page
    relations.block(alice, bob.id)
    page = client.get(f"/players/{bob.id}/").content.decode()
    assert 'data-relation-action="unblock"' in page
    assert 'data-relation-action="follow"' not in page and 'data-relation-action="unfollow"' not in page
    own = client.get(f"/players/{alice.id}/").content.decode()
    assert "data-relation-action" not in own and "data-friends-link" in own


def test_the_invitation_form_answers_a_block_with_its_message(client, alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    relations.block(bob, alice.id)
    client.force_login(alice)
    answer = client.post(f"/rooms/{room.code}/invite/", {"username": "bob"}, headers={"accept": "application/json"})
    assert answer.status_code == 403
    assert answer.json()["code"] == "invitee_blocked" and "blocked" in answer.json()["message"]


def test_the_messages_read_in_portuguese_first(alice, bob):
    client = Client()
    client.force_login(alice)
    assert said(post(client, bob.id, "follow")) == ["Agora você segue este jogador."]
    page = client.get("/friends/").content.decode()
    assert "Seus amigos" in page and "Deixar de seguir" in page
    assert "Este jogador não existe." in post(client, 10**9, "block").content.decode()
