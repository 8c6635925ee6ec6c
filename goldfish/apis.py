"""Goldfish sessions over HTTP (DRF): start a game, read it (anyone with the link), and, for its owner,
play an action, undo, redo and start again. Each write answers with the new view and legal actions, so
the page needs one round trip per click."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from cards import api_schema as doc
from cards.apis import AnyLookupMixin
from decks import selectors as deck_selectors
from decks.apis import DeckInputErrorSerializer

from . import selectors, services
from .actors import actor, owns
from .models import GoldfishSession, SourceKind
from .presenters import session_payload

# -- shapes ---------------------------------------------------------------------------------------------


class SourceSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=SourceKind.choices)
    name = serializers.CharField()
    deck = serializers.IntegerField(allow_null=True)
    deck_revision = serializers.IntegerField(allow_null=True, help_text="The deck's revision the game was dealt from.")
    pool = serializers.IntegerField(allow_null=True)
    regulation = serializers.CharField()


class SessionSerializer(serializers.Serializer):
    """A goldfish game as the API answers it."""

    id = serializers.CharField(help_text="The game's public id (random, in its link).")
    url = serializers.CharField(help_text="The game's page.")
    api = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    source = SourceSerializer()
    seed = serializers.IntegerField(help_text="With the cards and the actions, reproduces the game exactly.")
    options = serializers.DictField()
    version = serializers.IntegerField(help_text="Send it back as `version` to detect a write from elsewhere (409).")
    can_act = serializers.BooleanField(help_text="You own this game: you may play, undo, redo and start again.")
    step = serializers.IntegerField(help_text="The actions this view is after (less than `steps` when replaying).")
    steps = serializers.IntegerField(help_text="The actions played so far.")
    view = serializers.DictField(
        help_text="rules.engine.view for the player: players, turn, phase, active, priority, stack, pending, "
        "result, zones (zone -> instance ids; null for a hidden card), cards, defs (card data, with `face`, "
        "the drawn face's URL, and `face_m`, its large preview, where the card has one), log (each entry with "
        "`story`: its lines in the request's language, each a list of `parts`, text or a named card with its "
        "`face`), log_cards (the names and faces of the cards the log's actions name), clock (whose turn it is "
        "and which of that player's own turns: the wording every game uses), can_undo, can_redo."
    )
    legal_actions = serializers.ListField(child=serializers.DictField(), help_text=(
        "The rule actions you may play now (empty for others). An entry with `choice` ({field, from, min, max}) "
        "also stands for the same action with `field` any list of different cards of `from`, min to max of them."))
    events = serializers.ListField(child=serializers.DictField(), help_text="What the action just done did.")
    revealed = serializers.DictField(help_text="Cards a manual reveal or search just showed you: {cards, defs}.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class SessionBriefSerializer(serializers.Serializer):
    id = serializers.CharField()
    url = serializers.CharField()
    game = serializers.CharField()
    source_name = serializers.CharField()
    seed = serializers.IntegerField()
    result = serializers.DictField(allow_null=True)
    updated_at = serializers.DateTimeField()


class StartSerializer(serializers.Serializer):
    """Start a game from exactly one of: a deck, a pool, or decklist text."""

    game = doc.GameSlugField(
        required=False, help_text="Required with `decklist`; otherwise it must match the deck's game."
    )
    deck = serializers.IntegerField(required=False, min_value=1, help_text="Your deck or a public one.")
    deck_token = serializers.CharField(required=False, max_length=64, help_text="Or a deck by its share link's token.")
    pool = serializers.IntegerField(required=False, min_value=1, help_text="A Time Storm pool: yours or a public one.")
    pool_token = serializers.CharField(required=False, max_length=64, help_text="Or a pool by its share link's token.")
    decklist = serializers.CharField(required=False, allow_blank=True, max_length=100_000, help_text="Decklist text, read as /decks/check/ reads it.")
    regulation = serializers.CharField(required=False, max_length=40, help_text="With `decklist`: a regulation code (default: the game's default).")
    seed = serializers.JSONField(required=False, allow_null=True, help_text="0 to 2**63-1; empty or null: a random seed.")
    options = serializers.DictField(required=False, help_text="The game's options: each key, type, range or choices and default is declared in `GET /api/games/<slug>/` `options`; a value outside them answers 400 naming the option and what it takes, in the request's language.")

    SOURCES = ("deck", "deck_token", "pool", "pool_token", "decklist")

    def validate(self, attrs):
        given = [k for k in self.SOURCES if k in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(gettext("Send exactly one of deck, deck_token, pool, pool_token and decklist."))
        return attrs


class ActionSerializer(serializers.Serializer):
    action = serializers.DictField(
        help_text='A legal action from `legal_actions` (e.g. {"type": "end_turn"}) or a manual one '
        '(e.g. {"type": "manual.draw", "player": 0, "n": 1}); see rules/engine/manual.py.'
    )
    version = serializers.IntegerField(required=False, help_text="The version you saw; 409 if the game changed since.")


class StepsSerializer(serializers.Serializer):
    steps = serializers.IntegerField(required=False, min_value=1, max_value=services.MAX_STEPS, default=1)
    version = serializers.IntegerField(required=False)


class NewGameSerializer(serializers.Serializer):
    seed = serializers.JSONField(required=False, allow_null=True, help_text="Empty or null: a random seed.")
    options = serializers.DictField(required=False, help_text="Default: the options of this game.")


class ConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    version = serializers.IntegerField()


SESSION_ID = OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH, description="The game's public id.")
STEP = OpenApiParameter("step", OpenApiTypes.INT, description="Replay: the game after its first `step` actions.")
INPUT_ERROR = doc.bad_input(
    DeckInputErrorSerializer,
    "Bad input or an illegal action, the field named; nothing changed: `{detail, errors, lines}`, or DRF's "
    "messages by field for a body that is not of the documented shape.",
)
NOT_FOUND = OpenApiResponse(description="No such game.")
FORBIDDEN = OpenApiResponse(description="Not your game: you may look at it, not play it.")
CONFLICT = OpenApiResponse(ConflictSerializer, description="The game changed since `version`; reload it.")
# A visitor without an account is known by their session cookie, so their writes need its CSRF token.
CSRF_REFUSED = OpenApiResponse(
    doc.DetailDoc, description="Without an account: the session's CSRF token is missing or wrong."
)


def input_error(exc: services.GoldfishInputError) -> Response:
    return Response(
        {"detail": exc.messages[0] if exc.messages else "", "errors": exc.messages, "lines": exc.lines},
        status=status.HTTP_400_BAD_REQUEST,
    )


def conflict(exc: services.GoldfishConflict) -> Response:
    return Response(
        {"detail": gettext("This game was changed elsewhere (now version {version}). Reload it.").format(version=exc.current), "version": exc.current},
        status=status.HTTP_409_CONFLICT,
    )


# What a client does next with a game's answer (OpenAPI links, see cards.api_schema.ApiAutoSchema).
_GAME = {"id": "$response.body#/id"}
_VERSION = "$response.body#/version"
_ONE_STEP = {"steps": 1, "version": _VERSION}
GAME_LINKS = {
    "PlayTheFirstLegalAction": {
        "operationId": "goldfish_actions_create",
        "parameters": _GAME,
        "requestBody": {"action": "$response.body#/legal_actions/0", "version": _VERSION},
        "description": "Play an action of `legal_actions` at the game's `version`.",
    },
    "Undo": {"operationId": "goldfish_undo_create", "parameters": _GAME, "requestBody": _ONE_STEP},
    "Redo": {"operationId": "goldfish_redo_create", "parameters": _GAME, "requestBody": _ONE_STEP},
    "NewGame": {"operationId": "goldfish_new_create", "parameters": _GAME},
    "Read": {"operationId": "goldfish_retrieve", "parameters": _GAME},
}


# -- the API ------------------------------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Your recent goldfish games", responses={200: SessionBriefSerializer(many=True)}),
    retrieve=extend_schema(
        summary="A goldfish game: the view and, for its owner, the legal actions (anyone with the link may look)",
        parameters=[SESSION_ID, STEP],
        responses={200: SessionSerializer, 400: INPUT_ERROR, 404: NOT_FOUND},
    ),
    create=extend_schema(
        summary="Start a goldfish game from a deck, a pool or a decklist",
        request=StartSerializer,
        responses={201: SessionSerializer, 400: INPUT_ERROR, 403: CSRF_REFUSED},
        examples=[
            OpenApiExample(
                "A pasted kannagi decklist with seed 42",
                value={"game": "kannagi", "decklist": "4 ねこやま\n4 鉄の風\n4 桜並木の小径\n4 無人の踏切", "seed": 42},
                request_only=True,
            )
        ],
    ),
)
class GoldfishViewSet(AnyLookupMixin, viewsets.GenericViewSet):
    """Reads are open to anyone with the link; writes need the game's owner (403 otherwise)."""

    permission_classes = [permissions.AllowAny]  # anonymous visitors goldfish too: ownership is checked per game
    serializer_class = SessionSerializer
    queryset = GoldfishSession.objects.none()
    pagination_class = None
    openapi_links = {
        "create": {"201": GAME_LINKS},
        "play": {"200": GAME_LINKS},
        "undo": {"200": GAME_LINKS},
        "redo": {"200": GAME_LINKS},
        "new_game": {"201": GAME_LINKS},
    }

    # -- helpers

    def _session(self, pk):
        try:
            return selectors.get_session(pk)
        except Http404:
            raise NotFound() from None

    def _check_csrf(self, request):
        """Anonymous writes are authorised by the session cookie, so they need the CSRF token too (DRF only
        checks it for signed-in sessions)."""
        if request.auth is None and not request.user.is_authenticated:
            SessionAuthentication().enforce_csrf(request)

    def _owned(self, request, pk):
        """Permission first: the game must exist (404) and be yours (403)."""
        try:
            session = selectors.session_owner(pk)
        except Http404:
            raise NotFound() from None
        if not owns(session, actor(request)):
            raise PermissionDenied(gettext("This is not your game: you may watch it, not play it."))
        self._check_csrf(request)
        return session

    def _answer(self, request, outcome: services.Outcome, status_code=200):
        payload = session_payload(outcome.session, outcome.state, can_act=True, events=outcome.events, request=request)
        return Response(payload, status=status_code)

    def _write(self, request, call, **kwargs):
        try:
            outcome = call(session_id=kwargs.pop("pk"), who=actor(request), **kwargs)
        except services.GoldfishInputError as exc:
            return input_error(exc)
        except services.GoldfishConflict as exc:
            return conflict(exc)
        except GoldfishSession.DoesNotExist:
            raise NotFound() from None
        except DjangoPermissionDenied:
            raise PermissionDenied() from None
        return self._answer(request, outcome)

    # -- reads

    def list(self, request):
        sessions = selectors.recent_sessions(actor(request))
        return Response(
            [
                {
                    "id": s.id,
                    "url": request.build_absolute_uri(s.get_absolute_url()),
                    "game": s.game_id,
                    "source_name": s.source_name,
                    "seed": s.seed,
                    "result": s.result,
                    "updated_at": s.updated_at,
                }
                for s in sessions
            ]
        )

    def retrieve(self, request, pk=None):
        session = self._session(pk)
        can_act = owns(session, actor(request))
        raw_step = request.query_params.get("step")
        if raw_step is None or raw_step == "":
            return Response(session_payload(session, selectors.session_state(session), can_act=can_act, request=request))
        try:
            step = int(raw_step)
            if not 0 <= step <= session.steps:
                raise ValueError
        except ValueError:
            return input_error(services.GoldfishInputError([gettext("step: a whole number from 0 to {max}").format(max=session.steps)]))
        if step == session.steps:
            state = selectors.session_state(session)
        else:
            state = selectors.state_at(session, step)
        return Response(session_payload(session, state, can_act=can_act, step=step, request=request))

    # -- writes

    def create(self, request):
        self._check_csrf(request)
        data = StartSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        who = actor(request, create=True)
        common = {"who": who, "seed": v.get("seed"), "options": v.get("options")}
        try:
            if "decklist" in v:
                outcome = services.start_from_decklist(game=v.get("game"), text=v["decklist"], regulation_code=v.get("regulation"), **common)
            elif "deck" in v or "deck_token" in v:
                deck = self._source(lambda: deck_selectors.visible_deck(request.user, v["deck"]) if "deck" in v else deck_selectors.shared_deck(v["deck_token"]), "deck")
                self._same_game(v, deck.game_id)
                outcome = services.start_from_deck(deck=deck, **common)
            else:
                pool = self._source(lambda: deck_selectors.visible_pool(request.user, v["pool"]) if "pool" in v else deck_selectors.shared_pool(v["pool_token"]), "pool")
                self._same_game(v, pool.game_id)
                outcome = services.start_from_pool(pool=pool, **common)
        except services.GoldfishInputError as exc:
            return input_error(exc)
        except DjangoPermissionDenied:
            raise PermissionDenied() from None
        return self._answer(request, outcome, status.HTTP_201_CREATED)

    @staticmethod
    def _source(find, name):
        try:
            return find()
        except Http404:
            raise services.GoldfishInputError(
                [gettext("{field}: no such {field} that you may see").format(field=name)]
            ) from None

    @staticmethod
    def _same_game(v, game):
        if v.get("game") and v["game"] != game:
            raise services.GoldfishInputError([gettext("game: the cards are of {game}, not {value}").format(game=game, value=v["game"])])

    @extend_schema(
        summary="Play an action (the owner only); the answer is the new view and legal actions",
        parameters=[SESSION_ID],
        request=ActionSerializer,
        responses={200: SessionSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    @action(detail=True, methods=["post"], url_path="actions", url_name="actions")
    def play(self, request, pk=None):
        self._owned(request, pk)
        data = ActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        return self._write(request, services.act, pk=pk, action=v["action"], expected_version=v.get("version"))

    @extend_schema(
        summary="Undo the last action(s) (the owner only)",
        parameters=[SESSION_ID],
        request=StepsSerializer,
        responses={200: SessionSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        return self._steps(request, pk, services.take_back)

    @extend_schema(
        summary="Redo the last undone action(s) (the owner only)",
        parameters=[SESSION_ID],
        request=StepsSerializer,
        responses={200: SessionSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT},
    )
    @action(detail=True, methods=["post"])
    def redo(self, request, pk=None):
        return self._steps(request, pk, services.play_again)

    def _steps(self, request, pk, service):
        """Undo or redo: the owner only, a number of steps, the version the client saw."""
        self._owned(request, pk)
        data = StepsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        return self._write(request, service, pk=pk, steps=v["steps"], expected_version=v.get("version"))

    @extend_schema(
        summary="A new game with the same cards and options (the owner only): a new seed, or the one given",
        parameters=[SESSION_ID],
        request=NewGameSerializer,
        responses={201: SessionSerializer, 400: INPUT_ERROR, 403: FORBIDDEN, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"], url_path="new", url_name="new")
    def new_game(self, request, pk=None):
        self._owned(request, pk)
        data = NewGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        try:
            outcome = services.restart(session_id=pk, who=actor(request), seed=v.get("seed"), options=v.get("options"))
        except services.GoldfishInputError as exc:
            return input_error(exc)
        except DjangoPermissionDenied:
            raise PermissionDenied() from None
        return self._answer(request, outcome, status.HTTP_201_CREATED)


# -- simulations -------------------------------------------------------------------------------------------


class DeckAskedSerializer(serializers.Serializer):
    """The deck a simulation, card report or matchup is asked for: by id, or by its share link's token."""

    deck = serializers.IntegerField(required=False, min_value=1, help_text="Your deck or a public one.")
    deck_token = serializers.CharField(required=False, max_length=64, help_text="Or a deck by its share link's token.")

    def validate(self, attrs):
        if ("deck" in attrs) == ("deck_token" in attrs):
            raise serializers.ValidationError(gettext("Send exactly one of deck and deck_token."))
        return attrs


class SimulationStartSerializer(DeckAskedSerializer):
    """Goldfish a saved deck thousands of times with the game's autopilot (in the background)."""

    games = serializers.IntegerField(min_value=1, max_value=services.SIM_MAX_GAMES, default=2000)
    seed = serializers.IntegerField(min_value=0, max_value=services.SIM_MAX_SEED, default=1, help_text="Game i is played from seed + i.")
    turn_cap = serializers.IntegerField(min_value=1, max_value=services.SIM_MAX_TURN_CAP, default=20)
    revision = serializers.IntegerField(required=False, min_value=1, help_text="A saved revision of the deck (default: the current one).")


class SimulationSerializer(serializers.Serializer):
    """A simulation: its progress, and when done its figures (see rules/engine/simulate.py summarize)."""

    id = serializers.CharField(help_text="The simulation's public id (random, in its link).")
    url = serializers.CharField(help_text="Its page: progress, then the chart, the table and the card figures.")
    chart = serializers.CharField(allow_null=True, help_text="The win-turn chart as SVG, when done.")
    game = serializers.CharField()
    deck = serializers.IntegerField()
    revision = serializers.IntegerField()
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    turn_cap = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    label = serializers.CharField(help_text="The state in the user's language, as the page shows it.")
    error = serializers.CharField(help_text="Why it failed, in the user's language (\"\" unless failed).")
    done = serializers.IntegerField(help_text="Games played so far.")
    result = serializers.DictField(
        allow_null=True,
        help_text="When done: games, won, lost, not_won, not_won_share, mean, median, distribution "
        "[{turn, count, share, cumulative}], opening {pool, hand, key_label, key_cards, key_copies, at_least "
        "[{k, simulated, exact, low, high, kept}], key_games, kept_games}, cards [{name, copies, played, "
        "plays_per_game, first_turn, opening, opening_exact}].",
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def requested_deck(request, values):
    """The deck a simulation or card report asks for: the requester's own or a public one by id, or an
    unlisted one by its sharing token; NotFound otherwise."""
    try:
        if "deck" in values:
            return deck_selectors.visible_deck(request.user, values["deck"])
        return deck_selectors.shared_deck(values["deck_token"])
    except Http404:
        raise NotFound() from None


def job_payload(job, request, **own) -> dict:
    """What every deck job (a simulation, a card report, a matchup) answers: its id and page, the deck it
    plays, its progress in the user's words, and its result when done; `own` adds the kind's own fields."""
    return {
        "id": job.token,
        "url": request.build_absolute_uri(job.get_absolute_url()),
        "game": job.game_id,
        "deck": job.deck_id,
        "revision": job.revision,
        "games": job.games,
        "seed": job.seed,
        **own,
        "status": job.status,
        "label": job.status_label,
        "error": job.failure_message,
        "done": job.done,
        "result": job.result if job.status == job.Status.DONE else None,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


def simulation_payload(sim, request) -> dict:
    from django.urls import reverse

    done = sim.status == sim.Status.DONE
    chart = request.build_absolute_uri(reverse("simulation_chart", args=[sim.token])) if done else None
    return {"chart": chart, **job_payload(sim, request, turn_cap=sim.turn_cap)}


class DeckJobViewSet(AnyLookupMixin, viewsets.GenericViewSet):
    """A kind of deck job over the API: `retrieve` reads one as visible as its deck (`find`, a selector that
    raises Http404), `create` checks the start serializer, finds the deck the requester may see and starts
    the job (`start`): the stored job with the same settings answers 200, a new one 201. A visitor's session
    cookie authorises a start only with its CSRF token."""

    permission_classes = [permissions.AllowAny]
    queryset = GoldfishSession.objects.none()
    pagination_class = None
    start_serializer: type[serializers.Serializer]

    def find(self, user, pk):
        raise NotImplementedError

    def payload(self, job, request) -> dict:
        raise NotImplementedError

    def start(self, request, deck, values):
        raise NotImplementedError

    def retrieve(self, request, pk=None):
        try:
            job = self.find(request.user, pk)
        except Http404:
            raise NotFound() from None
        return Response(self.payload(job, request))

    def create(self, request):
        if request.auth is None and not request.user.is_authenticated:
            SessionAuthentication().enforce_csrf(request)
        data = self.start_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        deck = requested_deck(request, values)
        asked = timezone.now()
        try:
            job = self.start(request, deck, values)
        except services.GoldfishInputError as exc:
            return input_error(exc)
        created = job.created_at >= asked  # else the stored job with these settings
        return Response(self.payload(job, request), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


SIMULATION_ID = OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH, description="The simulation's public id.")


@extend_schema_view(
    retrieve=extend_schema(
        summary="A simulation: its progress and, when done, its figures (as visible as its deck)",
        parameters=[SIMULATION_ID],
        responses={200: SimulationSerializer, 404: OpenApiResponse(description="No such simulation, or its deck is private.")},
    ),
    create=extend_schema(
        summary="Simulate a deck: the stored simulation with these settings (200), or a new one queued (201)",
        request=SimulationStartSerializer,
        responses={
            200: SimulationSerializer,
            201: SimulationSerializer,
            400: INPUT_ERROR,
            403: CSRF_REFUSED,
            404: OpenApiResponse(description="No such deck."),
        },
    ),
)
class SimulationViewSet(DeckJobViewSet):
    """Anyone who may see a deck may simulate it; the same settings again answer the same simulation."""

    serializer_class = SimulationSerializer
    start_serializer = SimulationStartSerializer

    def find(self, user, pk):
        return selectors.visible_simulation(user, pk)

    def payload(self, job, request):
        return simulation_payload(job, request)

    def start(self, request, deck, values):
        return services.start_simulation(
            who=actor(request, create=True), deck=deck, games=values["games"], seed=values["seed"],
            turn_cap=values["turn_cap"], revision=values.get("revision"),
        )


# -- card reports (the designer report) -------------------------------------------------------------------------


class CardReportStartSerializer(DeckAskedSerializer):
    """Report, per card of a saved deck, how the games went with and without it (in the background); with
    swap_old and swap_new, the same seeds played again with every copy of one card replaced by another."""

    games = serializers.IntegerField(min_value=1, max_value=services.REPORT_MAX_GAMES, default=1000)
    seed = serializers.IntegerField(min_value=0, max_value=services.SIM_MAX_SEED, default=1, help_text="Game i is played from seed + i.")
    turn_cap = serializers.IntegerField(min_value=1, max_value=services.SIM_MAX_TURN_CAP, default=20)
    swap_old = serializers.CharField(required=False, allow_blank=True, max_length=40, help_text="The key (card id) of a card of the deck to take out.")
    swap_new = serializers.CharField(required=False, allow_blank=True, max_length=40, help_text="The id of a card of the same game to put in.")


class CardReportSerializer(serializers.Serializer):
    """A card report: its progress, and when done its figures (see rules/engine/report.py)."""

    id = serializers.CharField(help_text="The report's public id (random, in its link).")
    url = serializers.CharField(help_text="Its page: progress, then the chart and the table.")
    game = serializers.CharField()
    deck = serializers.IntegerField()
    revision = serializers.IntegerField()
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    turn_cap = serializers.IntegerField()
    swap_old = serializers.CharField(help_text="The card taken out (\"\" for no swap).")
    swap_new = serializers.CharField(help_text="The card put in (\"\" for no swap).")
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    label = serializers.CharField(help_text="The state in the user's language, as the page shows it.")
    error = serializers.CharField(help_text="Why it failed, in the user's language (\"\" unless failed).")
    done = serializers.IntegerField(help_text="Games played so far (a swap plays the games twice).")
    result = serializers.DictField(
        allow_null=True,
        help_text="When done, without a swap: games, turn_cap, by_turn (T), early_turn, median, deck {games, won_by, "
        "share, interval, wins, mean, mean_interval}, not_won, plays, cards [{key, name, copies, opening and early "
        "{with, without, share_diff, mean_diff}, drawn, stuck, stuck_interval, plays, play_share, play_share_interval, "
        "plays_per_game, impact, impact_interval, significant}] sorted by the size of the impact. With a swap: "
        "{base, swapped, changes {deck {share, mean}, cards [{key, name, new_key, new_name, swapped, impact, "
        "share_with, mean_with, stuck, play_share}]}}, each change {diff, low, high, significant}.",
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def card_report_payload(report, request) -> dict:
    return job_payload(report, request, turn_cap=report.turn_cap, swap_old=report.swap_old, swap_new=report.swap_new)


REPORT_ID = OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH, description="The report's public id.")


@extend_schema_view(
    retrieve=extend_schema(
        summary="A card report: its progress and, when done, its figures (as visible as its deck)",
        parameters=[REPORT_ID],
        responses={200: CardReportSerializer, 404: OpenApiResponse(description="No such report, or its deck is private.")},
    ),
    create=extend_schema(
        summary="Report on a deck's cards (optionally a swap): the stored report with these settings (200), or a new one queued (201)",
        request=CardReportStartSerializer,
        responses={
            200: CardReportSerializer,
            201: CardReportSerializer,
            400: INPUT_ERROR,
            403: CSRF_REFUSED,
            404: OpenApiResponse(description="No such deck."),
        },
    ),
)
class CardReportViewSet(DeckJobViewSet):
    """Anyone who may see a deck may ask for its card report; the same settings again answer the same report."""

    serializer_class = CardReportSerializer
    start_serializer = CardReportStartSerializer

    def find(self, user, pk):
        return selectors.visible_card_report(user, pk)

    def payload(self, job, request):
        return card_report_payload(job, request)

    def start(self, request, deck, values):
        return services.start_card_report(
            who=actor(request, create=True), deck=deck, games=values["games"], seed=values["seed"],
            turn_cap=values["turn_cap"], swap_old=values.get("swap_old", ""), swap_new=values.get("swap_new", ""),
        )


# -- matchups (対戦シミュレーション) ------------------------------------------------------------------------------


class MatchupStartSerializer(DeckAskedSerializer):
    """Play a saved deck against one or more opponent decks of its game, every seat played by the game's AI
    from what it sees (in the background): one matchup per opponent, a gauntlet when there are several."""

    opponents = serializers.ListField(
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=services.MATCHUP_MAX_OPPONENTS,
        help_text="The opponent decks (ids of decks you may see: yours, public ones, the samples).")
    games = serializers.IntegerField(min_value=1, max_value=services.MATCHUP_MAX_GAMES, default=200, help_text="Games per opponent.")
    seed = serializers.IntegerField(min_value=0, max_value=services.SIM_MAX_SEED, default=1, help_text="Game i is played from seed + i.")
    ai = serializers.ChoiceField(choices=services.LEVELS, default=services.LEVELS[0], help_text="The AI's level for both seats.")


class MatchupSerializer(serializers.Serializer):
    """A matchup: its progress, and when done one result per opponent (see rules/engine/versus.py play_match)."""

    id = serializers.CharField(help_text="The matchup's public id (random, in its link).")
    url = serializers.CharField(help_text="Its page: progress, then the win rates with their intervals.")
    game = serializers.CharField()
    deck = serializers.IntegerField()
    revision = serializers.IntegerField()
    opponents = serializers.ListField(child=serializers.DictField(), help_text="[{deck, name, revision}] in the order asked.")
    games = serializers.IntegerField(help_text="Games per opponent.")
    seed = serializers.IntegerField()
    ai = serializers.CharField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    label = serializers.CharField(help_text="The state in the user's language, as the page shows it.")
    error = serializers.CharField(help_text="Why it failed, in the user's language (\"\" unless failed).")
    done = serializers.IntegerField(help_text="Games played so far (over every opponent).")
    result = serializers.ListField(
        child=serializers.DictField(), allow_null=True,
        help_text="When done, one per opponent: games, wins [deck, opponent], draws, win_rate {value, low, high}, "
        "on the play and on the draw, mean game length (as `manage.py goldfish GAME A --vs B --json` prints it).",
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


def matchup_payload(matchup, request) -> dict:
    return job_payload(matchup, request, opponents=matchup.opponents, ai=matchup.ai)


MATCHUP_ID = OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH, description="The matchup's public id.")


@extend_schema_view(
    retrieve=extend_schema(
        summary="A matchup: its progress and, when done, its win rates (as visible as its deck)",
        parameters=[MATCHUP_ID],
        responses={200: MatchupSerializer, 404: OpenApiResponse(description="No such matchup, or its deck is private.")},
    ),
    create=extend_schema(
        summary="Play a deck against opponent decks with the AI in both seats: a new matchup queued (201)",
        request=MatchupStartSerializer,
        responses={
            201: MatchupSerializer,
            400: INPUT_ERROR,
            403: CSRF_REFUSED,
            404: OpenApiResponse(description="No such deck, or an opponent deck you may not see."),
        },
    ),
)
class MatchupViewSet(DeckJobViewSet):
    """Anyone who may see a deck and its opponents may play them against each other (always a new matchup)."""

    serializer_class = MatchupSerializer
    start_serializer = MatchupStartSerializer

    def find(self, user, pk):
        return selectors.visible_matchup(user, pk)

    def payload(self, job, request):
        return matchup_payload(job, request)

    def start(self, request, deck, values):
        try:
            opponents = [deck_selectors.visible_deck(request.user, pk) for pk in values["opponents"]]
        except Http404:
            raise NotFound() from None
        return services.start_matchup(who=actor(request, create=True), deck=deck, opponents=opponents,
                                      games=values["games"], seed=values["seed"], ai=values["ai"])
