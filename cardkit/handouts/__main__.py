"""``python -m cardkit.handouts [OUT_DIR]``: print the handouts to PDF (see :mod:`cardkit.handouts`)."""

import sys

from . import main

sys.exit(main())
