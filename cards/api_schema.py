"""The shapes of the API, for its OpenAPI document (drf-spectacular, served at /api/schema/).

CardSerializer and GameSerializer (cards.apis) are BaseSerializer subclasses that build plain
dicts, which spectacular cannot look into. The serializers here are never used on requests:
they only describe those dicts, and the two extensions below hand them to spectacular in
place of the real ones. tests/test_api_schema.py checks that they name the same keys as the
representation the API answers with.
"""

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, OpenApiTypes, extend_schema_serializer
from rest_framework import serializers

from rules.games.fields import KINDS

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


class GameDoc(serializers.Serializer):
    slug = serializers.SlugField(read_only=True)
    name_ja = serializers.CharField(read_only=True)
    name_en = serializers.CharField(read_only=True)
    summary_ja = serializers.CharField(read_only=True)
    summary_en = serializers.CharField(read_only=True)
    card_count = serializers.IntegerField(read_only=True, allow_null=True)
    card_types = CardTypeDoc(many=True, read_only=True)
    fields = FieldSpecDoc(many=True, read_only=True, help_text="The game's own card fields (a card's `fields`).")


# -- cards ---------------------------------------------------------------------------


@extend_schema_serializer(component_name="Thumbnails")
class ThumbnailsDoc(serializers.Serializer):
    s = serializers.URLField(help_text="240 pixels wide (WebP).")
    m = serializers.URLField(help_text="640 pixels wide (WebP).")


class CardDoc(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    game = serializers.SlugField(
        help_text="The game's slug. Required to create a card; a card cannot move to another game."
    )
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


FIELD_ERRORS = OpenApiResponse(
    response={
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
        "example": {"fields.power": ["power: expected a whole number, got 'x'"]},
    },
    description="The card was refused: messages by field (`fields.<key>` for the game's own fields); "
    "nothing was written.",
)
FORBIDDEN = OpenApiResponse(DetailDoc, description="Not logged in, or not an editor of the card's game.")
NOT_FOUND = OpenApiResponse(DetailDoc, description="No such card.")
BAD_QUERY = OpenApiResponse(
    QueryErrorDoc,
    description="The query cannot be read (`detail`, `position`, `q`), or `game` names no game (`detail` only).",
)
BAD_IMAGE = OpenApiResponse(
    ImageErrorDoc, description="The file is not an accepted image or is too large; nothing was stored."
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
