"""Follow and block, one-way (friends/relations.py): the rules, each refusal storing nothing, and a block's effects.

A block hides the blocked person's chat lines from the blocker (the room's
history here; the live event in test_friends_chat.py), refuses an invitation by
name between the two, keeps them out of each other's friends, and erasure deletes
every follow and block of the erased person (players/erasure.py); the data export lists
whom the person follows and blocked (players/export.py).
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from chat import service as chat
from friends import relations
from friends.models import Block, Follow
from lobby import invitations
from lobby.models import Invitation
from players import erasure, export
from rooms import services
from rooms.errors import RoomError
from rooms.models import Seat
from rooms.words.messages import MESSAGES

pytestmark = pytest.mark.django_db


def refused(act, user, other_id) -> str:
    with pytest.raises(relations.RelationError) as caught:
        act(user, other_id)
    return caught.value.code


def nothing_stored() -> bool:
    return not Follow.objects.exists() and not Block.objects.exists()


def test_a_follow_is_one_way_and_two_make_friends(alice, bob, charlie):
    relations.follow(alice, bob.id)
    relations.follow(alice, bob.id)  # twice changes nothing
    assert Follow.objects.count() == 1
    assert relations.follows(alice.id, bob.id) and not relations.follows(bob.id, alice.id)
    assert not relations.is_friend(alice, bob) and list(relations.friends_of(alice)) == []
    assert list(relations.followed_by(alice)) == [bob]
    relations.follow(bob, alice.id)
    assert relations.is_friend(alice, bob) and relations.is_friend(bob.id, alice.id)
    assert list(relations.friends_of(alice)) == [bob] and list(relations.friends_of(bob)) == [alice]
    relations.follow(charlie, alice.id)  # a follower alice does not follow back is no friend
    assert list(relations.friends_of(alice)) == [bob]


def test_unfollow_ends_the_friendship(alice, bob):
    relations.follow(alice, bob.id)
    relations.follow(bob, alice.id)
    relations.unfollow(alice, bob.id)
    relations.unfollow(alice, bob.id)  # nothing to remove: nothing happens
    assert not relations.is_friend(alice, bob) and list(relations.friends_of(bob)) == []
    assert relations.follows(bob.id, alice.id)


def test_every_bad_follow_or_block_is_refused_and_stores_nothing(alice, bob, make_user):
    gone = make_user("gone")
    erasure.erase(gone)
    closed = make_user("closed")
    closed.is_active = False
    closed.save()
    for act in (relations.follow, relations.block):
        assert refused(act, alice, alice.id) == "self"
        assert refused(act, alice, gone.id) == "no_such_player"
        assert refused(act, alice, closed.id) == "no_such_player"
        assert refused(act, alice, 10**9) == "no_such_player"
        for bad in (None, "2", True, 0, -1, 2.0):
            assert refused(act, alice, bad) == "no_such_player"
    for act in (relations.unfollow, relations.unblock):
        assert refused(act, alice, alice.id) == "self"
        assert refused(act, alice, 10**9) == "no_such_player"
        assert refused(act, alice, gone.id) == "no_such_player"
        assert refused(act, alice, "2") == "no_such_player"
        act(alice, bob.id)  # an open account: nothing to remove, nothing happens
    assert nothing_stored()


def test_the_database_refuses_a_relation_with_oneself_and_a_second_copy(alice, bob):
    for model, fields in ((Follow, ("follower", "followed")), (Block, ("blocker", "blocked"))):
        with pytest.raises(IntegrityError), transaction.atomic():
            model.objects.create(**dict.fromkeys(fields, alice))
        model.objects.create(**dict(zip(fields, (alice, bob), strict=True)))
        with pytest.raises(IntegrityError), transaction.atomic():
            model.objects.create(**dict(zip(fields, (alice, bob), strict=True)))


def test_a_block_removes_both_follows_and_refuses_a_follow_either_way(alice, bob):
    relations.follow(alice, bob.id)
    relations.follow(bob, alice.id)
    relations.block(alice, bob.id)
    relations.block(alice, bob.id)  # twice changes nothing
    assert not Follow.objects.exists() and Block.objects.count() == 1
    assert relations.blocked_either_way(alice, bob) and relations.blocked_either_way(bob.id, alice.id)
    assert refused(relations.follow, bob, alice.id) == "blocks_you"
    assert refused(relations.follow, alice, bob.id) == "you_block"
    assert not Follow.objects.exists()
    assert list(relations.blocked_by(alice)) == [bob] and list(relations.blocked_by(bob)) == []


def test_a_friend_blocked_leaves_both_lists_and_an_unblock_brings_no_follow_back(alice, bob, charlie):
    for a, b in ((alice, bob), (bob, alice), (alice, charlie), (charlie, alice)):
        relations.follow(a, b.id)
    relations.block(bob, alice.id)
    assert list(relations.friends_of(alice)) == [charlie] and list(relations.friends_of(bob)) == []
    # A follow row written past the services (say, by the admin) still makes no friend of a blocked person.
    Follow.objects.create(follower=alice, followed=bob)
    Follow.objects.create(follower=bob, followed=alice)
    assert bob not in relations.friends_of(alice)
    Follow.objects.filter(follower__in=[alice, bob], followed__in=[alice, bob]).delete()
    relations.unblock(bob, alice.id)
    assert not relations.blocked_either_way(alice, bob)
    assert not relations.follows(alice.id, bob.id) and not relations.follows(bob.id, alice.id)
    relations.follow(alice, bob.id)  # allowed again
    assert relations.follows(alice.id, bob.id)


def test_the_blockers_history_leaves_out_the_blocked_persons_lines_and_others_still_read_them(alice, bob, charlie):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    mine = chat.say(alice, room.code, "oi")
    theirs = chat.say(bob, room.code, "feio")
    relations.block(alice, bob.id)
    assert [m["id"] for m in chat.history(room.id, alice.id)] == [mine.id]
    assert [m["id"] for m in chat.history(room.id, charlie.id)] == [mine.id, theirs.id]
    assert [m["id"] for m in chat.history(room.id, bob.id)] == [mine.id, theirs.id]  # one-way
    assert chat.snapshot_fields(room.id, alice.id)["chat"] == chat.history(room.id, alice.id)
    relations.unblock(alice, bob.id)
    assert [m["id"] for m in chat.history(room.id, alice.id)] == [mine.id, theirs.id]


@pytest.mark.parametrize("who_blocks", ["invitee", "host"])
def test_no_invitation_by_name_goes_between_two_people_one_of_whom_blocked_the_other(alice, bob, who_blocks):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    if who_blocks == "invitee":
        relations.block(bob, alice.id)
    else:
        relations.block(alice, bob.id)
    with pytest.raises(RoomError) as caught:
        invitations.invite(alice, room.code, "BOB")
    assert caught.value.code == "invitee_blocked" and "invitee_blocked" in MESSAGES
    assert not Invitation.objects.exists()
    relations.unblock(bob if who_blocks == "invitee" else alice, (alice if who_blocks == "invitee" else bob).id)
    invitations.invite(alice, room.code, "bob")
    assert Invitation.objects.filter(invitee=bob).count() == 1


def test_the_data_export_lists_whom_the_person_follows_and_blocked_and_not_who_blocked_them(alice, bob, charlie):
    relations.follow(alice, bob.id)
    relations.block(alice, charlie.id)
    relations.follow(bob, alice.id)
    relations.block(charlie, bob.id)
    data = export.document(alice)
    assert [(f["user_id"], f["name"]) for f in data["following"]] == [(bob.id, "bob")]
    assert [(b["user_id"], b["name"]) for b in data["blocked"]] == [(charlie.id, "charlie")]
    assert export.document(bob)["blocked"] == [] and export.document(charlie)["following"] == []


def test_an_invitation_sent_before_a_block_is_no_longer_listed_nor_accepted(alice, bob):
    room = services.create_room(alice, "rouba_monte", "Mesa")
    invitations.invite(alice, room.code, "bob")
    sent = Invitation.objects.get(invitee=bob)
    assert [i["id"] for i in invitations.pending_for(bob.id)] == [sent.id]
    relations.block(bob, alice.id)
    assert invitations.pending_for(bob.id) == []
    with pytest.raises(RoomError) as caught:
        invitations.accept(bob, sent.id)
    assert caught.value.code == "invitee_blocked"
    assert not Seat.objects.filter(room=room, user=bob).exists()
    invitations.decline(bob, sent.id)  # still answered as a decline
    relations.unblock(bob, alice.id)
    assert invitations.pending_for(bob.id) == []


def test_erasure_deletes_every_follow_and_block_of_the_person_both_ways(alice, bob, charlie):
    relations.follow(alice, bob.id)
    relations.follow(bob, alice.id)
    relations.block(alice, charlie.id)
    relations.follow(bob, charlie.id)
    relations.block(charlie, bob.id)  # a block of two others stays
    erasure.erase(alice)
    assert list(Block.objects.values_list("blocker", "blocked")) == [(charlie.id, bob.id)]
    assert not Follow.objects.exists()
    assert get_user_model().objects.get(pk=alice.pk).pseudonym
    assert refused(relations.follow, bob, alice.id) == "no_such_player"
