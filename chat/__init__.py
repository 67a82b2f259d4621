"""Table talk: the chat of a room, its quick phrases, and its moderation (docs/protocol.md, docs/operations.md)."""
