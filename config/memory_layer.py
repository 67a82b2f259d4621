"""The embedded default's channel layer: Channels' in-memory layer, without a full scan on every message.

``InMemoryChannelLayer`` walks every channel's queue and every group's members
looking for expired ones on each ``receive`` and ``group_send`` (6% of the
embedded server's CPU under busy tables, issue "the cost of a move"). Messages
expire after a minute and group memberships after a day, so sweeping at most
once a second changes nothing anyone can see. A group send also made one task
per member and waited for them all; putting a message on a queue never waits,
so the members are served in turn, in order, on the caller's own step.
"""

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class MemoryChannelLayer(InMemoryChannelLayer):
    clock = staticmethod(time.monotonic)  # tests move it

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._next_clean = 0.0

    def _clean_expired(self):
        now = self.clock()
        if now < self._next_clean:
            return
        self._next_clean = now + CLEAN_EVERY_SECONDS
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)  # a copy of the message on the member's queue, never waits
            except ChannelFull:
                pass  # as Channels' own: a full member misses this message
