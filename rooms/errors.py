"""The error every room action raises for a request it refuses.

``code`` is stable (clients and tests match on it); ``message`` says why.
"""


class RoomError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}
