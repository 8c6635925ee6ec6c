from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    """JSONParser that answers 400 for bodies nested too deeply or holding numbers of thousands of digits."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except (RecursionError, ValueError) as exc:
            raise ParseError(f"JSON parse error - {type(exc).__name__}: the body is nested too deeply or a number is too large") from None
