"""Decks and pools over HTTP (DRF): CRUD for your decks, validation without an account, decklist export."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import transaction
from django.http import Http404, HttpResponse
from django.utils.translation import get_language, gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from cards import api_schema as doc
from cards.apis import AnyLookupMixin
from cards.models import Card, Game
from cards.selectors import query_param

from . import selectors, services
from .models import Deck, Pool, Visibility
from .presenters import deck_payload, pool_payload, revision_summary, validation_payload

# -- shapes (used for input and for the OpenAPI document) ------------------------------------------


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable identifier, e.g. `too_many_copies`, `section_too_small`.")
    message = serializers.CharField(help_text="In the request's language (Accept-Language; Japanese by default).")
    cards = serializers.ListField(child=serializers.IntegerField(), help_text="Ids of the cards responsible.")
    section = serializers.CharField(allow_null=True)
    section_label = serializers.CharField()


class LineErrorSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="1-based line of the decklist text.")
    code = serializers.CharField(
        help_text="Not read (level error): `unknown_card`, `ambiguous_card`, `unknown_printing`, `bad_count`, "
        "`line_too_long`; for a deck code, `invalid_code`, `unknown_number`, `ambiguous_number`. Read with a doubt (warning): `closest_card`, `named_by_reading`, `unknown_section`, "
        "`outside_deck`, `total_mismatch`, `header_count`. Skipped (note): `title`, `author`, `date`, `details`, "
        "`link`, `sentence`, `columns`, `aside`."
    )
    level = serializers.ChoiceField(choices=["error", "warning", "note"])
    message = serializers.CharField(help_text="In the request's language, naming the line.")
    text = serializers.CharField(help_text="The line as written.")
    suggestions = serializers.ListField(child=serializers.CharField(), help_text="The closest card names.")


class DeckInputErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()
    errors = serializers.ListField(child=serializers.CharField())
    lines = LineErrorSerializer(many=True)


class EntrySerializer(serializers.Serializer):
    card = serializers.IntegerField()
    name = serializers.CharField()
    count = serializers.IntegerField()
    card_type = serializers.CharField(help_text="The type's code, as stored.")
    type_label = serializers.CharField(help_text="The type in the request's language, as the game names it.")
    cost = serializers.IntegerField(allow_null=True)
    face = serializers.CharField(help_text="The card's face, 640 px wide (its uploaded image, else its drawn face): a large preview.")
    face_small = serializers.CharField(help_text="The card's face, 240 px wide: for a grid of cards.")


class SectionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()
    min = serializers.IntegerField(allow_null=True)
    max = serializers.IntegerField(allow_null=True)
    entries = EntrySerializer(many=True)


class RegulationRefSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    effective_date = serializers.DateField(allow_null=True)


class DeckCodeSerializer(serializers.Serializer):
    format = serializers.CharField(help_text="The format's key as the game declares it, e.g. `v7` or `share`.")
    tool = serializers.CharField(help_text="The tool that reads it, e.g. 巫カードフィルター.")
    version = serializers.CharField()
    link = serializers.BooleanField(help_text="A link to open (a share link) rather than a code to paste.")
    text = serializers.CharField(help_text="The code or link; empty when it cannot be made.")
    reason = serializers.CharField(help_text="Why no code can be made (a card without a card number is named), else empty.")


class DeckBriefSerializer(serializers.Serializer):
    """A deck in a list: its details without the cards."""

    id = serializers.IntegerField(read_only=True)
    url = serializers.CharField(read_only=True, help_text="The deck's page.")
    owner = serializers.CharField(read_only=True)
    game = serializers.CharField(read_only=True)
    regulation = RegulationRefSerializer(read_only=True)
    name = serializers.CharField(read_only=True)
    description = serializers.CharField(read_only=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, read_only=True)
    revision = serializers.IntegerField(read_only=True, help_text="Send it back as `revision` to detect a concurrent change.")
    created_at = serializers.DateTimeField(read_only=True)
    updated_at = serializers.DateTimeField(read_only=True)
    share_url = serializers.CharField(read_only=True, allow_null=True, help_text="The unlisted link (owner only).")


class DeckSerializer(DeckBriefSerializer):
    """A deck as the API answers it."""

    sections = SectionSerializer(many=True, read_only=True)
    legal = serializers.BooleanField(read_only=True)
    violations = ViolationSerializer(many=True, read_only=True)
    statistics = serializers.DictField(read_only=True, help_text="Cost curve, breakdowns and opening-hand odds.")
    deck_codes = DeckCodeSerializer(
        many=True, read_only=True,
        help_text="The deck in the deck-code formats its game declares a writer for (empty for most games).",
    )


class DeckWriteSerializer(serializers.Serializer):
    """Create or change a deck. Cards come either as `sections` or as `decklist` text (not both)."""

    game = doc.GameSlugField(required=False, help_text="Required when creating; cannot change.")
    regulation = serializers.CharField(required=False, help_text="A regulation code of the game; default: the game's default.")
    name = serializers.CharField(required=False, max_length=100)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    sections = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=0, max_value=999)),
        required=False,
        help_text='Section key → {card id: copies}, e.g. {"main": {"12": 4}}. Replaces every entry.',
    )
    decklist = serializers.CharField(required=False, allow_blank=True, max_length=100_000, help_text="Decklist text; replaces every entry.")
    revision = serializers.IntegerField(required=False, help_text="The revision you changed; 409 if the deck changed since.")

    def validate(self, attrs):
        if "sections" in attrs and "decklist" in attrs:
            raise serializers.ValidationError(gettext("Send either sections or decklist, not both."))
        return attrs


class ValidateSerializer(serializers.Serializer):
    game = doc.GameSlugField()
    regulation = serializers.CharField(required=False, help_text="Regulation code; default: the game's default.")
    decklist = serializers.CharField(required=False, allow_blank=True, max_length=100_000)
    sections = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField(min_value=0, max_value=999)), required=False
    )


class ValidationResultSerializer(serializers.Serializer):
    game = serializers.CharField()
    regulation = RegulationRefSerializer()
    legal = serializers.BooleanField()
    violations = ViolationSerializer(many=True)
    sections = SectionSerializer(many=True)
    statistics = serializers.DictField(help_text="Cost curve, breakdowns and opening-hand odds.")
    unread = LineErrorSerializer(
        many=True, help_text="Decklist lines that could not be read: the deck was checked without them."
    )
    warnings = LineErrorSerializer(many=True, help_text="Decklist lines read with something to check.")
    notes = LineErrorSerializer(many=True, help_text="Decklist lines skipped on purpose (title, author, notes).")
    deck_code = LineErrorSerializer(
        allow_null=True,
        help_text="When the decklist was one deck code or share link of a format the game declares: the line, read as it "
        "(code `deck_code` or `deck_link`); else null.",
    )


class EntryChangeSerializer(serializers.Serializer):
    card = serializers.IntegerField()
    section = serializers.CharField(required=False, help_text="Default: where the card belongs.")
    count = serializers.IntegerField(required=False, min_value=0, max_value=999, help_text="Set the copies (0 removes).")
    delta = serializers.IntegerField(required=False, min_value=-999, max_value=999, help_text="Or add/remove copies.")
    revision = serializers.IntegerField(required=False)
    session = serializers.RegexField(
        r"^[A-Za-z0-9_-]{8,64}$",
        required=False,
        help_text="An editor session: random text (8–64 letters, digits, - or _) new each time an editor opens. "
        "Your saves with the same session extend the latest revision while it is under 10 minutes old, instead "
        "of making a revision each; without it every change is a revision.",
    )

    def validate(self, attrs):
        if ("count" in attrs) == ("delta" in attrs):
            raise serializers.ValidationError(gettext("Send exactly one of count and delta."))
        return attrs


class RevisionSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="Numbers go up; an editor's saves extending a revision renumber it, so they may skip.")
    created_at = serializers.DateTimeField(help_text="Its first save.")
    updated_at = serializers.DateTimeField(help_text="Its last save.")
    edits = serializers.IntegerField(help_text="How many saves it holds.")
    author = serializers.CharField(allow_null=True)
    note = serializers.CharField()
    summary = serializers.CharField(help_text="The diff in words, e.g. “+2 ねこやま, −1 鉄の風”.")
    regulation = serializers.CharField()
    diff = serializers.ListField(
        child=serializers.DictField(), help_text="Against the revision before: `{section, card, name, delta}`, delta > 0 for copies added."
    )


class RestoreSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)


class PoolEntrySerializer(serializers.Serializer):
    deck = serializers.IntegerField()
    deck_name = serializers.CharField()
    player = serializers.CharField()
    count = serializers.IntegerField()
    legal = serializers.BooleanField()
    violations = ViolationSerializer(many=True)


class PoolSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    url = serializers.CharField(read_only=True)
    owner = serializers.CharField(read_only=True)
    name = serializers.CharField(read_only=True)
    description = serializers.CharField(read_only=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, read_only=True)
    regulation = RegulationRefSerializer(read_only=True)
    entries = PoolEntrySerializer(many=True, read_only=True)
    combined = EntrySerializer(many=True, read_only=True, help_text="The shared deck.")
    combined_count = serializers.IntegerField(read_only=True)
    legal = serializers.BooleanField(read_only=True)
    violations = ViolationSerializer(many=True, read_only=True)


class PoolWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    regulation = serializers.CharField(required=False)
    decks = serializers.ListField(child=serializers.IntegerField(), help_text="The entries: your decks or public decks.")
    players = serializers.ListField(child=serializers.CharField(max_length=60), required=False)


DECK_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The deck's id.")
POOL_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The pool's id.")
INPUT_ERROR = doc.bad_input(
    DeckInputErrorSerializer,
    "Bad input, each problem named: `{detail, errors, lines}`, or DRF's messages by field for a body that is "
    "not of the documented shape.",
)
NOT_FOUND = OpenApiResponse(description="No such deck, or not yours and not public.")
FORBIDDEN = OpenApiResponse(description="Not your deck.")
CONFLICT = OpenApiResponse(description="The deck changed since `revision`; reload it.")

# Request examples: shown in /api/docs/, and sent by the API fuzz test (tests/test_api_fuzz.py) as they are.
KANNAGI_LIST = "メイン:\n4 ねこやま\n4 鉄の風\n4 桜並木の小径\n"
NEW_DECK_EXAMPLE = OpenApiExample(
    "A kannagi deck from decklist text",
    value={"game": "kannagi", "name": "春の場所デッキ", "visibility": "public", "decklist": KANNAGI_LIST},
    request_only=True,
)
VALIDATE_EXAMPLE = OpenApiExample(
    "Check a kannagi decklist", value={"game": "kannagi", "decklist": KANNAGI_LIST}, request_only=True
)


# What a client does next with a deck's answer (OpenAPI links, see cards.api_schema.ApiAutoSchema).
_DECK = {"id": "$response.body#/id"}
_REVISION = "$response.body#/revision"
DECK_LINKS = {
    "AddACopyOfItsFirstCard": {
        "operationId": "decks_entries_create",
        "parameters": _DECK,
        "requestBody": {"card": "$response.body#/sections/0/entries/0/card", "delta": 1, "revision": _REVISION},
    },
    "Rename": {
        "operationId": "decks_partial_update",
        "parameters": _DECK,
        "requestBody": {"name": "改名", "revision": _REVISION},
    },
    "RestoreTheFirstRevision": {
        "operationId": "decks_restore_create",
        "parameters": _DECK,
        "requestBody": {"number": 1},
    },
    "Revisions": {"operationId": "decks_revisions_list", "parameters": _DECK},
    "Export": {"operationId": "decks_export_retrieve", "parameters": _DECK},
    "Copy": {"operationId": "decks_copy_create", "parameters": _DECK},
    "Delete": {"operationId": "decks_destroy", "parameters": _DECK},
}


def input_error(exc: services.DeckInputError) -> Response:
    return Response(
        {"detail": exc.messages[0] if exc.messages else "", "errors": exc.messages, "lines": exc.lines},
        status=status.HTTP_400_BAD_REQUEST,
    )


def conflict(exc: services.DeckConflict) -> Response:
    return Response(
        {"detail": gettext("This deck was changed elsewhere (now revision {revision}). Reload it.").format(revision=exc.current), "revision": exc.current},
        status=status.HTTP_409_CONFLICT,
    )


def _regulation(game_slug: str, code: str | None):
    regulation = selectors.regulation_for(game_slug, code)
    if regulation is None:
        raise services.DeckInputError([gettext("regulation: {value!r} is not a regulation of this game").format(value=code)])
    return regulation


# -- decks --------------------------------------------------------------------------------------


class OwnedViewSet(AnyLookupMixin, viewsets.GenericViewSet):
    """Reads check visibility first (404 when hidden); writes also need the owner (403 otherwise)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    visible = None  # selectors.visible_deck / visible_pool: (user, pk) -> object or Http404
    not_yours = ""

    def _visible(self, pk):
        try:
            return type(self).visible(self.request.user, int(pk))
        except (Http404, ValueError, TypeError, OverflowError):
            raise NotFound() from None

    def _owned(self, pk):
        obj = self._visible(pk)
        if obj.owner_id != self.request.user.pk:
            raise PermissionDenied(str(self.not_yours))
        return obj


@extend_schema_view(
    list=extend_schema(
        summary="Your decks and public decks",
        parameters=[
            OpenApiParameter("game", OpenApiTypes.STR, description="Only this game's decks."),
            OpenApiParameter("mine", OpenApiTypes.BOOL, description="Only your own decks."),
        ],
        responses={200: DeckBriefSerializer(many=True)},
    ),
    retrieve=extend_schema(summary="A deck (yours, or public)", parameters=[DECK_ID], responses={200: DeckSerializer, 404: NOT_FOUND}),
    create=extend_schema(
        summary="Create a deck",
        request=DeckWriteSerializer,
        responses={201: DeckSerializer, 400: INPUT_ERROR},
        examples=[NEW_DECK_EXAMPLE],
    ),
    partial_update=extend_schema(
        summary="Change your deck (details, cards or decklist)",
        parameters=[DECK_ID],
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    ),
    update=extend_schema(
        summary="Change your deck (details, cards or decklist)",
        parameters=[DECK_ID],
        request=DeckWriteSerializer,
        responses={200: DeckSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    ),
    destroy=extend_schema(summary="Delete your deck", parameters=[DECK_ID], responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND}),
)
class DeckViewSet(OwnedViewSet):
    serializer_class = DeckSerializer
    queryset = Deck.objects.none()
    throttle_scope = None  # an action may name its own (validate: "check")

    visible = staticmethod(selectors.visible_deck)
    not_yours = gettext_lazy("This is not your deck.")
    openapi_links = {
        "create": {"201": DECK_LINKS},
        "partial_update": {"200": DECK_LINKS},
        "update": {"200": DECK_LINKS},
        "entries": {"200": DECK_LINKS},
        "copy": {"201": DECK_LINKS},
    }

    def _payload(self, deck, status_code=200):
        return Response(deck_payload(deck, self.request), status=status_code)

    def list(self, request):
        user = request.user
        if user.is_authenticated and request.query_params.get("mine") in ("1", "true", "yes"):
            qs = selectors.user_decks(user)
        elif user.is_authenticated:
            qs = selectors.deck_queryset().filter(owner=user) | selectors.public_decks()
        else:
            qs = selectors.public_decks()
        game = query_param(request.query_params.get("game"), 32)
        if game:
            qs = qs.filter(game_id=game)
        page = self.paginate_queryset(qs.order_by("-updated_at", "id"))
        return self.get_paginated_response([deck_payload(d, request, brief=True) for d in page])

    def retrieve(self, request, pk=None):
        return self._payload(self._visible(pk))

    def create(self, request):
        data = DeckWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = v.get("game")
        if not game or not Game.objects.filter(slug=game).exists():
            return input_error(services.DeckInputError([gettext("game: required, one of {known}").format(
                known=" ".join(Game.objects.values_list("slug", flat=True)))]))
        try:
            regulation = _regulation(game, v.get("regulation"))
            sections, title = v.get("sections"), None
            if "decklist" in v:
                reading = services.decklist_reading_strict(game, regulation, v["decklist"])
                sections, title = reading.sections, reading.title
            deck = services.deck_create(
                owner=request.user,
                game=game,
                regulation=regulation,
                name=v.get("name") or title or "",  # a share link's title names the deck when no name is sent
                description=v.get("description", ""),
                visibility=v.get("visibility", Visibility.PRIVATE),
                sections=sections,
            )
        except services.DeckInputError as exc:
            return input_error(exc)
        return self._payload(deck, status.HTTP_201_CREATED)

    def partial_update(self, request, pk=None):
        deck = self._owned(pk)
        data = DeckWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        if "game" in v and v["game"] != deck.game_id:
            return input_error(services.DeckInputError([gettext("game: a deck's game cannot change")]))
        expected = v.get("revision")
        try:
            with transaction.atomic():  # details and cards change together or not at all
                self._apply_changes(request, deck, v, expected)
        except services.DeckInputError as exc:
            return input_error(exc)
        except services.DeckConflict as exc:
            return conflict(exc)
        deck.refresh_from_db()
        return self._payload(deck)

    def _apply_changes(self, request, deck, v, expected):
        regulation = _regulation(deck.game_id, v["regulation"]) if "regulation" in v else None
        if {"name", "description", "visibility"} & set(v) or regulation is not None:
            services.deck_update(
                deck=deck,
                user=request.user,
                name=v.get("name"),
                description=v.get("description"),
                visibility=v.get("visibility"),
                regulation=regulation,
                expected_revision=expected,
            )
            expected = None if expected is None else deck.revision
        if "decklist" in v:
            services.deck_import_text(deck=deck, user=request.user, text=v["decklist"], expected_revision=expected)
        elif "sections" in v:
            services.deck_set_sections(deck=deck, user=request.user, sections=v["sections"], expected_revision=expected)

    def update(self, request, pk=None):
        return self.partial_update(request, pk)

    def destroy(self, request, pk=None):
        services.deck_delete(deck=self._owned(pk), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Validate a decklist or sections against a regulation (no account needed)",
        request=ValidateSerializer,
        responses={200: ValidationResultSerializer, 400: INPUT_ERROR},
        examples=[VALIDATE_EXAMPLE],
    )
    # Counted with the check page under the "check" rate (config/throttles.py), on top of the API's own.
    @action(detail=False, methods=["post"], permission_classes=[permissions.AllowAny], throttle_scope="check")
    def validate(self, request):
        data = ValidateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = v["game"]
        if not Game.objects.filter(slug=game).exists():
            return input_error(services.DeckInputError([gettext("game: required, one of {known}").format(
                known=" ".join(Game.objects.values_list("slug", flat=True)))]))
        try:
            regulation = _regulation(game, v.get("regulation"))
            if "sections" in v:
                reading = services.DecklistReading(services.check_sections(game, regulation, v["sections"]))
            else:  # a line that cannot be read is listed; the deck is checked with the rest
                reading = services.read_decklist(game, regulation, v.get("decklist", ""))
        except services.DeckInputError as exc:
            return input_error(exc)
        payload = validation_payload(game, regulation, reading.sections, request)
        payload.update(unread=reading.unread, warnings=reading.warnings, notes=reading.notes, deck_code=reading.code)
        return Response(payload)

    @extend_schema(
        summary="The deck as decklist text",
        parameters=[
            DECK_ID,
            OpenApiParameter("lang", OpenApiTypes.STR, enum=["ja", "en"], description="Header language."),
            OpenApiParameter(
                "style", OpenApiTypes.STR, enum=["plain", "post"],
                description="`plain` (default): `メイン:` then `4 名前`; `post`: `■メイン（40枚）` then `《名前》×4`.",
            ),
        ],
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        deck = self._visible(pk)
        lang = request.query_params.get("lang") or get_language() or "ja"
        style = "post" if request.query_params.get("style") == "post" else "plain"
        text = services.deck_export_text(deck, "en" if lang.startswith("en") else "ja", style=style)
        return HttpResponse(text, content_type="text/plain; charset=utf-8")

    @extend_schema(
        summary="Set or change the copies of one card (the editor's round trip)",
        parameters=[DECK_ID],
        request=EntryChangeSerializer,
        responses={200: DeckSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    @action(detail=True, methods=["post"])
    def entries(self, request, pk=None):
        deck = self._owned(pk)
        data = EntryChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        card = Card.objects.filter(pk=v["card"], game_id=deck.game_id).first()
        try:
            if card is None:
                raise services.DeckInputError([gettext("card {card}: no such card in this game").format(card=v["card"])])
            services.deck_change_count(
                deck=deck,
                user=request.user,
                card=card,
                section=v.get("section") or services.section_for(deck.regulation, card),
                count=v.get("count"),
                delta=v.get("delta"),
                expected_revision=v.get("revision"),
                session=v.get("session", ""),
            )
        except services.DeckInputError as exc:
            return input_error(exc)
        except services.DeckConflict as exc:
            return conflict(exc)
        deck.refresh_from_db()
        return self._payload(deck)

    @extend_schema(summary="The deck's revisions, newest first", parameters=[DECK_ID], responses={200: RevisionSerializer(many=True), 404: NOT_FOUND})
    @action(detail=True, methods=["get"], pagination_class=None)
    def revisions(self, request, pk=None):
        deck = self._visible(pk)
        return Response(
            [
                {
                    "number": r.number,
                    "created_at": r.created_at,
                    "updated_at": r.updated_at,
                    "edits": r.edits,
                    "author": r.author.get_username() if r.author else None,
                    "note": r.note_display,
                    "summary": revision_summary(r.diff),
                    "regulation": r.regulation_code,
                    "diff": r.diff,
                }
                for r in deck.revisions.select_related("author")
            ]
        )

    @extend_schema(
        summary="Restore a revision (kept as a new revision)",
        parameters=[DECK_ID],
        request=RestoreSerializer,
        responses={200: DeckSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request, pk=None):
        deck = self._owned(pk)
        data = RestoreSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            services.deck_restore(deck=deck, user=request.user, number=data.validated_data["number"])
        except services.DeckInputError as exc:
            return input_error(exc)
        deck.refresh_from_db()
        return self._payload(deck)

    @extend_schema(summary="Copy a public deck (or your own) into your decks", parameters=[DECK_ID], request=None, responses={201: DeckSerializer, 404: NOT_FOUND})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def copy(self, request, pk=None):
        deck = self._visible(pk)
        try:
            new = services.deck_copy(deck=deck, user=request.user)
        except DjangoPermissionDenied:
            raise NotFound() from None
        return self._payload(new, status.HTTP_201_CREATED)


# -- pools ----------------------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Your pools and public pools"),
    retrieve=extend_schema(summary="A pool with each entry's validation and the combined shared deck", parameters=[POOL_ID], responses={200: PoolSerializer, 404: NOT_FOUND}),
    create=extend_schema(summary="Create a pool (Time Storm)", request=PoolWriteSerializer, responses={201: PoolSerializer, 400: INPUT_ERROR}),
    update=extend_schema(summary="Change your pool", parameters=[POOL_ID], request=PoolWriteSerializer, responses={200: PoolSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND}),
    destroy=extend_schema(summary="Delete your pool", parameters=[POOL_ID], responses={204: None, 403: FORBIDDEN, 404: NOT_FOUND}),
)
class PoolViewSet(OwnedViewSet):
    serializer_class = PoolSerializer
    queryset = Pool.objects.none()

    visible = staticmethod(selectors.visible_pool)
    not_yours = gettext_lazy("This is not your pool.")

    def list(self, request):
        qs = selectors.pool_queryset().filter(visibility=Visibility.PUBLIC)
        if request.user.is_authenticated:
            qs = qs | selectors.pool_queryset().filter(owner=request.user)
        page = self.paginate_queryset(qs.order_by("-updated_at", "id"))
        return self.get_paginated_response([pool_payload(p, request) for p in page])

    def retrieve(self, request, pk=None):
        return Response(pool_payload(self._visible(pk), request))

    def _save(self, request, pool=None):
        data = PoolWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        try:
            regulation = _regulation(pool.game_id if pool else selectors.pool_game(), v["regulation"]) if v.get("regulation") else None
            pool = services.pool_save(
                user=request.user,
                pool=pool,
                name=v["name"],
                description=v.get("description", ""),
                visibility=v.get("visibility", pool.visibility if pool else Visibility.PRIVATE),
                regulation=regulation,
                deck_ids=v["decks"],
                players=v.get("players"),
            )
        except services.DeckInputError as exc:
            return input_error(exc)
        return Response(pool_payload(pool, request), status=200 if pool and request.method == "PUT" else 201)

    def create(self, request):
        return self._save(request)

    def update(self, request, pk=None):
        return self._save(request, self._owned(pk))

    def destroy(self, request, pk=None):
        services.pool_delete(pool=self._owned(pk), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
