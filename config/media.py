"""Uploaded card images, served by the site itself so that a deployment needs no second server.

Only the public card images under MEDIA_ROOT/cards/ are served here: print PDFs (prints/) go through their
own view with its access check, and nothing else under MEDIA_ROOT is reachable. The files were checked by
Pillow on upload (cards/images.py); the type is taken from the extension that upload gave them, and the
response may not run anything even when opened directly.
"""

import mimetypes
from pathlib import Path

from django.conf import settings
from django.http import FileResponse, Http404
from django.views.decorators.http import require_safe

PUBLIC_PREFIX = "cards/"
IMAGE_TYPES = {"image/jpeg", "image/png", "image/webp", "image/gif"}


@require_safe
def serve_media(request, path):
    if not path.startswith(PUBLIC_PREFIX) or "\x00" in path:
        raise Http404
    root = (Path(settings.MEDIA_ROOT) / PUBLIC_PREFIX).resolve()
    # Resolved: "..", and symbolic links to their targets, so that only what really lies under cards/ is served.
    full = (root / path.removeprefix(PUBLIC_PREFIX)).resolve()
    content_type, _ = mimetypes.guess_type(full.name)
    if not full.is_relative_to(root) or content_type not in IMAGE_TYPES or not full.is_file():
        raise Http404
    response = FileResponse(full.open("rb"), content_type=content_type)
    response["Cache-Control"] = "public, max-age=86400"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return response
