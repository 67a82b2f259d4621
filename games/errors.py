"""The one exception every engine raises for a move it refuses.

Never imports Django: the engines are a plain library.
"""


class IllegalMove(Exception):
    """A move the rules refuse; ``code`` is stable, ``message`` is for people."""

    def __init__(self, code: str, message: str = ""):
        super().__init__(message or code)
        self.code = code
        self.message = message or code

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"
