"""`make bench`: run every benchmark, each in its own process, and print its figures, then one table of the
issue targets the scripts reported.

Each script sets Django up for its own database, which a process can do only once, so they do not share
one. The exit status is non-zero when any of them failed; the others still run.

The summary: a script reports a target by printing a line

    TARGET <name> <figure> <limit> <unit> met|NOT [note]

(bench/_common.py `target` prints it). run.py passes every line through as it comes and, after the last
script, prints each TARGET line as a row of one table (figure vs target, met / NOT met) with the database
the run used (BENCH_DATABASE_URL's PostgreSQL, else SQLite; the load bench always runs PostgreSQL). A script
that fails still counts the targets it printed; the table says which scripts failed.
"""

import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def parse_target(line: str):
    """(name, figure, limit, unit, met, note) from a TARGET line, or None."""
    parts = line.split(maxsplit=6)
    if len(parts) < 6 or parts[0] != "TARGET" or parts[5] not in ("met", "NOT"):
        return None
    try:
        figure, limit = float(parts[2]), float(parts[3])
    except ValueError:
        return None
    return parts[1], figure, limit, parts[4], parts[5] == "met", parts[6] if len(parts) > 6 else ""


def run(script: Path, targets: list) -> int:
    process = subprocess.Popen([sys.executable, str(script)], cwd=BENCH.parent, stdout=subprocess.PIPE, text=True,
                               bufsize=1)
    for line in process.stdout:
        print(line, end="", flush=True)
        found = parse_target(line.strip())
        if found:
            targets.append((script.stem, *found))
    return process.wait()


def summary(targets: list, failed: list) -> str:
    url = os.environ.get("BENCH_DATABASE_URL", "")
    database = "PostgreSQL (BENCH_DATABASE_URL)" if url.startswith("postgres") else "SQLite"
    lines = [f"== issue 23 targets on {database}, {os.cpu_count()} CPUs ==",
             f"  {'target':34} {'figure':>17} {'':>2} {'target':>14}  result"]
    for _script, name, figure, limit, unit, met, note in targets:
        relation = "<=" if (figure <= limit) == met else ">="  # the script said which way the target goes
        lines.append(f"  {name:34} {figure:>9.4g} {unit:<7} {relation:>2} {limit:>6.4g} {unit:<7}  "
                     f"{'met' if met else 'NOT met'}{'  (' + note + ')' if note else ''}")
    if not targets:
        lines.append("  (no script printed a TARGET line)")
    met = sum(1 for t in targets if t[5])
    lines.append(f"  {met} of {len(targets)} met" + (f"; failed scripts: {', '.join(failed)}" if failed else ""))
    return "\n".join(lines)


def main():
    failed, targets = [], []
    only = set(sys.argv[1:])  # `python bench/run.py decks goldfish`: only these scripts
    for script in sorted(BENCH.glob("*.py")):
        if script.name == "run.py" or script.name.startswith("_") or (only and script.stem not in only):
            continue
        print(f"== {script.stem} ==", flush=True)
        if run(script, targets):
            failed.append(script.name)
    print(summary(targets, failed), flush=True)
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
