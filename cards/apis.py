"""The card database over HTTP (DRF). Cards travel in the same plain form as the import/export files."""

import re

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext, ngettext
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, viewsets
from rest_framework.compat import INDENT_SEPARATORS, LONG_SEPARATORS, SHORT_SEPARATORS
from rest_framework.decorators import action
from rest_framework.exceptions import APIException, NotFound, ParseError, PermissionDenied
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import BasePagination
from rest_framework.parsers import MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.utils import json
from rest_framework.utils.urls import remove_query_param, replace_query_param

from rules.declare import COMMON_KEYS, GAMES, CardDataError, UnknownGame, get_game

from . import api_schema as doc
from .i18n import error_message, query_error_message
from .models import Card, Game
from .permissions import can_edit_game
from .search.paging import COUNT_CAP, PageOutOfRange, SearchPage
from .search.query import QueryError
from .selectors import ALL, PRINTINGS, card_page, game_list, query_param
from .services import card_remove_image, card_set_image, merge_card_data

READ_ONLY_KEYS = ("id", "game", "image", "thumbnails", "url")
_CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")


class AnyLookupMixin:
    """For every API view set: any one path segment reaches the view, so an id it does not know is answered
    with the API's JSON 404 (DRF's default lookup, `[^/.]+`, leaves e.g. `1.5` to Django's HTML page), and
    an id with a control character is a 404 before any query (PostgreSQL refuses NUL in text: a 500)."""

    lookup_value_regex = r"[^/]+"

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if any(isinstance(value, str) and _CONTROL_CHARACTER.search(value) for value in kwargs.values()):
            raise NotFound()


def field_spec(f) -> dict:
    spec = {"key": f.key, "kind": f.kind, "ja": f.ja, "en": f.en}
    for attr in ("choices", "types", "required_for"):
        if getattr(f, attr):
            spec[attr] = list(getattr(f, attr))
    for attr in ("min", "max"):
        if getattr(f, attr) is not None:
            spec[attr] = getattr(f, attr)
    if f.subfields:
        spec["subfields"] = [field_spec(s) for s in f.subfields]
    return spec


class GameSerializer(serializers.BaseSerializer):
    def to_representation(self, game):
        definition = game.definition
        return {
            "slug": game.slug,
            "name_ja": game.name_ja,
            "name_en": game.name_en,
            "summary_ja": definition.summary_ja,
            "summary_en": definition.summary_en,
            "card_count": getattr(game, "card_count", None),
            "card_types": [{"code": t.code, "ja": t.ja, "en": t.en} for t in definition.card_types],
            "fields": [field_spec(f) for f in definition.fields],
            "options": [o.to_data() for o in definition.options],
        }


# What the API answers with of a card (its search copies and timestamps stay in the database).
API_COLUMNS = ("id", "game", *COMMON_KEYS, "attrs", "image")
_URL_PLACEHOLDER = 2_000_000_001
_ROW_KEYS = (API_COLUMNS, (*API_COLUMNS, "rank"))  # a page's value rows, in the order of their columns


_card_urls: dict = {}


def card_url_template() -> str:
    """The card page's URL with "{}" for the id, reversed once per process for each script prefix and
    URLconf (what reverse() reads beside the route)."""
    key = (get_script_prefix(), get_urlconf())
    template = _card_urls.get(key)
    if template is None:
        template = reverse("card_detail", args=[_URL_PLACEHOLDER]).replace(str(_URL_PLACEHOLDER), "{}")
        if len(_card_urls) < 64:
            _card_urls[key] = template
    return template


class CardSerializer(serializers.BaseSerializer):
    def card_url(self, card) -> str:
        """The card page's URL (`card`: a Card or its id)."""
        return self.card_url_template().format(card if isinstance(card, int) else card.pk)

    def card_url_template(self) -> str:
        """The card page's URL with "{}" for the id: one reverse() per list, not per card."""
        context = self.context
        if "card_url" not in context:
            context["card_url"] = card_url_template()
        return context["card_url"]

    def to_representation(self, card):
        image, thumbnails = self.images(card)
        return {
            "id": card.pk,
            "game": card.game_id,
            **card.to_data(),
            "image": image,
            "thumbnails": thumbnails,
            "url": self.card_url(card),
        }

    def images(self, card) -> tuple:
        """The card's image URL and its thumbnails' (absolute when the request is known), or None, None."""
        if not card.image:
            return None, None
        request = self.context.get("request")

        def absolute(url):
            return request.build_absolute_uri(url) if request is not None else url

        return absolute(card.image.url), {size: absolute(card.thumb_url(size)) for size in ("s", "m")}

    def from_rows(self, rows: list[dict]) -> list[dict]:
        """The same answers as to_representation, from dicts of API_COLUMNS (a list reads plain values: a
        Card instance per row, with its three JSON fields, cost a list more than its query).

        Each row dict becomes its answer in place (the rows are the request's own, read for it): its keys
        are id, game, COMMON_KEYS, attrs, image in that order, so taking attrs and image out and adding
        fields, image, thumbnails, url gives to_representation's keys in its order, without a new dict
        and a copy of every value per card."""
        url = self.card_url_template()
        if rows and tuple(rows[0]) not in _ROW_KEYS:  # not the API's columns in their order: new dicts
            rows = [{key: row[key] for key in API_COLUMNS} for row in rows]
        for row in rows:
            if "rank" in row:  # a page ranked within itself reads each card's rank
                del row["rank"]
            attrs = row.pop("attrs")
            image = row.pop("image")
            thumbnails = None
            if image:  # rare: a Card to reach the storage and the thumbnails' URLs
                image, thumbnails = self.images(Card(id=row["id"], game_id=row["game"], image=image))
            else:
                image = None
            row["fields"] = attrs if type(attrs) is dict else dict(attrs or {})
            row["image"] = image
            row["thumbnails"] = thumbnails
            row["url"] = url.format(row["id"])
        return rows

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise serializers.ValidationError({"non_field_errors": ["expected a JSON object"]})
        slug = self.instance.game_id if self.instance else data.get("game")
        if self.instance and data.get("game") not in (None, self.instance.game_id):
            raise serializers.ValidationError({"game": ["a card cannot move to another game"]})
        try:
            definition = get_game(slug) if isinstance(slug, str) else None
        except UnknownGame as exc:
            raise serializers.ValidationError({"game": [str(exc)]}) from None
        if definition is None:
            raise serializers.ValidationError({"game": ["required: the game's slug"]})
        raw = {k: v for k, v in data.items() if k not in READ_ONLY_KEYS}
        if self.instance and self.partial:
            raw = merge_card_data(self.instance.to_data(), raw)
        try:
            cleaned = definition.clean_card(raw)
        except CardDataError as exc:
            errors: dict = {}
            for err in exc.errors:
                top = err.top
                key = top if top in COMMON_KEYS else f"fields.{top}" if top in {f.key for f in definition.fields} else top
                errors.setdefault(key, []).append(error_message(err))
            raise serializers.ValidationError(errors) from None
        return {"game": slug, "data": cleaned}

    def _save(self, card, validated):
        card.apply_data(validated["data"])
        try:
            card.full_clean()
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.message_dict) from None
        with transaction.atomic():
            card.save()
        return card

    def create(self, validated):
        return self._save(Card(game_id=validated["game"]), validated)

    def update(self, instance, validated):
        return self._save(instance, validated)


class CardJSONRenderer(JSONRenderer):
    """DRF's JSONRenderer, the same bytes, without the encoder's check for circular references (an answer
    built from plain values has none; the check keeps a dict of every list and object it encodes, a tenth
    of the encoding's time for a page of cards)."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        indent = self.get_indent(accepted_media_type, renderer_context or {})
        if indent is None:
            separators = SHORT_SEPARATORS if self.compact else LONG_SEPARATORS
        else:
            separators = INDENT_SEPARATORS
        ret = json.dumps(data, cls=self.encoder_class, indent=indent, ensure_ascii=self.ensure_ascii,
                         allow_nan=not self.strict, separators=separators, check_circular=False)
        return ret.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode()


class AnyTypeNegotiation(DefaultContentNegotiation):
    """DRF's content negotiation, answering at once what it answers for a client that accepts any type
    (`Accept: */*`, or no Accept header) and names no format: the first renderer, with its media type."""

    def select_renderer(self, request, renderers, format_suffix=None):
        if (format_suffix is None and request.META.get("HTTP_ACCEPT", "*/*") == "*/*"
                and self.settings.URL_FORMAT_OVERRIDE not in request.query_params):
            return renderers[0], renderers[0].media_type
        return super().select_renderer(request, renderers, format_suffix)


class CappedPagination(BasePagination):
    """The card list's pages: `count` stops at COUNT_CAP (`count_capped` is then true: "1,000 or more"),
    `next`/`previous` as DRF's page-number pagination. The page itself is cards.search.paging's."""

    page_size = 50

    def get_paginated_response(self, page: SearchPage, data, request):
        url = request.build_absolute_uri()
        following = replace_query_param(url, "page", page.number + 1) if page.has_next() else None
        previous = None
        if page.has_previous():
            previous = (remove_query_param(url, "page") if page.number == 2
                        else replace_query_param(url, "page", page.number - 1))
        return Response({"count": page.count, "count_capped": page.count_capped, "next": following,
                         "previous": previous, "results": data})

    def get_paginated_response_schema(self, schema):
        return {
            "type": "object",
            "required": ["count", "count_capped", "results"],
            "properties": {
                "count": {"type": "integer", "example": 123, "description": (
                    f"The number of cards the search finds, counted up to {COUNT_CAP:,}: when `count_capped` "
                    f"is true, more cards match and `count` is {COUNT_CAP} (\"{COUNT_CAP:,}+\").")},
                "count_capped": {"type": "boolean", "description": (
                    f"True when more than {COUNT_CAP:,} cards match (the count stops there). A broad search "
                    "like that is listed by reading and ranked within each page.")},
                "next": {"type": "string", "nullable": True, "format": "uri"},
                "previous": {"type": "string", "nullable": True, "format": "uri"},
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        return []  # `page` is documented with the other parameters (api_schema.CARD_LIST_PARAMETERS)


class InvalidQuery(ParseError):
    """HTTP 400 for a search the query language cannot read, naming the position and the problem."""

    default_code = "invalid_query"


class CardInUse(APIException):
    """HTTP 409 for deleting a card that decks hold (their entries protect it)."""

    status_code = 409
    default_code = "card_in_use"


class IsGameEditorOrReadOnly(permissions.BasePermission):
    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj):
        return request.method in permissions.SAFE_METHODS or can_edit_game(request.user, obj.game_id)


@extend_schema_view(
    list=extend_schema(summary="The games, with their card types and card field declarations"),
    retrieve=extend_schema(summary="A game, with its card types and card field declarations", parameters=[doc.GAME_SLUG]),
)
class GameViewSet(AnyLookupMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = GameSerializer
    lookup_field = "slug"
    pagination_class = None

    def get_queryset(self):
        return game_list()


@extend_schema_view(
    list=extend_schema(
        summary="List and search cards",
        parameters=doc.CARD_LIST_PARAMETERS,
        responses={200: CardSerializer(many=True), 400: doc.BAD_QUERY, 404: doc.NOT_FOUND},
    ),
    retrieve=extend_schema(
        summary="A card", parameters=[doc.CARD_ID], responses={200: CardSerializer, 404: doc.NOT_FOUND}
    ),
    create=extend_schema(
        summary="Add a card (editors of its game)",
        responses={201: CardSerializer, 400: doc.FIELD_ERRORS, 403: doc.FORBIDDEN},
        examples=[
            OpenApiExample(
                "A kannagi place card",
                value={
                    "game": "kannagi",
                    "name": "夜桜の神社",
                    "reading": "よざくらのじんじゃ",
                    "card_type": "場所札",
                    "cost": 0,
                    "fields": {"season": ["春"], "power": 1},
                },
                request_only=True,
            )
        ],
    ),
    update=extend_schema(
        summary="Replace a card's data (editors of its game); values left out take their defaults",
        parameters=[doc.CARD_ID],
        responses={200: CardSerializer, 400: doc.FIELD_ERRORS, 403: doc.FORBIDDEN, 404: doc.NOT_FOUND},
    ),
    partial_update=extend_schema(
        summary="Change some of a card's values (editors of its game); `fields` merges key by key",
        parameters=[doc.CARD_ID],
        responses={200: CardSerializer, 400: doc.FIELD_ERRORS, 403: doc.FORBIDDEN, 404: doc.NOT_FOUND},
    ),
    destroy=extend_schema(
        summary="Delete a card (editors of its game); not while decks hold it",
        parameters=[doc.CARD_ID],
        responses={204: None, 403: doc.FORBIDDEN, 404: doc.NOT_FOUND, 409: doc.CARD_IN_USE},
    ),
)
class CardViewSet(AnyLookupMixin, viewsets.ModelViewSet):
    serializer_class = CardSerializer
    # IsAuthenticatedOrReadOnly adds nothing to IsGameEditorOrReadOnly at run time; it is listed
    # so that the OpenAPI document says reads need no login (spectacular knows DRF's classes only).
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsGameEditorOrReadOnly]

    pagination_class = CappedPagination
    renderer_classes = [CardJSONRenderer]
    content_negotiation_class = AnyTypeNegotiation

    def get_queryset(self):
        return Card.objects.all() if self.action == "list" else Card.objects.select_related("game")

    def list(self, request, *args, **kwargs):
        """A page of the search (cards.search.paging): the count stops at COUNT_CAP."""
        game = None
        slug = query_param(request.query_params.get("game"), 32)
        if slug:
            # The games are the registry's (synced after every migrate): no query to know one.
            if slug not in GAMES:
                raise InvalidQuery(gettext("unknown game {slug!r} (known: {known})").format(
                    slug=slug, known=" ".join(GAMES)))
            game = Game(slug=slug)
        printings = query_param(request.query_params.get("printings"), 16) or ALL
        if printings not in PRINTINGS:
            raise InvalidQuery(gettext("printings: {value!r} is not one of {allowed}").format(
                value=printings, allowed=" ".join(PRINTINGS)))
        try:
            number = int(request.query_params.get("page") or "1")
        except ValueError:  # as DRF's page-number pagination answers
            raise NotFound(gettext("Invalid page.")) from None
        try:
            page = card_page(game=game, q=query_param(request.query_params.get("q")), number=number,
                             size=self.paginator.page_size, columns=API_COLUMNS, values=True, printings=printings)
        except PageOutOfRange:
            raise NotFound(gettext("Invalid page.")) from None
        except QueryError as exc:
            return Response(
                {"detail": query_error_message(exc), "position": exc.position, "q": query_param(request.query_params.get("q"))},
                status=400,
            )
        serializer = self.get_serializer()
        data = serializer.from_rows(page.object_list)
        return self.paginator.get_paginated_response(page, data, request)

    def perform_destroy(self, instance):
        try:
            with transaction.atomic():
                instance.delete()
        except ProtectedError as exc:  # deck entries hold the card: nothing was deleted
            decks = len({getattr(entry, "deck_id", None) for entry in exc.protected_objects})
            raise CardInUse(
                ngettext(
                    "This card is in %(count)d deck: remove it from the deck first.",
                    "This card is in %(count)d decks: remove it from them first.",
                    decks,
                )
                % {"count": decks}
            ) from None

    def perform_create(self, serializer):
        if not can_edit_game(self.request.user, serializer.validated_data["game"]):
            raise PermissionDenied("you are not an editor of this game")
        serializer.save()

    @extend_schema(
        methods=["POST"],
        summary="Set the card's image (editors of its game)",
        parameters=[doc.CARD_ID],
        description="A multipart upload in the field `image`. The file is checked with Pillow (JPEG, PNG, WebP "
        "or GIF, within the size and pixel limits) before anything is stored; the previous image and its "
        "thumbnails are removed.",
        request={"multipart/form-data": doc.IMAGE_UPLOAD},
        responses={200: CardSerializer, 400: doc.BAD_IMAGE, 403: doc.FORBIDDEN, 404: doc.NOT_FOUND},
    )
    @extend_schema(
        methods=["DELETE"],
        summary="Remove the card's image (editors of its game)",
        parameters=[doc.CARD_ID],
        request=None,
        responses={200: CardSerializer, 403: doc.FORBIDDEN, 404: doc.NOT_FOUND},
    )
    @action(detail=True, methods=["post", "delete"], parser_classes=[MultiPartParser])
    def image(self, request, pk=None, format=None):  # noqa: A002 - the format suffix (/image.json/) DRF passes
        card = self.get_object()  # 403 unless the user edits the card's game
        try:
            if request.method == "DELETE":
                card = card_remove_image(card=card)
            else:
                upload = request.FILES.get("image")
                if upload is None:
                    raise DjangoValidationError({"image": [gettext("Send the image file in the form field “image”.")]})
                card = card_set_image(card=card, upload=upload)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.message_dict) from None
        return Response(self.get_serializer(card).data)
