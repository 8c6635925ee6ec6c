"""Fuzz the API against its own OpenAPI document (schemathesis, in-process through WSGI: no server).

Every operation of /api/schema/ is called with generated requests (valid and invalid ones, and the
document's request examples) anonymously, with the API token of a player who owns a deck, a pool, a goldfish
game and a simulation, and with the token of a kannagi card editor. Path ids are the generated ones (almost
always unknown) or, two times in three, those of objects the fixtures made, so that the operations do their
real work. A stateful test then chains calls, area by area, through the document's links and those
schemathesis infers from ids (a deck created, then changed, copied and deleted; a game started, then played,
undone, redone), each scenario rolled back at its end.

Every answer must be no 5xx and conform to the document: a documented status code, content type, headers
and body, and a request that breaks the document (JSON bodies) must be refused. Bounded and derandomized, so
CI is reproducible: FUZZ_EXAMPLES cases per operation and mode (default 10), FUZZ_STATEFUL_EXAMPLES
scenarios of up to 6 calls (default 10); FUZZ_SCALE=N multiplies both for a deep local run, and FUZZ_VERBOSE=1
prints the status codes each operation answered.
"""

from __future__ import annotations

import os
import traceback
from collections import Counter

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import got_request_exception, request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    ensure_resource_availability,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)
from schemathesis.errors import FailureGroup

from config import ratelimit
from rules.engine.versus import versus_games

FUZZ_SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10")) * FUZZ_SCALE
STATEFUL_EXAMPLES = int(os.environ.get("FUZZ_STATEFUL_EXAMPLES", "10")) * FUZZ_SCALE
VERBOSE = bool(os.environ.get("FUZZ_VERBOSE"))

HYPOTHESIS = {
    "derandomize": True,
    "database": None,
    "deadline": None,
    "phases": [Phase.explicit, Phase.generate],  # no shrinking: failures are collected, not raised
    "suppress_health_check": list(HealthCheck),
}


def json_negative_data_rejection(ctx, response, case):
    """negative_data_rejection (a request that breaks the document must get a 4xx), for JSON bodies only.

    Query strings and form bodies are read leniently on purpose (unknown query parameters are ignored, form
    values are strings, `mine=maybe` is "not only mine"), and schemathesis' invalid values there often read
    back as valid ones: it would report that leniency, not bugs."""
    if case.media_type not in (None, "application/json") or case.query:
        return None
    return negative_data_rejection(ctx, response, case)


# Left out: positive_data_acceptance (a request the document allows is often refused on its meaning, an
# unknown card id or another game's card, and a 4xx is then right); missing_required_header (no operation
# requires a header); unsupported_method and allow_header_conformance (they judge only the coverage phase's
# undocumented methods and OPTIONS requests, which this run does not send; DRF answers 405 with Allow itself);
# ignored_auth (with two schemes, session cookie or token, it takes the session cookie it generates for the
# credential and reports the answer our valid token earned; the anonymous test calls every operation without
# credentials instead); object_level_authorization (it needs schemathesis' own auth configuration; the deck,
# goldfish and card API tests check ownership one by one); max_response_time (no budget is set).
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    json_negative_data_rejection,
]
METHOD_ORDER = {"get": 0, "post": 1, "put": 2, "patch": 3, "delete": 4}  # deletes last: they end the others' objects


def load_schema(django_db_blocker):
    """The document as the site serves it (building it reads no table), with a fixed configuration: no
    schemathesis.toml is read, and no literals are harvested from the loaded Python modules (schemathesis'
    `analysis.constants`), which would make the cases depend on what else the test run imported."""
    from config.wsgi import application

    config = schemathesis.Config.from_dict({"analysis": {"constants": {"enabled": False}}})
    with django_db_blocker.unblock():
        return schemathesis.openapi.from_wsgi("/api/schema/", application, config=config)


@pytest.fixture(scope="module")
def api_schema(django_db_blocker):
    return load_schema(django_db_blocker)


@pytest.fixture(autouse=True)
def _one_connection():
    """The WSGI calls run in the test's transaction, so Django must not close the connection at the end of
    each request (on PostgreSQL it would, the connection being in a transaction), as its test client does."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(samples, deck, user, kannagi_editor, other_user):
    """Objects for the path ids: the player's own, other people's public and private ones."""
    from cards.models import Card
    from decks import services as deck_services
    from decks.models import Pool, Visibility
    from goldfish import services as goldfish_services
    from goldfish.actors import Actor

    timestorm = list(samples.filter(game="timestorm").order_by("pk").values_list("pk", flat=True))
    own_pool = deck_services.pool_save(user=user, name="私のプール", deck_ids=timestorm[:2])
    game = goldfish_services.start_from_deck(who=Actor(user=user), deck=deck, seed=7).session
    others_game = goldfish_services.start_from_deck(who=Actor(user=other_user), deck=samples.first(), seed=8).session
    simulation = goldfish_services.start_simulation(who=Actor(user=user), deck=deck, games=10, seed=1, turn_cap=5)
    report = goldfish_services.start_card_report(who=Actor(user=user), deck=deck, games=10, seed=1, turn_cap=5)
    versus = [d for d in samples.order_by("pk") if d.game_id in versus_games()]
    matchup = goldfish_services.start_matchup(who=Actor(user=user), deck=versus[0], opponents=versus[:1], games=2, seed=1)
    hidden = deck_services.deck_create(
        owner=other_user, game="kannagi", regulation=deck.regulation, name="秘密", sections={},
        visibility=Visibility.PRIVATE,
    )
    return {
        "/api/cards/": [  # the editor's game, a card a deck holds (not deletable), another game's
            Card.objects.filter(game="kannagi").order_by("pk").first().pk,
            deck.entries.order_by("pk").first().card_id,
            Card.objects.filter(game="vision").order_by("pk").first().pk,
        ],
        "/api/decks/": [deck.pk, samples.order_by("pk").first().pk, hidden.pk],
        "/api/pools/": [own_pool.pk, Pool.objects.exclude(pk=own_pool.pk).order_by("pk").first().pk],
        "/api/goldfish/": [game.pk, others_game.pk],
        "/api/simulations/": [simulation.token],
        "/api/card-reports/": [report.token],
        "/api/matchups/": [matchup.token],
        "/api/games/": ["kannagi", "vision"],
    }


def _token(user):
    return {"Authorization": f"Token {Token.objects.create(user=user).key}"}


def _strategy(operation, world):
    """Valid and invalid generated cases and the document's request examples; where the path names an
    object, two cases in three get the id of one the fixtures made."""
    cases = st.one_of(  # the examples first: Hypothesis's first, simplest, draws pick them
        *operation.get_strategies_from_examples(),
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )
    name = "slug" if "{slug}" in operation.path else "id" if "{id}" in operation.path else None
    if name is None:
        return cases
    known = world[operation.path.split("{")[0]]

    def with_id(drawn):
        case, pick = drawn
        if pick is not None:
            case.path_parameters = {**case.path_parameters, name: pick}
        return case

    return st.tuples(cases, st.sampled_from([None, *known, *known])).map(with_id)


class Findings:
    """What the calls answered: status codes by operation, and the failures (one per operation and kind),
    with the traceback of a view's exception (Django answers 500 without it)."""

    def __init__(self):
        self.codes: dict[str, Counter] = {}
        self.failures: dict[tuple[str, str], str] = {}
        self.traceback = None

    def __call__(self, sender, request=None, **kwargs):  # got_request_exception
        self.traceback = traceback.format_exc()

    def __enter__(self):
        got_request_exception.connect(self)
        return self

    def call(self, case, headers):
        """One request in a savepoint, rolled back after a 5xx: on PostgreSQL a failed statement aborts the
        test's transaction, and every later call would fail for that one."""
        cache.clear()  # cached figures and
        ratelimit.reset()  # throttling (counted in the database): each call starts afresh
        self.traceback = None
        answered = []
        try:
            with transaction.atomic():
                answered.append(case.call(headers=headers))
                if answered[0].status_code >= 500:
                    raise _RollBack
        except _RollBack:
            pass
        response = answered[0]
        self.codes.setdefault(case.operation.label, Counter())[response.status_code] += 1
        return response

    def validate(self, case, response, headers, checks=CHECKS, **kwargs):
        try:
            case.validate_response(response, checks=checks, headers=headers, **kwargs)
        except FailureGroup as exc:
            for failure in exc.exceptions:
                self.failures.setdefault((case.operation.label, failure.title), f"{exc}\n{self.traceback or ''}")

    def __exit__(self, *exc):
        got_request_exception.disconnect(self)
        if VERBOSE:
            for label, codes in sorted(self.codes.items()):
                print(f"{label}: {dict(sorted(codes.items()))}")

    def report(self):
        return "\n\n".join(f"== {label}: {title}\n{detail}" for (label, title), detail in self.failures.items())


class _RollBack(Exception):
    pass


def fuzz(api_schema, world, headers) -> Findings:
    """Every operation, EXAMPLES cases each, the reads first and the deletes last."""
    operations = sorted(
        (result.ok() for result in api_schema.get_all_operations()),
        key=lambda op: (METHOD_ORDER[op.method.lower()], op.path),
    )
    with Findings() as findings:
        for operation in operations:

            @settings(max_examples=EXAMPLES, **HYPOTHESIS)
            @given(case=_strategy(operation, world))
            def run(case):
                findings.validate(case, findings.call(case, headers), headers)

            run()
    return findings


def test_every_operation_answers_anonymous_requests_as_documented(api_schema, world):
    findings = fuzz(api_schema, world, headers={})
    assert not findings.failures, findings.report()
    assert len(findings.codes) == len(list(api_schema.get_all_operations()))


def test_every_operation_answers_a_players_token_as_documented(api_schema, world, user):
    findings = fuzz(api_schema, world, headers=_token(user))
    assert not findings.failures, findings.report()
    # The player's own objects were reached: their deck read, a game started, a deck created.
    assert findings.codes["GET /api/decks/{id}/"][200] > 0
    assert findings.codes["POST /api/goldfish/"][201] > 0
    assert findings.codes["POST /api/decks/"][201] > 0


def test_every_operation_answers_a_card_editors_token_as_documented(api_schema, world, kannagi_editor):
    findings = fuzz(api_schema, world, headers=_token(kannagi_editor))
    assert not findings.failures, findings.report()
    assert findings.codes["POST /api/cards/"][201] > 0  # the document's example card, in the editor's game


@pytest.fixture
def linked_schema(django_db_blocker):
    """A second copy of the document for the stateful test: its hook sends the document's request examples
    (a deck or a game from decklist text, a card) as often as generated bodies, so that chains start from
    objects that exist instead of ending at the first 400."""
    schema = load_schema(django_db_blocker)

    @schema.hook
    def flatmap_case(context, case):
        content = (context.operation.definition.raw.get("requestBody") or {}).get("content", {})
        examples = [e["value"] for e in content.get("application/json", {}).get("examples", {}).values()]
        if not examples:
            return st.just(case)

        def with_body(body):
            if body is not None:
                case.body, case.media_type = body, "application/json"
            return case

        return st.sampled_from([None, *examples]).map(with_body)

    return schema


# Each area on its own, so that the bounded number of steps goes to its chains, with what they must reach.
LINKED_AREAS = {
    "cards": ("^/api/(cards|games)/", "kannagi_editor", "POST /api/cards/"),
    "decks": ("^/api/(decks|pools)/", "user", "POST /api/decks/"),
    "goldfish": ("^/api/(goldfish|simulations)/", "user", "POST /api/goldfish/"),
}


@pytest.mark.parametrize("area", sorted(LINKED_AREAS))
def test_linked_calls_answer_as_documented(linked_schema, world, request, area):
    """Stateful: schemathesis chains an area's operations through the document's links (and those it infers
    from ids): a deck created, then read, changed, copied, restored and deleted; a game started, then played
    with its first legal action, undone, redone. Besides the checks above: a deleted object is gone
    (use_after_free) and a created one can be read back (ensure_resource_availability)."""
    path_regex, who, create = LINKED_AREAS[area]
    headers = _token(request.getfixturevalue(who))

    with Findings() as findings:

        class Workflow(linked_schema.include(path_regex=path_regex).as_state_machine()):
            def setup(self):
                # Each scenario starts from the fixtures' objects and is rolled back at its end: what
                # one scenario creates or deletes would otherwise change which rules the next can run,
                # which Hypothesis reports as flaky data generation.
                self.scenario = transaction.atomic()
                self.scenario.__enter__()

            def teardown(self):
                transaction.set_rollback(True)
                self.scenario.__exit__(None, None, None)

            def get_call_kwargs(self, case):
                return {"headers": headers}

            def call(self, case, **kwargs):
                return findings.call(case, headers)

            def validate_response(self, response, case, additional_checks=None, **kwargs):
                checks = [*CHECKS, use_after_free, ensure_resource_availability]
                findings.validate(case, response, headers, checks, transport_kwargs=kwargs, recorder=self.recorder)

        Workflow.run(settings=settings(max_examples=STATEFUL_EXAMPLES, stateful_step_count=6, **HYPOTHESIS))

    assert not findings.failures, findings.report()
    # The chains reached real work: objects created from the examples, and calls on an object by its id
    # (the id from a link) that succeeded.
    reached = {label: dict(codes) for label, codes in findings.codes.items()}
    assert findings.codes[create][201] > 0, reached
    on_an_object = [codes for label, codes in findings.codes.items() if "{" in label]
    assert sum(n for codes in on_an_object for code, n in codes.items() if code < 300) > 0, reached
