"""Players' accounts: a name and a password, a session cookie, a limit on guesses, and the
seats an account holds (the tables a guest played at and then claimed).

- ``rules.py``: what a name and a password may be (pure);
- ``store.py``: the accounts, sessions, failed guesses and claimed seats, in the same
  database as the tables (SQLite or PostgreSQL), so that every server process shares them;
- ``routes.py``: sign up, log in, log out, change password, ``/api/me`` and its tables.

docs/accounts.md says why each part is as it is.
"""
