"""The shapes of the API, for its OpenAPI document (drf-spectacular, served at /api/schema/).

Also: ApiAutoSchema (the answers DRF gives on its own, and links between operations), the 400 shapes
(a view's own, DRF's field errors, an unreadable body), and GameSlugField, the one field here that the write
serializers of decks and goldfish use on requests (it only adds the games' enum to the document).

CardSerializer and GameSerializer (cards.apis) are BaseSerializer subclasses that build plain
dicts, which spectacular cannot look into. The serializers here are never used on requests:
they only describe those dicts, and the two extensions below hand them to spectacular in
place of the real ones. tests/test_api_schema.py checks that they name the same keys as the
representation the API answers with.
"""

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    OpenApiTypes,
    PolymorphicProxySerializer,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import permissions, serializers

from rules.declare import GAMES
from rules.declare.fields import KINDS

# -- fields --------------------------------------------------------------------------


@extend_schema_field({"type": "string", "enum": list(GAMES)})
class GameSlugField(serializers.SlugField):
    """A game's slug, documented as one of the registry's games. The field itself accepts any slug, so that
    the view answers an unknown game in its own shape (400 naming the known games)."""


# -- games ---------------------------------------------------------------------------


@extend_schema_serializer(component_name="CardType")
class CardTypeDoc(serializers.Serializer):
    code = serializers.CharField(help_text="The card type as printed (the value of a card's `card_type`).")
    ja = serializers.CharField()
    en = serializers.CharField()


@extend_schema_serializer(component_name="FieldSpec")
class FieldSpecDoc(serializers.Serializer):
    key = serializers.CharField(help_text="The key in a card's `fields` object.")
    kind = serializers.ChoiceField(choices=KINDS)
    ja = serializers.CharField()
    en = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField(), required=False)
    types = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The card types the field belongs to (all if absent)."
    )
    required_for = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="The card types that must have a value."
    )
    min = serializers.IntegerField(required=False)
    max = serializers.IntegerField(required=False)
    subfields = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="For `records` fields: the declarations (of this same shape) of each record's keys.",
    )


class OptionChoiceDoc(serializers.Serializer):
    value = serializers.CharField()
    ja = serializers.CharField()
    en = serializers.CharField()


class OptionSpecDoc(serializers.Serializer):
    key = serializers.CharField(help_text="The key in a goldfish game's `options`.")
    type = serializers.ChoiceField(["int", "bool", "choice"])
    default = serializers.JSONField()
    ja = serializers.CharField(help_text="The label in Japanese.")
    en = serializers.CharField(help_text="The label in English.")
    help_ja = serializers.CharField(allow_blank=True)
    help_en = serializers.CharField(allow_blank=True)
    min = serializers.IntegerField(required=False, help_text="A whole number's smallest value (type int).")
    max = serializers.IntegerField(required=False, help_text="A whole number's largest value (type int).")
    choices = OptionChoiceDoc(many=True, required=False, help_text="The values it takes (type choice).")


class GameDoc(serializers.Serializer):
    slug = serializers.SlugField(read_only=True)
    name_ja = serializers.CharField(read_only=True)
    name_en = serializers.CharField(read_only=True)
    summary_ja = serializers.CharField(read_only=True)
    summary_en = serializers.CharField(read_only=True)
    card_count = serializers.IntegerField(read_only=True, allow_null=True)
    card_types = CardTypeDoc(many=True, read_only=True)
    fields = FieldSpecDoc(many=True, read_only=True, help_text="The game's own card fields (a card's `fields`).")
    options = OptionSpecDoc(
        many=True, read_only=True, help_text="The options a goldfish game of it starts with (`POST /api/goldfish/` `options`)."
    )


# -- cards ---------------------------------------------------------------------------


@extend_schema_serializer(component_name="Thumbnails")
class ThumbnailsDoc(serializers.Serializer):
    s = serializers.URLField(help_text="240 pixels wide (WebP).")
    m = serializers.URLField(help_text="640 pixels wide (WebP).")


class CardDoc(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    game = GameSlugField(help_text="The game's slug. Required to create a card; a card cannot move to another game.")
    name = serializers.CharField(max_length=200)
    reading = serializers.CharField(required=False, allow_blank=True, max_length=200, help_text="Kana reading.")
    aliases = serializers.ListField(child=serializers.CharField(), required=False)
    card_type = serializers.CharField(help_text="One of the game's card type codes (`card_types` of the game).")
    cost = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=999)
    rules_text = serializers.CharField(required=False, allow_blank=True)
    flavor_text = serializers.CharField(required=False, allow_blank=True)
    set_name = serializers.CharField(required=False, allow_blank=True, max_length=200)
    number = serializers.CharField(required=False, allow_blank=True, max_length=40)
    rarity = serializers.CharField(required=False, allow_blank=True, max_length=40)
    keywords = serializers.ListField(child=serializers.CharField(max_length=60), required=False)
    sample = serializers.BooleanField(required=False)
    fields = serializers.DictField(
        required=False,
        help_text="The game's own fields, keyed as declared in /api/games/{slug}/ (`fields`) and checked against "
        "those declarations; an unknown key or a value of the wrong kind is refused naming the field.",
    )
    image = serializers.URLField(
        read_only=True, allow_null=True, help_text="The uploaded image (set with POST /api/cards/{id}/image/)."
    )
    thumbnails = ThumbnailsDoc(read_only=True, allow_null=True, help_text="Null when the card has no image.")
    url = serializers.CharField(read_only=True, help_text="The card's page on the site.")


IMAGE_UPLOAD = {
    "type": "object",
    "properties": {
        "image": {
            "type": "string",
            "format": "binary",
            "description": "A JPEG, PNG, WebP or GIF image (at most 10 MB and 40 megapixels).",
        }
    },
    "required": ["image"],
}


# -- errors --------------------------------------------------------------------------


@extend_schema_serializer(component_name="Detail")
class DetailDoc(serializers.Serializer):
    detail = serializers.CharField()


@extend_schema_serializer(component_name="QueryError")
class QueryErrorDoc(serializers.Serializer):
    detail = serializers.CharField(help_text="What is wrong, in the request's language.")
    position = serializers.IntegerField(
        required=False, help_text="Where in `q` (1-based, in the text as typed); absent for an unknown game."
    )
    q = serializers.CharField(required=False, help_text="The query as received.")


@extend_schema_serializer(component_name="ImageError")
class ImageErrorDoc(serializers.Serializer):
    image = serializers.ListField(child=serializers.CharField())


class FieldErrorsDoc(serializers.Serializer):
    """DRF's own answer to a body its serializer refuses: {field: [messages]}, `non_field_errors` for the
    body as a whole, and for a field holding a list or an object the same shape nested by index or key
    (e.g. {"sections": {"main": {"12": ["A valid integer is required."]}}}). Described by FieldErrorsSchema."""


FIELD_ERRORS_SCHEMA = {
    "type": "object",
    "additionalProperties": {
        "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object"}],
    },
    "example": {"fields.power": ["power: expected a whole number, got 'x'"]},
}


class MalformedDoc(serializers.Serializer):
    """DRF's answer to a body it cannot read at all (not JSON, a broken multipart form): {"detail"} and
    nothing else. Described by MalformedSchema."""


MALFORMED_SCHEMA = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
    "additionalProperties": False,
    "example": {"detail": "JSON parse error - Expecting value: line 1 column 1 (char 0)"},
}


def either(*shapes, name: str, description: str) -> OpenApiResponse:
    """One status code, several shapes of answer (each excludes the others, so `oneOf` holds)."""
    return OpenApiResponse(
        PolymorphicProxySerializer(component_name=name, serializers=list(shapes), resource_type_field_name=None),
        description=description,
    )


def bad_input(shape, description: str) -> OpenApiResponse:
    """A 400 in the view's own `shape`, or DRF's field errors (the serializer's first check), or DRF's
    answer to a body it cannot parse."""
    name = f"{shape.__name__.removesuffix('Serializer')}OrFieldErrors"
    return either(shape, FieldErrorsDoc, MalformedDoc, name=name, description=description)


FIELD_ERRORS = either(
    FieldErrorsDoc,
    MalformedDoc,
    name="FieldErrorsOrMalformed",
    description="The card was refused: messages by field (`fields.<key>` for the game's own fields); "
    "nothing was written. A body that is not JSON answers `{\"detail\"}`.",
)
FORBIDDEN = OpenApiResponse(DetailDoc, description="Not logged in, or not an editor of the card's game.")
NOT_FOUND = OpenApiResponse(DetailDoc, description="No such card.")
CARD_IN_USE = OpenApiResponse(
    DetailDoc, description="Decks hold the card: remove it from them first; nothing was deleted."
)
BAD_QUERY = OpenApiResponse(
    QueryErrorDoc,
    description="The query cannot be read (`detail`, `position`, `q`), or `game` names no game (`detail` only).",
)
BAD_IMAGE = either(
    ImageErrorDoc,
    MalformedDoc,
    name="ImageErrorOrMalformed",
    description="The file is not an accepted image or is too large, or the form cannot be read; nothing was "
    "stored.",
)

# Said here in English: the model's verbose names would put the request's language into the document.
CARD_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The card's id.")
GAME_SLUG = OpenApiParameter(
    "slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The game's slug, e.g. `kannagi`."
)

CARD_LIST_PARAMETERS = [
    OpenApiParameter("game", OpenApiTypes.STR, description="A game's slug (see /api/games/): only its cards."),
    OpenApiParameter(
        "q",
        OpenApiTypes.STR,
        description="A search in the site's query language, as typed in the search box: words, "
        '`"exact phrase"`, `field:value`, `cost<=3`, `a OR b`, `-word`, brackets, `sort:cost order:desc`. '
        "The fields and examples for each game are at /search/help/. A query that cannot be read answers "
        '400 with `{"detail", "position", "q"}`.',
    ),
    OpenApiParameter(
        "printings",
        OpenApiTypes.STR,
        enum=["all", "one"],
        description="`all` (the default): every printing of a name (reprints are cards of their own, with "
        "their set and number). `one`: one card per name, its first printing, unless `q` compares a set, "
        "number or rarity. Anything else answers 400.",
    ),
    OpenApiParameter(
        "page", OpenApiTypes.INT, description="The page (1-based, 50 cards a page); a page past the last is a 404."
    ),
]


# -- hand the descriptions to spectacular in place of the real serializers -------------


class _DescribedBy(OpenApiSerializerExtension):
    doc_class: type[serializers.Serializer]

    def get_name(self, auto_schema, direction):
        return self.doc_class.__name__.removesuffix("Doc")

    def map_serializer(self, auto_schema, direction):
        # A PATCH marks the entry serializer partial: pass that on, so "PatchedCard" requires nothing.
        doc = self.doc_class(partial=bool(getattr(self.target, "partial", False)))
        return auto_schema._map_serializer(doc, direction)


class CardSerializerSchema(_DescribedBy):
    target_class = "cards.apis.CardSerializer"
    doc_class = CardDoc


class GameSerializerSchema(_DescribedBy):
    target_class = "cards.apis.GameSerializer"
    doc_class = GameDoc


class _FixedSchema(OpenApiSerializerExtension):
    """A component written out as plain JSON Schema, under a fixed name."""

    component: str
    schema: dict

    def get_name(self, auto_schema, direction):
        return self.component

    def map_serializer(self, auto_schema, direction):
        return dict(self.schema)


class FieldErrorsSchema(_FixedSchema):
    target_class = "cards.api_schema.FieldErrorsDoc"
    component, schema = "FieldErrors", FIELD_ERRORS_SCHEMA


class MalformedSchema(_FixedSchema):
    target_class = "cards.api_schema.MalformedDoc"
    component, schema = "MalformedRequest", MALFORMED_SCHEMA


# -- the answers DRF gives on its own ------------------------------------------------

MALFORMED = OpenApiResponse(MalformedDoc, description="The body cannot be read (not JSON, a broken form).")
NOT_SIGNED_IN = OpenApiResponse(
    DetailDoc, description="Not signed in (no session or `Authorization: Token <key>`), or not allowed."
)
NO_SUCH_OBJECT = OpenApiResponse(DetailDoc, description="No such object, or a page past the last.")
THROTTLED = OpenApiResponse(DetailDoc, description="Too many requests: try again after `Retry-After` seconds.")
RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    response=[429],
    description="Seconds until the rate limit lets the client through again.",
)


class ApiAutoSchema(AutoSchema):
    """Documents, for every operation, the answers DRF gives before or around the view's own code, which
    no view states one by one: 400 when a body cannot be parsed, 403 when the operation needs a signed-in
    user (SessionAuthentication comes first, so DRF answers 403, never 401), 404 for an unknown id in the
    path or a page past the last, and 429 when the view is throttled (DEFAULT_THROTTLE_CLASSES). A view's
    own description of a code wins. Every API view uses it (REST_FRAMEWORK's DEFAULT_SCHEMA_CLASS).

    A view may also name OpenAPI links (`openapi_links = {action: {status code: {name: link}}}`): how the
    answer's values feed the next call (a started game's id and first legal action into its actions).
    Clients read them in /api/docs/; schemathesis follows them in the stateful API fuzz test."""

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        links = getattr(self.view, "openapi_links", {}).get(getattr(self.view, "action", None), {})
        for code, named in links.items():
            if operation is not None and code in operation["responses"]:
                operation["responses"][code]["links"] = named
        return operation

    def get_override_parameters(self):
        parameters = list(super().get_override_parameters())
        if self.view.get_throttles():
            parameters.append(RETRY_AFTER)  # a response header of the 429
        return parameters

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, response in self._implicit_responses():
            if code not in responses:
                responses[code] = self._get_response_for_code(response, code, direction=direction)
        return responses

    def _implicit_responses(self):
        if self.method in ("POST", "PUT", "PATCH") and self.get_request_serializer() is not None:
            yield "400", MALFORMED
        if self._needs_login():
            yield "403", NOT_SIGNED_IN
        if "{" in self.path or (self.method == "GET" and self._is_list_view() and self._get_paginator()):
            yield "404", NO_SUCH_OBJECT
        if self.view.get_throttles():
            yield "429", THROTTLED

    def _needs_login(self) -> bool:
        for permission in self.view.get_permissions():
            if isinstance(permission, permissions.IsAuthenticated):
                return True
            writes = self.method not in permissions.SAFE_METHODS
            if isinstance(permission, permissions.IsAuthenticatedOrReadOnly) and writes:
                return True
        return False
