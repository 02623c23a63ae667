"""What a player's name and password may be, and the key that makes names unique whatever
their case (``Ann``, ``ANN`` and ``ann`` are one name).

>>> check_name("  Zoë_K ")
'Zoë_K'
>>> name_key("Zoë_K") == name_key("ZOË_k")
True
>>> check_name("a")
Traceback (most recent call last):
...
contractbridge.server.accounts.rules.AccountRuleError: a name is 3 to 24 characters
"""

from __future__ import annotations

import unicodedata

from contractbridge.core.errors import BridgeError

NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 200
_PUNCTUATION = "._-"


class AccountRuleError(BridgeError):
    """A name or password that breaks a rule; the message says which."""


def check_name(name: str) -> str:
    """The name as it is kept (NFC, without surrounding spaces); AccountRuleError if it is
    too short or too long or has other characters than letters, digits and ``. - _``.
    Letters of every alphabet are welcome (Łukasz, Zoë, Ágnes)."""
    name = unicodedata.normalize("NFC", name.strip())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountRuleError("a name is 3 to 24 characters")
    if not name[0].isalnum() or not all(c.isalnum() or c in _PUNCTUATION for c in name):
        raise AccountRuleError(
            "a name is made of letters, digits and . - _, and begins with a letter or a digit"
        )
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC case-folded (so ``ﬁ`` is ``fi`` and ``ß`` is
    ``ss``)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFC", name.strip()).casefold())


def check_password(password: str) -> str:
    """The password, if it is long enough (and not absurdly long); AccountRuleError if not.
    Any character counts, spaces included: a passphrase is a good password."""
    if len(password) < PASSWORD_MIN:
        raise AccountRuleError("a password is at least 8 characters")
    if len(password) > PASSWORD_MAX:
        raise AccountRuleError("a password is at most 200 characters")
    return password
