"""Where services hand simulation pieces, card report pieces and matchup pieces to the task workers.

goldfish.tasks holds the task that plays one piece, and it records the piece through goldfish.services;
services queue pieces through here instead of importing goldfish.tasks, so the imports run one way
(tasks -> services -> queueing). The task registers itself here when goldfish.tasks is imported, which
GoldfishConfig.ready() does in every process (web servers, workers, commands, tests).
"""

_piece_task = None


def register_piece_task(task):
    """Decorator for the task that plays one simulation piece (its only argument: the piece's id)."""
    global _piece_task
    _piece_task = task
    return task


def piece_task():
    """The task that plays one simulation piece (goldfish.tasks.run_simulation_chunk)."""
    if _piece_task is None:
        raise RuntimeError("no simulation piece task registered: goldfish.tasks was not imported (GoldfishConfig.ready imports it)")
    return _piece_task


_report_piece_task = None


def register_report_piece_task(task):
    """Decorator for the task that plays one card report piece (its only argument: the piece's id)."""
    global _report_piece_task
    _report_piece_task = task
    return task


def report_piece_task():
    """The task that plays one card report piece (goldfish.tasks.run_card_report_piece)."""
    if _report_piece_task is None:
        raise RuntimeError("no card report piece task registered: goldfish.tasks was not imported")
    return _report_piece_task


_matchup_piece_task = None


def register_matchup_piece_task(task):
    """Decorator for the task that plays one matchup piece (its only argument: the piece's id)."""
    global _matchup_piece_task
    _matchup_piece_task = task
    return task


def matchup_piece_task():
    """The task that plays one matchup piece (goldfish.tasks.run_matchup_piece)."""
    if _matchup_piece_task is None:
        raise RuntimeError("no matchup piece task registered: goldfish.tasks was not imported")
    return _matchup_piece_task
