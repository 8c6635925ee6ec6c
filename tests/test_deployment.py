"""Production configuration from environment variables only: `check --deploy` passes with the README's
variables, security headers and the content security policy on every response, API and sign-in throttles
that count the real client behind proxies, and uploaded card images served without a second server."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ImproperlyConfigured
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from config.settings import cache_from_url
from config.throttles import _bucket

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-key-only-for-this-test-0123456789-abcdefghijklmnopqrstuvwxyz",
    "ALLOWED_HOSTS": "cards.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://cards.example.org",
    "HTTPS": "1",
    "PROXY_COUNT": "1",
    "CACHE_URL": "db://cache_table",
    "STATIC_ROOT": "/tmp/cardgames-static-unused",
}


def _clean_environment():
    """This process's environment without deployment variables (nor the browser tests' async switch)."""
    return {
        k: v for k, v in os.environ.items()
        if k not in PRODUCTION and not k.startswith("API_THROTTLE") and k != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }


def manage(*args, **env):
    clean = _clean_environment()
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=120
    )


def settings_under(names, **env):
    """The values of these settings in a fresh process with these environment variables."""
    code = (
        "import django; django.setup(); from django.conf import settings; "
        f"print(repr({{name: getattr(settings, name) for name in {list(names)!r}}}))"
    )
    clean = _clean_environment()
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )
    assert out.returncode == 0, out.stderr
    return eval(out.stdout)  # noqa: S307  (repr of plain settings values)


# -- check --deploy -----------------------------------------------------------------------------------------


def test_the_readme_production_variables_pass_check_deploy():
    out = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_check_deploy_names_what_a_local_configuration_lacks():
    out = manage("check", "--deploy", "--fail-level", "WARNING")
    assert out.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W009", "security.W012", "config.W001"):
        assert warning in out.stderr + out.stdout, warning


HTTPS_SETTINGS = ("SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_HSTS_SECONDS")


def test_https_and_proxies_turn_on_redirects_secure_cookies_hsts_and_forwarded_headers():
    local = settings_under((*HTTPS_SETTINGS, "PROXY_COUNT"))
    assert local == {"SECURE_SSL_REDIRECT": False, "SESSION_COOKIE_SECURE": False, "CSRF_COOKIE_SECURE": False,
                     "SECURE_HSTS_SECONDS": 0, "PROXY_COUNT": 0}
    served = settings_under((*HTTPS_SETTINGS, "SECURE_PROXY_SSL_HEADER", "PROXY_COUNT"), HTTPS="1", PROXY_COUNT="2")
    assert served == {"SECURE_SSL_REDIRECT": True, "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
                      "SECURE_HSTS_SECONDS": 31536000, "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
                      "PROXY_COUNT": 2}


def test_static_files_rates_and_the_cache_come_from_the_environment():
    got = settings_under(("STORAGES", "API_THROTTLE_RATES", "CACHES"), STATIC_ROOT="/tmp/x", API_THROTTLE_ANON="none",
                         API_THROTTLE_USER="10/second", CACHE_URL="db://throttle_cache")
    assert got["STORAGES"]["staticfiles"]["BACKEND"].endswith("CompressedManifestStaticFilesStorage")
    assert got["API_THROTTLE_RATES"] == {"anon": None, "user": "10/second"}
    assert got["CACHES"]["default"]["LOCATION"] == "throttle_cache"


def test_cache_urls_choose_shared_caches_and_refuse_unknown_ones():
    db = cache_from_url("db://throttle_cache")
    assert (db["BACKEND"], db["LOCATION"]) == ("django.core.cache.backends.db.DatabaseCache", "throttle_cache")
    assert cache_from_url("file:///var/cache/cards")["LOCATION"] == "/var/cache/cards"
    assert cache_from_url("locmem://")["OPTIONS"]["MAX_ENTRIES"] >= 100_000  # no culling of lockouts
    with pytest.raises(ImproperlyConfigured, match="redis://x"):
        cache_from_url("redis://x")


@pytest.mark.parametrize(
    "variable, value",
    [("PROXY_COUNT", "-1"), ("PROXY_COUNT", "one"), ("DB_CONN_MAX_AGE", "1m"),
     ("API_THROTTLE_ANON", "300"), ("CACHE_URL", "redis://cache")],
)
def test_a_bad_setting_stops_the_start_naming_the_variable(variable, value):
    out = manage("check", **{variable: value})
    assert out.returncode != 0 and variable in out.stderr and "ImproperlyConfigured" in out.stderr, out.stderr[-500:]


# -- headers ------------------------------------------------------------------------------------------------


def test_every_kind_of_response_carries_the_security_headers(client, bundled):
    for path in ("/", "/games/kannagi/cards/", "/api/cards/?game=kannagi", "/api/docs/", "/accounts/login/", "/nope/"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe" not in policy, path
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy, path
        assert response["X-Frame-Options"] == "DENY", path
        assert response["X-Content-Type-Options"] == "nosniff", path
        assert response["Referrer-Policy"] == "same-origin", path
        assert response["Cross-Origin-Opener-Policy"] == "same-origin", path


def test_no_page_template_has_inline_script_or_style():
    import re

    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert "<style" not in text and " style=" not in text, template
        assert not re.search(r"\son[a-z]+=", text), template  # onclick= and the like


def test_https_redirects_and_sends_hsts_behind_a_proxy(client, settings, games):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    plain = client.get("/games/kannagi/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    proxied = client.get("/games/kannagi/", HTTP_X_FORWARDED_PROTO="https")
    assert proxied.status_code == 200
    assert proxied["Strict-Transport-Security"].startswith("max-age=31536000")


# -- API throttling -----------------------------------------------------------------------------------------


@pytest.fixture
def low_rates(settings):
    settings.API_THROTTLE_RATES = {"anon": "3/minute", "user": "5/minute"}
    return settings


def test_anonymous_api_clients_are_throttled_per_address(client, low_rates, games):
    for _ in range(3):
        assert client.get("/api/games/", REMOTE_ADDR="10.0.0.1").status_code == 200
    refused = client.get("/api/games/", REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert client.get("/api/games/", REMOTE_ADDR="10.0.0.2").status_code == 200  # another address counts alone


def test_signed_in_api_clients_are_throttled_per_account(client, low_rates, user):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=user)
    headers = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.5"):
        assert client.get("/api/games/", REMOTE_ADDR=address, **headers).status_code == 200
    assert client.get("/api/games/", REMOTE_ADDR="10.0.0.6", **headers).status_code == 429  # the account is spent
    other = Token.objects.create(user=User.objects.create_user("other", password="pw-other-123"))
    assert client.get("/api/games/", HTTP_AUTHORIZATION=f"Token {other.key}").status_code == 200


def test_throttled_writes_change_nothing(client, low_rates, user, kannagi):
    from decks.models import Deck

    client.force_login(user)
    body = {"game": "kannagi", "name": "deck", "decklist": ""}
    codes = [client.post("/api/decks/", body, content_type="application/json").status_code for _ in range(6)]
    assert codes[-1] == 429
    assert Deck.objects.filter(owner=user).count() == sum(code == 201 for code in codes)


def test_behind_a_proxy_the_client_is_the_address_the_proxy_saw(client, low_rates, games):
    low_rates.PROXY_COUNT = 1
    # The client writes its own X-Forwarded-For; the proxy appends the address it really saw.
    for forged in ("1.1.1.1", "2.2.2.2", "3.3.3.3"):
        assert client.get("/api/games/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=f"{forged}, 203.0.113.7").status_code == 200
    assert client.get("/api/games/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR="4.4.4.4, 203.0.113.7").status_code == 429
    assert client.get("/api/games/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200


def test_addresses_are_counted_by_host_not_by_port_nor_by_each_ipv6_address():
    assert _bucket("203.0.113.7") == _bucket("203.0.113.7:5123") == _bucket("::ffff:203.0.113.7") == "203.0.113.7"
    assert _bucket("2001:db8:1:2::1") == _bucket("[2001:db8:1:2:ffff::9]:443") == "2001:db8:1:2::/64"
    assert _bucket("2001:db8:1:3::1") != _bucket("2001:db8:1:2::1")
    assert _bucket("unknown") == "unknown"


def test_sign_in_throttling_counts_the_client_behind_a_proxy(client, settings, user):
    settings.PROXY_COUNT = 1
    # Failed sign-ins hash the password they were given; a fast hasher first keeps twenty of them quick.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    for n in range(20):
        client.post("/accounts/login/", {"username": f"nobody{n}", "password": "x"}, REMOTE_ADDR="10.9.9.9",
                    HTTP_X_FORWARDED_FOR="198.51.100.1")
    # The proxy's other clients can still sign in; the one that failed twenty times cannot.
    ok = client.post("/accounts/login/", {"username": "player", "password": "pw-player-123"}, REMOTE_ADDR="10.9.9.9",
                     HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert ok.status_code == 302
    client.logout()
    locked = client.post("/accounts/login/", {"username": "player", "password": "pw-player-123"}, REMOTE_ADDR="10.9.9.9",
                         HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert locked.status_code == 200 and "_auth_user_id" not in client.session


# -- uploaded images ----------------------------------------------------------------------------------------


def _png():
    buffer = io.BytesIO()
    Image.new("RGB", (40, 56), "white").save(buffer, "PNG")
    return buffer.getvalue()


def test_card_images_are_served_in_production_without_a_second_server(client, settings, tmp_path, place):
    settings.MEDIA_ROOT = tmp_path
    place.image = SimpleUploadedFile("face.png", _png(), content_type="image/png")
    place.save()
    response = client.get(place.image.url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert b"".join(response.streaming_content) == (tmp_path / place.image.name).read_bytes()
    assert response["Content-Security-Policy"] == "default-src 'none'; sandbox"
    assert client.head(place.image.url).status_code == 200
    assert client.post(place.image.url).status_code == 405


def test_only_public_card_images_are_reachable_under_media(client, settings, tmp_path, games):
    settings.MEDIA_ROOT = tmp_path / "media"
    (tmp_path / "media" / "prints").mkdir(parents=True)
    (tmp_path / "media" / "prints" / "private.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "media" / "cards" / "kannagi").mkdir(parents=True)
    (tmp_path / "media" / "cards" / "kannagi" / "note.html").write_text("<script>alert(1)</script>")
    (tmp_path / "secret.png").write_bytes(_png())
    (tmp_path / "media" / "backs" / "kannagi").mkdir(parents=True)
    (tmp_path / "media" / "backs" / "kannagi" / "back.png").write_bytes(_png())
    (tmp_path / "media" / "cards" / "kannagi" / "link.png").symlink_to(tmp_path / "secret.png")
    (tmp_path / "media" / "cards" / "kannagi" / "real.png").write_bytes(_png())
    assert client.get("/media/cards/kannagi/real.png").status_code == 200
    for path in ("/media/prints/private.pdf", "/media/cards/kannagi/note.html", "/media/cards/../secret.png",
                 "/media/cards/%2e%2e/%2e%2e/secret.png", "/media/cards/kannagi/missing.png",
                 "/media/cards/../backs/kannagi/back.png", "/media/cards/%2e%2e/backs/kannagi/back.png",
                 "/media/cards/kannagi/link.png", "/media/cards/kannagi/real.png%00.png"):
        assert client.get(path).status_code == 404, path


def test_an_api_url_that_matches_nothing_answers_json_and_a_page_url_html(client, games):
    for path in ("/api/nope/", "/api/cards/1/nope/", "/api/games/kannagi/extra/"):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 404 and response["Content-Type"] == "application/json", path
        assert response.json() == {"detail": "Not found."}
    page = client.get("/nope/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_the_goldfish_modules_import_each_other_by_their_hashed_names_once_collected(tmp_path):
    """The board's native modules import one another by relative path; the production storage rewrites those
    imports to the content-hashed copies it serves with a far-future cache, so a deploy never mixes an old
    module with a new one (and no import cycle keeps the hashes from settling)."""
    import re
    import shutil

    from config.static import ModuleCompressedManifestStaticFilesStorage

    source = ROOT / "static" / "js" / "goldfish"
    target = tmp_path / "js" / "goldfish"
    shutil.copytree(source, target)
    storage = ModuleCompressedManifestStaticFilesStorage(location=tmp_path, base_url="/static/")
    names = [f"js/goldfish/{p.name}" for p in sorted(source.glob("*.js"))]
    done = {}
    for name, hashed, processed in storage.post_process({n: (storage, n) for n in names}):
        assert not isinstance(processed, Exception), (name, processed)
        if hashed.endswith(".js"):  # (not the compressed copies)
            done[name] = hashed
    assert "js/goldfish/main.js" in done
    for name in names:
        text = (tmp_path / done[name]).read_text(encoding="utf-8")
        imports = re.findall(r"""^import\b[^;]*?from\s*"(\S+)";""", text, re.M | re.S)
        assert len(imports) == text.count("\nimport ") + text.startswith("import "), name
        for url in imports:
            assert re.fullmatch(r"\./\w+\.[0-9a-f]{12}\.js", url), (name, url)
            assert (tmp_path / "js" / "goldfish" / url[2:]).is_file(), (name, url)
    assert re.search(r'from "\./board\.[0-9a-f]{12}\.js";', (tmp_path / done["js/goldfish/main.js"]).read_text())
