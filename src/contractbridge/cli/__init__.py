"""The ``contractbridge`` command.

Each subcommand lives in its own module of this package and defines
``register(subparsers)``, which adds its parser and sets ``func`` (a callable taking the
parsed arguments and returning an exit code). Modules are found automatically, so adding a
command means adding a module. Bad input (any :class:`BridgeError`, or a file that cannot be
read) is printed as a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from contractbridge.core.errors import BridgeError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="contractbridge",
        description="Contract bridge: play, score, convert, analyse.",
    )
    from contractbridge import __version__

    parser.add_argument("--version", action="version", version=f"contractbridge {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except BridgeError as error:
        print(f"contractbridge: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"contractbridge: {error.strerror or error}: {error.filename or ''}".rstrip(": "),
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
