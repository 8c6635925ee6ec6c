"""The card database over HTTP (DRF). Cards travel in the same plain form as the import/export files."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils.translation import gettext
from rest_framework import permissions, serializers, viewsets
from rest_framework.exceptions import ParseError, PermissionDenied
from rest_framework.response import Response

from rules.games import COMMON_KEYS, CardDataError, UnknownGame, get_game

from .i18n import error_message, query_error_message
from .models import Card, Game
from .permissions import can_edit_game
from .search.query import QueryError
from .selectors import card_list, game_list, query_param
from .services import merge_card_data

READ_ONLY_KEYS = ("id", "game", "image", "url")


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
        }


class CardSerializer(serializers.BaseSerializer):
    def to_representation(self, card):
        request = self.context.get("request")
        image = card.image.url if card.image else None
        if image and request is not None:
            image = request.build_absolute_uri(image)
        return {"id": card.pk, "game": card.game_id, **card.to_data(), "image": image, "url": card.get_absolute_url()}

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


class InvalidQuery(ParseError):
    """HTTP 400 for a search the query language cannot read, naming the position and the problem."""

    default_code = "invalid_query"


class IsGameEditorOrReadOnly(permissions.BasePermission):
    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj):
        return request.method in permissions.SAFE_METHODS or can_edit_game(request.user, obj.game_id)


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = GameSerializer
    lookup_field = "slug"
    pagination_class = None

    def get_queryset(self):
        return game_list()


class CardViewSet(viewsets.ModelViewSet):
    serializer_class = CardSerializer
    permission_classes = [IsGameEditorOrReadOnly]

    def get_queryset(self):
        if self.action != "list":
            return Card.objects.select_related("game")
        game = None
        slug = query_param(self.request.query_params.get("game"), 32)
        if slug:
            game = Game.objects.filter(slug=slug).first()
            if game is None:
                raise InvalidQuery(gettext("unknown game {slug!r} (known: {known})").format(
                    slug=slug, known=" ".join(Game.objects.values_list("slug", flat=True))))
        return card_list(game=game, q=query_param(self.request.query_params.get("q")))

    def list(self, request, *args, **kwargs):
        try:
            return super().list(request, *args, **kwargs)
        except QueryError as exc:
            return Response(
                {"detail": query_error_message(exc), "position": exc.position, "q": request.query_params.get("q")},
                status=400,
            )

    def perform_create(self, serializer):
        if not can_edit_game(self.request.user, serializer.validated_data["game"]):
            raise PermissionDenied("you are not an editor of this game")
        serializer.save()
