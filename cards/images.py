"""Card images: validated on upload with Pillow, served as thumbnails in two sizes made once and kept.

Thumbnails live next to the media files under thumbs/<card id>/; the name carries a
token derived from the image's file name, so a new image gets new thumbnails and
their URLs can be cached for good.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

MAX_BYTES = 10 * 1024 * 1024
MAX_PIXELS = 40_000_000  # e.g. 8000 x 5000; a card scanned at 1200 dpi is about 3000 x 4200
MAX_SIDE = 12_000
MIN_SIDE = 16
FORMATS = {"JPEG", "PNG", "WEBP", "GIF"}
EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp", "GIF": "gif"}
SIZES = {"s": 240, "m": 640}  # width in pixels: grid tiles, card page


def validate_card_image(upload) -> None:
    """Refuse anything but a real JPEG, PNG, WebP or GIF within the size and pixel limits."""
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_BYTES:
        raise ValidationError(
            _("The image is %(size)s bytes; at most %(max)s bytes are allowed.") % {"size": size, "max": MAX_BYTES}
        )
    upload.seek(0)
    try:
        with Image.open(upload) as image:
            fmt = image.format
            width, height = image.size
            if fmt not in FORMATS:
                raise ValidationError(
                    _("%(format)s images are not accepted: use JPEG, PNG, WebP or GIF.") % {"format": fmt}
                )
            if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
                raise ValidationError(
                    _("The image is %(width)s×%(height)s pixels; at most %(max)s pixels (%(side)s on a side).")
                    % {"width": width, "height": height, "max": MAX_PIXELS, "side": MAX_SIDE}
                )
            if min(width, height) < MIN_SIDE:
                raise ValidationError(_("The image is too small: %(width)s×%(height)s pixels.")
                                      % {"width": width, "height": height})
            image.verify()
        upload.seek(0)
        with Image.open(upload) as image:
            image.load()  # a truncated or corrupt file fails here
    except ValidationError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError) as exc:
        raise ValidationError(_("This file is not a readable image (%(reason)s).") % {"reason": exc}) from None
    finally:
        upload.seek(0)


def stored_name(upload) -> str:
    """The upload's file name with the extension of the format Pillow read (call after validating).

    A file is served by its extension, so a valid GIF sent as "x.html" is stored as "x.gif".
    """
    upload.seek(0)
    try:
        with Image.open(upload) as image:
            fmt = image.format
    finally:
        upload.seek(0)
    stem = Path(getattr(upload, "name", "") or "").stem or "image"
    return f"{stem}.{EXTENSIONS[fmt]}"


def _thumb_root() -> Path:
    return Path(settings.MEDIA_ROOT) / "thumbs"


def token(card) -> str:
    return hashlib.sha256(card.image.name.encode()).hexdigest()[:12]


def thumb_path(card, size: str) -> Path:
    return _thumb_root() / str(card.pk) / f"{token(card)}-{size}.webp"


def make_thumbnail(card, size: str) -> Path:
    """The thumbnail file, made now if it does not exist yet (written atomically)."""
    path = thumb_path(card, size)
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with card.image.open("rb") as source, Image.open(source) as image:
        image.seek(0)
        image = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
        width = SIZES[size]
        if image.width > width:
            image = image.resize((width, max(1, round(image.height * width / image.width))), Image.LANCZOS)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                image.save(out, "WEBP", quality=82, method=4)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return path


def remove_thumbnails(card_pk: int) -> None:
    folder = _thumb_root() / str(card_pk)
    if folder.is_dir():
        for child in folder.iterdir():
            child.unlink(missing_ok=True)
        folder.rmdir()


# -- print copies ---------------------------------------------------------------------------------------
#
# Uploaded images are kept as uploaded (up to 40 megapixels). Prints and exports never draw more than 300 dpi
# of a card with its bleed (printing.exports.print_size: 819 x 1114 pixels for 63 x 88 mm), so they read a
# copy made to that size once and kept under MEDIA_ROOT/derived/ (an export of a deck holding a 39.9 Mpx
# image decoded it whole for every face: 579 MB). A copy's name carries the original's size and modification
# time and the box it was made for, so a changed image gets a new copy; remove_print_copies drops them with
# the image.


def _derived_root() -> Path:
    return Path(settings.MEDIA_ROOT) / "derived"


def _derived_folder(path: str) -> Path:
    return _derived_root() / hashlib.sha256(str(Path(path).resolve()).encode()).hexdigest()[:20]


def print_copy(path: str, box: tuple[int, int]) -> str:
    """A file of the image at `path` no larger than it needs to be to cover `box` (width, height in pixels:
    the image is stretched to the card's box), made once; the original itself when it is no larger. Raises
    OSError / UnidentifiedImageError as Image.open does."""
    source = Path(path)
    stat = source.stat()
    with Image.open(source) as image:  # the header only
        width, height, fmt = image.width, image.height, image.format
    scale = max(box[0] / width, box[1] / height)
    if scale >= 1:
        return str(source)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    jpeg = fmt == "JPEG"
    folder = _derived_folder(path)
    target = folder / f"{stat.st_size}-{stat.st_mtime_ns}-{box[0]}x{box[1]}.{'jpg' if jpeg else 'png'}"
    if target.exists():
        return str(target)
    folder.mkdir(parents=True, exist_ok=True)
    with Image.open(source) as image:
        if jpeg:
            image.draft("RGB", size)  # a JPEG decodes at 1/2, 1/4 or 1/8 of its size: never whole
        image.seek(0)
        keep_alpha = image.mode in ("RGBA", "LA", "P", "PA")
        image = image.convert("RGBA" if keep_alpha and not jpeg else "RGB")
        image = image.resize(size, Image.LANCZOS)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                if jpeg:
                    image.save(out, "JPEG", quality=95)
                else:
                    image.save(out, "PNG", compress_level=1)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return str(target)


def remove_print_copies(path: str) -> None:
    folder = _derived_folder(path)
    if folder.is_dir():
        for child in folder.iterdir():
            child.unlink(missing_ok=True)
        folder.rmdir()
