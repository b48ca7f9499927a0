"""Shared fixtures: the repository's root and the built `felt` binary to compare against."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def felt_path() -> Path:
    """The `felt` binary: $FELT_BIN, else target/release/felt, else target/debug/felt (built
    with `cargo build` when neither exists)."""
    given = os.environ.get("FELT_BIN")
    if given:
        return Path(given)
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "felt"
        if path.exists():
            return path
    subprocess.run(["cargo", "build", "--bin", "felt"], cwd=ROOT, check=True)
    return ROOT / "target" / "debug" / "felt"


@pytest.fixture(scope="session")
def felt():
    """Runs `felt ARGS` (input on stdin): the completed process, output as text."""
    path = felt_path()

    def run(*args, input=None):
        return subprocess.run(
            [str(path), *args], input=input, capture_output=True, text=True, cwd=ROOT
        )

    return run


@pytest.fixture(scope="session")
def root():
    return ROOT
