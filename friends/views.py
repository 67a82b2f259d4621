"""Follow, unfollow, block and unblock from a player's page, and one's own list of friends. Thin.

Each change is a form post (CSRF, signed in) to ``/players/<id>/<change>/``;
it answers with a redirect back to a safe ``next`` (else the player's page) and
a message, or, refused, with a 4xx and the message on the friends page.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from friends import extensions, limits, relations

STATUS = {"self": 400, "no_such_player": 404, "you_block": 409, "blocks_you": 403}

DONE = {
    "follow": lambda: _("You follow this player now."),
    "unfollow": lambda: _("You no longer follow this player."),
    "block": lambda: _(
        "You blocked this player: they cannot follow you or invite you, and you no longer see their chat."
    ),
    "unblock": lambda: _("You unblocked this player."),
}


def _back(request, user_id: int):
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect("player", user_id=user_id)


def _refused(request, text: str, status: int):
    return render(request, "friends/refused.html", {"text": text}, status=status)


def _change(name: str):
    act = getattr(relations, name)

    @login_required
    @require_POST
    def view(request, user_id: int):
        if limits.change_refused(request):
            return _refused(request, _("You changed too many follows and blocks this minute; wait a little."), 429)
        try:
            act(request.user, user_id)
        except relations.RelationError as exc:
            return _refused(request, exc.message, STATUS[exc.code])
        messages.success(request, DONE[name]())
        return _back(request, user_id)

    view.__name__ = name
    return view


follow = _change("follow")
unfollow = _change("unfollow")
block = _change("block")
unblock = _change("unblock")


@login_required
@require_GET
def friends(request):
    """Your friends (each follows you back), those online marked, whom you follow and whom you blocked."""
    friends = list(relations.friends_of(request.user))
    context = {
        "friends": friends,
        "online": extensions.online_among(request.user.pk, [person.pk for person in friends]),
        "following": list(relations.followed_by(request.user)),
        "blocked": list(relations.blocked_by(request.user)),
        "here": reverse("friends"),
    }
    return render(request, "friends/friends.html", context)
