"""The ``contractbridge`` command.

Each subcommand lives in its own module of this package and defines
``register(subparsers)``, which adds its parser and sets ``func`` (a callable taking the
parsed arguments and returning an exit code). Modules are found automatically, so adding a
command means adding a module named after it. When the command line names a command, only
its module is imported, so ``contractbridge vp`` never loads DDS or the web server. Bad
input (any :class:`BridgeError`, or a file that cannot be read) is printed as a message and
exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from contractbridge.core.errors import BridgeError


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or with just the command ``only`` when it exists."""
    parser = argparse.ArgumentParser(
        prog="contractbridge",
        description="Contract bridge: play, score, convert, analyse.",
    )
    from contractbridge import __version__

    parser.add_argument("--version", action="version", version=f"contractbridge {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    wanted = only.replace("-", "_") if only else None  # "table-manager" lives in table_manager
    if wanted in names:
        names = [wanted]
    for name in names:
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=words[0] if words else None)
    args = parser.parse_args(words)
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
