"""The secrets in links: comparing a token a client sends, and who created a table.

>>> same_token("abc", "abc"), same_token("abc", "é"), same_token(None, "abc")
(True, False, False)
"""

from __future__ import annotations

import hashlib
import secrets


def same_token(stored: object, given: object) -> bool:
    """Whether ``given`` is the token ``stored``, in constant time, for any text at all
    (``secrets.compare_digest`` refuses non-ASCII text, so the UTF-8 bytes are compared)."""
    if not isinstance(stored, str) or not stored or not isinstance(given, str):
        return False
    return secrets.compare_digest(stored.encode(), given.encode("utf-8", "surrogatepass"))


def owner_key(client: str) -> str:
    """A short, stable key for the client that created a table: the robots' work is shared
    out fairly by it (the address itself is not stored)."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]
