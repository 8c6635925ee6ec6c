"""`make bench`: run every benchmark and print its figures."""

import runpy
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

for script in sorted(BENCH.glob("*.py")):
    if script.name == "run.py" or script.name.startswith("_"):  # _common.py: shared pieces
        continue
    print(f"== {script.stem} ==", flush=True)
    sys.argv = [str(script)]
    runpy.run_path(str(script), run_name="__main__")
