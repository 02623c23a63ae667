import sys

from contractbridge.cli import main

sys.exit(main())
