"""Uploaded images are kept as uploaded; prints and exports read a copy no larger than the card at 300 dpi
with its bleed (the print-shop size), made once when the image is uploaded and replaced with it
(cards.images.print_copy). An export of a deck holding a 39.9-megapixel image stays within a few MB per face."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw

from cards import images
from cards.models import Card
from cards.services import card_set_image
from printing.exports import print_size

ROOT = Path(__file__).resolve().parent.parent
BIG = (5000, 7980)  # 39.9 megapixels, within the upload limit (cards.images.MAX_PIXELS)

MEASURE = r"""
import json, os, sys
import django
django.setup()
from PIL import Image
from printing.exports import Export, export_files
from printing.sheets import PrintCard
from rules.declare import get_game

mode, path, small = sys.argv[1:4]
game = get_game("kannagi")

def export(image):
    items = [PrintCard("face-1", {"name": "大きな絵"}, 3, image, "", 1)]
    return export_files(Export(game, "big", items, 63, 88, None), "images")

def status(key):  # kB, from the kernel: what this process's pages are (Pillow allocates outside Python)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(key + ":"))

export(small)  # libraries loaded and warmed up on a small image
before = status("VmRSS")
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the peak (VmHWM) starts again from now

if mode == "export":
    files = export(path)
    assert len(files) == 3
else:
    Image.open(path).load()
after = status("VmHWM")
print(json.dumps({"grew_mb": (after - before) / 1024}))
"""


def png(size, colour=(30, 90, 160)) -> bytes:
    image = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle((size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2), fill=(220, 200, 40))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return Path(settings.MEDIA_ROOT)


@pytest.fixture
def big_card(media, place, django_capture_on_commit_callbacks):
    data = png(BIG)
    with django_capture_on_commit_callbacks(execute=True):
        card = card_set_image(card=place, upload=SimpleUploadedFile("big.png", data, content_type="image/png"))
    return card, data


def copies(media) -> list[Path]:
    return sorted((media / "derived").glob("*/*.png"))


def test_an_upload_keeps_its_original_and_gets_one_print_sized_copy(big_card, media):
    card, data = big_card
    assert Path(card.image.path).read_bytes() == data  # the original, as uploaded
    made = copies(media)
    assert len(made) == 1
    full = print_size(63, 88)[1]  # the print-shop size of a kannagi card: 819 x 1114
    with Image.open(made[0]) as copy:
        assert copy.width == full[0] and full[1] <= copy.height < BIG[1] // 5
    assert images.print_copy(card.image.path, full) == str(made[0])  # made once: the same file again


def test_a_new_image_replaces_the_copy_of_the_old_one(big_card, media, django_capture_on_commit_callbacks):
    card, _data = big_card
    old = copies(media)
    with django_capture_on_commit_callbacks(execute=True):
        card_set_image(card=Card.objects.get(pk=card.pk), upload=SimpleUploadedFile("new.png", png((2400, 3360), (200, 0, 0)), content_type="image/png"))
    new = copies(media)
    assert len(new) == 1 and new != old and not old[0].exists()


def test_an_image_no_larger_than_the_print_is_read_as_it_is(media, tmp_path):
    small = tmp_path / "small.png"
    small.write_bytes(png((600, 840)))
    assert images.print_copy(str(small), (819, 1114)) == str(small)
    assert not (media / "derived").exists()


def _measure(mode: str, path: str, small: str, media: Path) -> float:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "MEDIA_ROOT": str(media)}
    result = subprocess.run([sys.executable, "-c", MEASURE, mode, path, small], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])["grew_mb"]


def test_an_export_of_a_39_megapixel_image_holds_a_few_mb_per_face(big_card, media, tmp_path):
    card, _data = big_card
    small = tmp_path / "warm.png"
    small.write_bytes(png((300, 420)))
    decoded = _measure("decode", card.image.path, str(small), media)
    exported = _measure("export", card.image.path, str(small), media)
    # the control: decoding the original alone grows the process by its 120 MB of pixels
    assert decoded > 100
    # the export (a face at 819 x 1114, its PNG, the back and copies.csv) reads the print copy
    print(f"peak growth: decoding the original {decoded:.0f} MB, the export {exported:.1f} MB")
    assert exported < 25, f"the export grew the process by {exported:.0f} MB"
