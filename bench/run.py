"""`make bench`: run every benchmark, each in its own process, and print its figures.

Each script sets Django up for its own database, which a process can do only once, so they do not share
one. The exit status is non-zero when any of them failed; the others still run.
"""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

failed = []
for script in sorted(BENCH.glob("*.py")):
    if script.name == "run.py" or script.name.startswith("_"):  # _common.py: shared pieces
        continue
    print(f"== {script.stem} ==", flush=True)
    if subprocess.run([sys.executable, str(script)], cwd=BENCH.parent).returncode:
        failed.append(script.name)
if failed:
    sys.exit(f"failed: {', '.join(failed)}")
