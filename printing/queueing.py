"""Where services hand print jobs to the task workers.

printing.tasks holds the task that renders a job, and it renders through printing.services; services queue
a job through here instead of importing printing.tasks, so the imports run one way (tasks -> services ->
queueing). The task registers itself here when printing.tasks is imported, which PrintingConfig.ready()
does in every process (web servers, workers, commands, tests).
"""

_render_task = None


def register_render_task(task):
    """Decorator for the task that renders one print job (its only argument: the job's id)."""
    global _render_task
    _render_task = task
    return task


def render_task():
    """The task that renders one print job (printing.tasks.render_print_job)."""
    if _render_task is None:
        raise RuntimeError("no print job task registered: printing.tasks was not imported (PrintingConfig.ready imports it)")
    return _render_task


_face_task = None


def register_face_task(task):
    """Decorator for the task that draws cards' faces ahead of time (its only argument: a list of card ids)."""
    global _face_task
    _face_task = task
    return task


def face_task():
    """The task that draws faces ahead of time (printing.tasks.draw_faces_ahead)."""
    if _face_task is None:
        raise RuntimeError("no face task registered: printing.tasks was not imported (PrintingConfig.ready imports it)")
    return _face_task


_export_task = None


def register_export_task(task):
    """Decorator for the task that makes one export job's zip (its only argument: the job's id)."""
    global _export_task
    _export_task = task
    return task


def export_task():
    """The task that makes an export's zip (printing.tasks.render_export_job)."""
    if _export_task is None:
        raise RuntimeError("no export task registered: printing.tasks was not imported (PrintingConfig.ready imports it)")
    return _export_task
