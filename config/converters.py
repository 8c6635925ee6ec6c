"""Path converters for the site's URL tokens: a route names only values of the alphabet its tokens are made
of, so a NUL byte, a control character, '../' or 5,000 characters in a token is a 404 from the resolver,
before any view or query sees it (PostgreSQL refuses NUL in text: such a token answered 500 there)."""

from django.urls import register_converter


class TokenConverter:
    """A token from secrets.token_urlsafe (share links, simulations, card reports, print jobs, goldfish
    games): URL-safe base64, at most 64 characters."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


def register():
    register_converter(TokenConverter, "token")
