"""``python -m cardkit``: see :mod:`cardkit.cli`."""

import sys

from .cli import main

sys.exit(main())
