"""Where the outside reference corpus is, and what a test does when it is not there.

The corpus (real public data: DDS reference results, tournament PBN and LIN files, the 906
SAYC cases, movements) lives beside the project in development and CI, as
``../shared/corpus`` from the project's root, or wherever ``CB_CORPUS`` says. It is not on
a user's machine: there the tests that read it skip and say why (``conftest.py``), and under
``CI=true`` they fail instead, since CI provides it.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("CB_CORPUS") or ROOT.parent / "shared" / "corpus")
IN_CI = os.environ.get("CI", "").lower() == "true"
MISSING = (
    f"the reference corpus is not at {CORPUS} (../shared/corpus beside the project, or "
    "CB_CORPUS): this test reads its real files; CI provides them"
)


def corpus_missing() -> bool:
    return not (CORPUS / "README.md").is_file()


def inside_corpus(path: object) -> bool:
    try:
        return Path(str(path)).resolve().is_relative_to(CORPUS.resolve())
    except (OSError, ValueError):
        return False
