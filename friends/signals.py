"""What the friends app tells the apps above it, which it does not import (docs/architecture.md).

The lobby answers both (lobby/friend_hooks.py): the two people's lists of friends
online, in their pages' headers, are brought up to date.
"""

from django.dispatch import Signal

# Who follows or blocks whom changed between two people: ``a_id``, ``b_id``. Sent inside the change's
# transaction; a receiver that tells anyone does it after commit.
relation_changed = Signal()

# A person hid their presence from everyone, or showed it again: ``user_id`` (the profile's setting).
visibility_changed = Signal()
