"""Test-wide settings."""

from __future__ import annotations

import os

from hypothesis import settings

# Wall-clock deadlines make property tests flaky on a busy machine; speed is measured by
# benchmarks instead. CI runs derandomized so a red build reproduces exactly.
settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
