"""From a parsed query to a filtered, ranked QuerySet, the same on SQLite and PostgreSQL."""

from __future__ import annotations

import contextvars
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import (
    BooleanField,
    Case,
    Exists,
    F,
    FilteredRelation,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Collate
from django.db.models.lookups import GreaterThan, In, IsNull

from ..models import CARD_NUMBER, Card, CardFacet
from . import prepared
from .index import (
    FTS_TABLE,
    GRAMS_COLUMN,
    SHORT_TABLE,
    gram_frequencies,
    grams,
    has_fts,
    has_grams,
    has_short_index,
    short_phrase,
)
from .normalise import normalise
from .query import K_BOOL, K_CHOICE, K_GAME, K_NUM, K_STR, K_TEXT, K_TYPE, And, Cmp, Not, Or, Query, Term

# The columns a bare word or phrase searches, and their FTS5 column names (the same).
TERM_COLUMNS = ("search_name", "search_aliases", "search_reading", "search_text")
# Which columns a text field searches ("name:" also finds aliases).
FIELD_COLUMNS = {
    "search_name": ("search_name", "search_aliases"),
    "search_aliases": ("search_aliases",),
    "search_reading": ("search_reading",),
    "search_text": ("search_text",),
    "search_flavor": ("search_flavor",),
}
COUNT_CAP = 1000  # a search counts its matches up to this ("1,000+ 件" beyond; cards.search.paging)
FTS_MIN = 3  # the trigram index answers substrings of 3 characters or more
# A word the index finds in this many cards or more is "dense": on SQLite it is then checked row by row
# (LIKE) instead of through the index, so that a page in list order stops after the first matches
# instead of collecting every match first (20,000 for a phrase of the rules text). Counted with a LIMIT,
# which FTS5 answers by stopping early (a fraction of a millisecond).
DENSE = 2000
# PostgreSQL: a substring of a field's text ("kw:速攻") is looked up among the field's distinct values first
# (a walk of the facets' (key, text) index, one probe per distinct value) and then searched as equality with
# those values: an equality the planner estimates from the (key, text) statistics, where it guessed 327
# cards for "LIKE '%速攻%'" that 9,983 hold (and then looked each of them up to sort them all). A field with
# more distinct values than this (numbers, names) keeps the LIKE.
FACET_VALUES = 200
NUM_OPERATORS = {":": "=", "=": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
NUM_LOOKUPS = {":": "exact", "=": "exact", "!=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
# The reads a compile plans by, while cards.search.paging.cached_search records them: (sql, params, rows).
_probes: contextvars.ContextVar[list | None] = contextvars.ContextVar("search_probes", default=None)


def probe(sql: str, params) -> list:
    """Run a read the compiler plans by (how many cards an index finds, a field's values) and return its
    rows. Every such read goes through here: a compiled search is reused while each of its reads still
    answers the same (cards.search.paging.cached_search), since the compile depends on nothing else."""
    with prepared.cursor() as cursor:  # (PostgreSQL: planned once per connection, cards.search.prepared)
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    recorder = _probes.get()
    if recorder is not None:
        recorder.append((sql, tuple(params), rows))
    return rows


def settings_key() -> tuple:
    """What else a compile depends on: the tunables and the plan choices tests replace."""
    return (DENSE, FACET_VALUES, COUNT_CAP, Compiler.__dict__.get("dense_grams"), Compiler.__dict__.get("count_narrowed"))


SORT_COLUMNS = {"name": "sort_key", "reading": "sort_key", "type": "card_type", "number": "number", "set": "set_name",
                "rarity": "rarity"}


class Compiler:
    def __init__(self, game_id: str | None = None):
        self.fts = has_fts(connection)
        self.short = self.fts and has_short_index(connection)
        self.grams = not self.fts and has_grams(connection)
        self.game_id = game_id
        self._dense: dict = {}
        self._facet_values: dict = {}
        # PostgreSQL: a dense word is left to LIKE (see dense_grams) so that a page walks the list order;
        # `narrow` is set to build the count's filter, which has no order and is narrowed by the pair index.
        self.narrow = False
        self.unnarrowed = False  # a dense word was left to LIKE that the count narrows (count_narrowed)
        self.dense_match: tuple[str, str] | None = None  # the last dense word's (FTS table, MATCH)
        # PostgreSQL: the pair statistics a word was planned by (they are read again every few minutes).
        self.statistics = None
        # SQLite: set when a condition compiled to a form SQLite may drive a query from (a list of ids an
        # index finds, an indexed column's equality): a count driven from a facet (count_driver) is then
        # not planned, since that condition may find far fewer cards than the facet.
        self.drives = False
        self._facet_counts: dict = {}
        # The comparison of the card's number (CARD_NUMBER, the cost) an AND of the search holds, as a lookup
        # on the facet rows' copy of it ({"card_num__lte": 2}), while that AND's comparisons are compiled:
        # a facet's list of cards is then read for those numbers alone (carried).
        self._carried: dict | None = None
        # Whether the lists are read with it. PostgreSQL: the count only (carried_count), where the page keeps
        # walking the list order with a probe per card: with the narrower list its planner hashed the list
        # and sorted every match of the cost instead ("kw:速攻 c<=2": a scan of 29,775 cost index entries).
        self.carry = self.fts
        self.carried_count = False  # a list would be read with it (PostgreSQL: the count is compiled again)
        # PostgreSQL: OR'd choices of one field that DENSE facet rows hold are checked card by card in the page
        # (choice_probe), the count keeps its hashed lists: set for the page's compile, cleared for the count's.
        self.probe_choices = not self.fts
        self.probed = False  # a page's compile checked choices card by card (the count is compiled again)

    def dense(self, table: str, match: str) -> bool:
        """Whether the FTS index finds `match` in DENSE cards or more (of the game searched)."""
        key = (table, match)
        if key not in self._dense:
            self._dense[key] = self._count(table, match, None) >= DENSE and (
                self.game_id is None or self._count(table, match, self.game_id) >= DENSE
            )
        return self._dense[key]

    @staticmethod
    def _count(table: str, match: str, game_id: str | None) -> int:
        """How many cards (of the game) the index finds for `match`, counted up to DENSE."""
        join, where, params = "", "", [match]
        if game_id is not None:
            # CROSS JOIN: SQLite keeps this order (the index first, then each match's game).
            join, where = " CROSS JOIN cards_card c ON c.id = f.rowid", " AND c.game_id = %s"
            params.append(game_id)
        return probe(
            f"SELECT count(*) FROM (SELECT f.rowid FROM {table} f{join} WHERE {table} MATCH %s{where} LIMIT {DENSE})",
            params,
        )[0][0]

    # -- text ------------------------------------------------------------------

    def contains(self, columns: tuple[str, ...], value: str) -> Q:
        if not value:
            raise ValueError("empty search term")  # the parser refuses these
        fts_columns = [c for c in columns if c in TERM_COLUMNS]
        if self.fts and len(fts_columns) == len(columns) and (len(value) >= FTS_MIN or self.short):
            table, text = (FTS_TABLE, value) if len(value) >= FTS_MIN else (SHORT_TABLE, short_phrase(value))
            phrase = '"' + text.replace('"', '""') + '"'
            match = phrase if len(columns) == len(TERM_COLUMNS) else "{" + " ".join(columns) + "} : " + phrase
            if not self.dense(table, match):
                return Q(pk__in=RawSQL(f"SELECT rowid FROM {table} WHERE {table} MATCH %s", [match]))
            self.dense_match = (table, match)
            # instr: a plain substring test, cheaper than LIKE (which folds case and reads wildcards); the
            # columns are normalised (case folded) already, so both find the same cards.
            q = Q()
            for column in columns:
                q |= Q(GreaterThan(Func(F(column), Value(value), function="instr", output_field=IntegerField()), 0))
            return q
        q = Q()
        for column in columns:
            q |= Q(**{f"{column}__contains": value})
        if self.grams and set(columns) <= set(TERM_COLUMNS):
            self.statistics = gram_frequencies(connection)
            narrowed = not self.dense_grams(grams(value))
            if not narrowed and self.count_narrowed(grams(value)):
                self.unnarrowed = True
                narrowed = self.narrow
            if narrowed:
                # PostgreSQL: the card's characters and character pairs (a GIN-indexed array) narrow the
                # search for words of any length, 1 and 2 characters too; the LIKE above checks the column.
                q &= Q(RawSQL(f"{GRAMS_COLUMN} @> %s::text[]", [grams(value)], output_field=BooleanField()))
        return q

    @staticmethod
    def count_narrowed(pairs: list[str]) -> bool:
        """PostgreSQL, a dense word: whether its count (up to the cap) reads fewer index entries through the
        pair index (every card holding each pair) than rows in table order (cap / the word's share). Yes for
        a two-character word in 7% of the cards (7,500 entries against 14,000 rows); no for a phrase of
        seven pairs each in 20% (140,000 entries against 5,000 rows)."""
        shares, floor, cards = gram_frequencies(connection)
        share = min(shares.get(pair, floor) for pair in pairs)
        return share > 0 and sum(shares.get(pair, floor) for pair in pairs) * cards < (COUNT_CAP + 1) / share

    @staticmethod
    def dense_grams(pairs: list[str]) -> bool:
        """PostgreSQL: whether a word's pairs are each in DENSE cards or more (by the column statistics).

        The planner multiplies the shares of the pairs as if independent (6 pairs of a phrase in 20% of the
        cards each: 6 cards expected), so it would collect all 20,000 matches through the GIN index and
        sort them. The pairs of a phrase go together: the rarest pair is the better estimate. A dense word
        is left to LIKE alone, which the planner estimates from the column's histogram and answers in list
        order, stopping after the page."""
        shares, floor, cards = gram_frequencies(connection)
        if not cards:
            return False
        return min(shares.get(pair, floor) for pair in pairs) * cards >= DENSE

    # -- facets ----------------------------------------------------------------

    def facet_values(self, key: str, part: str) -> list[str] | None:
        if (key, part) not in self._facet_values:
            self._facet_values[key, part] = self._read_facet_values(key, part)
        return self._facet_values[key, part]

    def _read_facet_values(self, key: str, part: str) -> list[str] | None:
        """The distinct values of the facet `key` (of the game searched) containing `part`, or None when the
        key has more than FACET_VALUES distinct values. A loose index scan: each step asks the (game, key,
        text) index (or (key, text) for every game) for the next value (min(text) > the last), so a field
        with 3 values among 10,000 cards costs 4 probes."""
        table = CardFacet._meta.db_table
        where, params = ("game_id = %s AND key = %s", [self.game_id, key]) if self.game_id else ("key = %s", [key])
        rows = probe(
            f"WITH RECURSIVE v(t) AS (SELECT min(text) FROM {table} WHERE {where} UNION ALL "
            f"SELECT (SELECT min(text) FROM {table} WHERE {where} AND text > v.t) FROM v WHERE v.t IS NOT NULL) "
            f"SELECT t FROM v WHERE t IS NOT NULL LIMIT {FACET_VALUES + 1}",
            params + params,
        )
        values = [row[0] for row in rows]
        if len(values) > FACET_VALUES:
            return None
        # The stored text and the query are normalised (case folded) alike: `in` finds what LIKE finds.
        return [value for value in values if part in value]

    def facet(self, key: str, **lookup) -> Q:
        substring = "text__contains" in lookup
        if substring:
            # PostgreSQL: equality is estimated from the (key, text) statistics. SQLite: its (key, text, card)
            # index finds the cards of each value, where LIKE read every row of the key (10,000 for
            # "kw:速攻", 2.5 ms to build the list of its cards for the count and again for the page).
            values = self.facet_values(key, lookup["text__contains"])
            if values is not None:
                if not values:
                    self.drives = True
                    return Q(pk__in=[])
                lookup = {"text": values[0]} if len(values) == 1 else {"text__in": values}
        # (Not filtered on the facet rows' game: the cards are filtered on theirs, and with both a card's
        # facet is no longer checked from the covering (card, key, num) index alone; "type:場所札 cost<=3
        # season:春 power>=2" on 100,000 cards took twice as long on SQLite (31 ms, not 13) and read twice
        # the buffers on PostgreSQL: bench/search_facet_game.py.)
        ids = CardFacet.objects.filter(key=key, **lookup).values("card_id")
        # A text's cards among those of the number compared beside it: the list is built from one range of
        # the (key, text, card_num, card) index ("kw:速攻 c<=2": 3,000 ids, not the keyword's 10,000).
        # Exact, not only narrower: the card is compared by its own number too, and its facet rows carry it.
        listed = ids
        if self._carried and all(name.startswith("text") for name in lookup):
            self.carried_count = True
            if self.carry:
                listed = ids.filter(**self._carried)
        if self.fts and self._facet_count(ids) >= DENSE:
            # SQLite drives a query from an IN list on the primary key and then sorts every match. When many
            # cards pass, a correlated EXISTS (one probe of the covering index (key, text|num, card) per
            # card) lets it walk the list order or the card's own indexes instead, stopping after the
            # page, without first building the list of every card the facet finds (thousands of ids, most
            # of the time of a field comparison: 15 ms -> 3.5 ms for page and count on 100,000 cards).
            # (On PostgreSQL the IN becomes a semi-join that its planner weighs; a fence such as OFFSET 0
            # made it pick worse joins.)
            if not substring:
                return Q(Exists(CardFacet.objects.filter(card_id=OuterRef("pk"), key=key, **lookup)))
            # A substring of the text: no index finds the card's row by it (SQLite would scan every row of
            # the key per card), and for its values (equality) the list built once from the (key, text, card)
            # index is still cheaper than a probe per card. "+id" (no index may serve it) makes SQLite walk
            # the list order and look each card up in the list built once, stopping after the page.
            return Q(In(Func(F("pk"), template="+%(expressions)s", output_field=IntegerField()), listed))
        self.drives = True
        return Q(pk__in=listed)

    def _facet_count(self, ids: QuerySet) -> int:
        """How many facet rows `ids` selects, counted up to DENSE (read once per compile)."""
        sql, params = ids.query.sql_with_params()
        key = (sql, tuple(params))
        if key not in self._facet_counts:
            self._facet_counts[key] = probe(f"SELECT count(*) FROM ({sql} LIMIT {DENSE}) facets", params)[0][0]
        return self._facet_counts[key]

    # -- a count driven from a facet (SQLite; PostgreSQL without a join) --------------------------------------

    def count_driver(self, root, base: QuerySet) -> tuple[QuerySet, str, list] | None:
        """SQLite (PostgreSQL: without a join, see below): for a search that is (the AND of) a field's text
        equal to one of some values that DENSE facet rows or more hold ("kw:速攻", "season:春"; not an OR of
        choices: _driver_values) and conditions no index could drive the search from better (the card's cost, negations, other such facets: _rides),
        the cards of the rest (`base` filtered by it) and the facet condition to count from: the count then
        walks that field's (key, text, card) index, one card by its rowid per facet row, and checks the
        rest on the card. Otherwise SQLite walks the cost or game index and looks every card up in the
        facet's list of ids (built first) or probes the facet per card: "kw:速攻 c<=2" read 10,000 cost
        index entries for 1,001 matches, where the facet walk reads 3,300 (4.1 -> 2.8 ms on 100,000 cards).
        None when the search is not of that form."""
        children = root.children if isinstance(root, And) else [root]
        if not self.fts and (self.game_id is not None or len(children) > 2):
            return None  # (PostgreSQL: see below)
        for i, child in enumerate(children):
            driver = self._driver_values(child, dense=self.fts)
            if driver is None:
                continue
            rest = children[:i] + children[i + 1:]
            if not all(self._rides(node) for node in rest):
                return None
            # The card's number compared ("c<=2") is the facet rows' own (card_num): the walk is one range of
            # the (key, text, card_num, card) index, the cost<=2 cards of the keyword alone (1,001 entries to
            # the cap, no card read when nothing else is asked), and the cards are not compared again.
            number = next((node for node in rest if _compares_card_number(node)), None)
            if number is not None:
                rest = [node for node in rest if node is not number]
            if not self.fts and rest:
                # PostgreSQL: only a count that reads the facet rows alone (every game, nothing else asked of
                # the card: "kw:速攻 c<=2" reads one range of 2,942 entries, 1.9 -> 0.8 ms, where the usual
                # count reads 10,083 cost index entries and hashes the list), however few rows hold the
                # values (no DENSE probe); with a join its planner picks its own order.
                return None
            self.drives = False
            cards = base.filter(self.node(And(rest))) if rest else base
            if self.drives:
                return None
            key, values = driver
            where, params = ['F."key" = %s'], [key]
            if self.game_id is not None:  # the (game, key, text, card_num, card) index: that game's facets alone
                where.insert(0, 'F."game_id" = %s')
                params.insert(0, self.game_id)
            where.append('F."text" IN (' + ", ".join(["%s"] * len(values)) + ")")
            params += values
            if number is not None:
                where.append(f'F."card_num" {NUM_OPERATORS[number.op]} %s')
                params.append(number.value)
            return cards, " AND ".join(where), params
        return None

    def _driver_values(self, node, dense: bool = True) -> tuple[str, list[str]] | None:
        """(key, texts) when `node` asks for a facet's text to be one of texts and DENSE rows or more hold them
        (`dense`; otherwise however many)."""
        if isinstance(node, Or):
            # (not an OR of choices: over HTTP, "(attr:火 OR attr:闇) -t:土地 power>=3" answered 3-5 ms slower
            # driven from the facet than with the usual count, bench/search.py run alternately, stop 47)
            return None
        if isinstance(node, Cmp) and node.spec.key and node.op in (":", "=") and node.spec.kind in (K_STR, K_CHOICE):
            if node.spec.kind == K_STR and node.op == ":":
                key, values = node.spec.key, self.facet_values(node.spec.key, node.value)
                if not values:
                    return None
            else:
                text = self._facet_text(node)
                if text is None:
                    return None
                key, values = node.spec.key, [text]
        else:
            return None
        lookup = {"text": values[0]} if len(values) == 1 else {"text__in": values}
        if dense and self._facet_count(CardFacet.objects.filter(key=key, **lookup).values("card_id")) < DENSE:
            return None
        return key, values

    @staticmethod
    def _rides(node) -> bool:
        """Whether `node` may be checked on each card a facet-driven count walks: not a word or a text
        column's comparison (their index or column finds their cards), nor the card's type or game (the
        (game, type, cost) index finds those: "type:場所札 cost<=3 season:春 power>=2" reads 2,000 entries
        of it, where the season's facets are 6,600 cards each read by its rowid). A negation never drives."""
        if isinstance(node, Not):
            return True
        if isinstance(node, (And, Or)):
            return all(Compiler._rides(child) for child in node.children)
        return isinstance(node, Cmp) and node.spec.kind not in (K_TEXT, K_TYPE, K_GAME)

    # -- nodes -------------------------------------------------------------------

    def node(self, node) -> Q:
        if isinstance(node, Term):
            return self.contains(TERM_COLUMNS, node.value)
        if isinstance(node, Not):
            return ~self.node(node.child)
        if isinstance(node, And):
            carried = self.carried(node.children)
            q = Q()
            for child in node.children:
                # (only to its own comparisons: not into an OR or a negation below, nor an AND nested there)
                self._carried = carried if isinstance(child, Cmp) and child.op != "!=" else None
                try:
                    q &= self.node(child)
                finally:
                    self._carried = None
            return q
        if isinstance(node, Or):
            # SQLite: choices of one field ("attr:火 OR attr:闇") are one facet lookup of its values
            # (text IN (…)), one correlated probe of the (key, text, card) index per card instead of one
            # per choice (the count of "(attr:火 OR attr:闇) -t:土地 power>=3": 6.9 -> 4.5 ms). (PostgreSQL
            # then estimated 164 matches that 2,047 are and sorted them all for the page, where it walks
            # the list order with a hashed subquery per choice.)
            texts: dict = {}
            for child in node.children if self.fts or self.probe_choices else ():
                text = self._facet_text(child)
                if text is not None:
                    texts.setdefault(child.spec.key, []).append(text)
            q, merged = None, set()
            for child in node.children:
                text = self._facet_text(child) if texts else None
                key = child.spec.key if text is not None else None
                if key is not None and len(texts[key]) > 1:
                    if key in merged:
                        continue
                    merged.add(key)
                    values = list(dict.fromkeys(texts[key]))
                    part = self.choice_probe(key, values) if not self.fts else None
                    if part is None and not self.fts:  # (PostgreSQL: each choice by itself, as before)
                        merged.discard(key)
                        texts[key] = []
                        part = self.node(child)
                    elif part is None:
                        part = self.facet(key, text=values[0]) if len(values) == 1 else self.facet(key, text__in=values)
                else:
                    part = self.node(child)
                q = part if q is None else q | part
            return q
        if isinstance(node, Cmp):
            q = self.comparison(node)
            return ~q if node.op == "!=" else q
        raise TypeError(node)

    def choice_probe(self, key: str, values: list[str]) -> Q | None:
        """PostgreSQL, the page: the card's facet rows of `key` probed for any of `values` (one scalar subquery
        per card, on the (card, key, num) index), when DENSE facet rows or more hold them; else None.

        An OR of lists cannot be a semi-join, so PostgreSQL hashes every choice's list (11,410 facet rows for
        "(attr:火 OR attr:闇) -t:土地 power>=3") before the page's walk of the list order, which then stops
        after 316 cards. One probe per card walked is cheaper (page 3.1 -> 1.2 ms of server CPU). A filtered
        page is read only past the count's cap (paging.search_page: up to the cap it is read by ids), so its
        walk stops after 51 of more than 1,000 matches. Not EXISTS: PostgreSQL turns that into the same
        hashed lists (or, for one list, a semi-join whose estimate misses the game: it then sorts every
        match); a scalar subquery is run per card as written. (Card ids are never NULL.) The count keeps the
        hashed lists (compile_search compiles it again): it reads the cards to the cap, 3,310 of them here."""
        if not self.probe_choices:
            return None
        lookup = {"text": values[0]} if len(values) == 1 else {"text__in": values}
        if self._facet_count(CardFacet.objects.filter(key=key, **lookup).values("card_id")) < DENSE:
            return None
        self.probed = True
        row = CardFacet.objects.filter(card_id=OuterRef("pk"), key=key, **lookup).values("card_id")[:1]
        return Q(IsNull(Subquery(row), False))

    @staticmethod
    def carried(children) -> dict | None:
        """The facet rows' lookup of the card's number (CardFacet.card_num) that one of these ANDed children
        compares ("c<=2": {"card_num__lte": 2}), or None. Not "!=": its negation would take the cards without
        a number too. Read from the field's spec (a number kept in the card's CARD_NUMBER column), so it is
        whatever each game's cost is called."""
        for child in children:
            if _compares_card_number(child):
                return {f"card_num__{NUM_LOOKUPS[child.op]}": child.value}
        return None

    @staticmethod
    def _facet_text(node) -> str | None:
        """The facet text `node` asks for by equality (one choice, or a field's text with "="), else None."""
        if not isinstance(node, Cmp) or node.op not in (":", "=") or not node.spec.key:
            return None
        if node.spec.kind == K_CHOICE and len(node.value) == 1:
            return normalise(node.value[0])
        if node.spec.kind == K_STR and node.op == "=":
            return node.value
        return None

    def comparison(self, cmp: Cmp) -> Q:
        spec, op, value = cmp.spec, cmp.op, cmp.value
        if spec.kind == K_TEXT:
            columns = FIELD_COLUMNS[spec.column]
            if op == ":":
                return self.contains(columns, value)
            q = Q()
            for column in columns:
                q |= Q(**{column: value}) if column != "search_aliases" else self.alias_equals(value)
            return q
        if spec.kind == K_TYPE:
            return Q(card_type__in=value)
        if spec.kind == K_GAME:
            return Q(game_id__in=value)
        if spec.kind == K_NUM:
            lookup = NUM_LOOKUPS[op]
            if spec.column:
                return Q(**{f"{spec.column}__{lookup}": value})
            return self.facet(spec.key, **{f"num__{lookup}": value})
        if spec.kind == K_BOOL:
            if spec.column:
                return Q(**{spec.column: value})
            q = self.facet(spec.key, num=1)
            return q if value else ~q
        if spec.kind == K_CHOICE:
            q = Q()
            for code in value:  # every one of them (kannagi "春夏")
                q &= self.facet(spec.key, text=normalise(code))
            return q
        if spec.kind == K_STR:
            if op == ":":
                return self.facet(spec.key, text__contains=value)
            return self.facet(spec.key, text=value)
        raise ValueError(spec.kind)

    @staticmethod
    def alias_equals(value: str) -> Q:
        # Aliases are one per line: equal to a whole line.
        return (
            Q(search_aliases=value)
            | Q(search_aliases__startswith=value + "\n")
            | Q(search_aliases__endswith="\n" + value)
            | Q(search_aliases__contains="\n" + value + "\n")
        )

    # -- ranking and order -----------------------------------------------------------

    @staticmethod
    def rank(term: str):
        """0 exact name, 1 name prefix, 2 reading, 3 name/alias contains, 4 text."""
        return Case(
            When(Q(search_name=term) | Compiler.alias_equals(term), then=Value(0)),
            When(search_name__startswith=term, then=Value(1)),
            When(search_reading__startswith=term, then=Value(2)),
            When(Q(search_name__contains=term) | Q(search_aliases__contains=term), then=Value(3)),
            When(search_reading__contains=term, then=Value(3)),
            default=Value(4),
            output_field=IntegerField(),
        )

    def compile(self, cards: QuerySet, query: Query) -> Compiled:
        binary = _binary
        tail = [binary("sort_key").asc(), binary("number").asc(), F("id").asc()]
        if query.sort:
            annotations = {}
            if query.sort == "cost":
                expr = F("cost")
            elif query.sort in SORT_COLUMNS:
                expr = binary(SORT_COLUMNS[query.sort])
            else:  # a number field of the game, kept in facets
                # A LEFT JOIN on the field's facet (one per card: a number field holds one value), not a
                # subquery per card: PostgreSQL hashes the field's facets once instead of running a
                # subquery for each of the 5,000 cards of a type (SQLite probes the same index either way).
                annotations["sort_facet"] = FilteredRelation("facets", condition=Q(facets__key=query.sort))
                expr = F("sort_facet__num")
            first = expr.desc(nulls_last=True) if query.descending else expr.asc(nulls_last=True)
            return Compiled(cards, [first, *tail], annotations=annotations)
        if query.text_terms:
            return Compiled(cards, tail, rank=self.rank(query.text_terms[0]), count_match=self.count_match(query))
        return Compiled(cards, tail)

    def count_match(self, query: Query) -> tuple[str, str] | None:
        """SQLite, every game: when the search is one dense word alone, its FTS table and MATCH, to count its
        cards from the index (0.2 ms up to the cap) rather than by reading the cards row by row (7 ms
        for a two-character word in 7% of 100,000 cards). The index and the row test find the same cards."""
        if self.game_id is None and isinstance(query.root, Term) and self.dense_match is not None:
            return self.dense_match
        return None


@dataclass
class Compiled:
    """A search, filtered but not yet ordered: `order` is the list order; with `rank` (a bare word was
    searched) the list is ordered by rank first, then by `order`."""

    filtered: QuerySet
    order: list
    rank: Case | None = None
    count_match: tuple[str, str] | None = None  # (FTS table, MATCH) that counts the matches by itself
    counted: QuerySet | None = None  # the same matches as `filtered`, filtered as a count reads them best
    # SQLite: the count driven from a facet (Compiler.count_driver): the cards of the rest of the search, and
    # the SQL condition (with its params) on the facet rows "F" the count walks.
    count_facet: tuple[QuerySet, str, list] | None = None
    annotations: dict = field(default_factory=dict)  # what `order` needs besides the card's columns
    statistics: tuple | None = None  # PostgreSQL: the pair statistics it was planned by (index.gram_frequencies)
    # The statements cards.search.paging ran for this search, compiled (by what they read): a cached
    # search runs them again without building and compiling their QuerySets.
    statements: dict = field(default_factory=dict)

    def ranked(self) -> QuerySet:
        """Every match in the final order: by rank, when there is one, over every match."""
        return self._ordered(self.filtered, ranked=True)

    def unranked(self) -> QuerySet:
        """Every match in the list order, each with its rank when there is one (to rank within a page)."""
        return self._ordered(self.filtered, ranked=False)

    def _ordered(self, cards: QuerySet, ranked: bool) -> QuerySet:
        if self.annotations:
            # A FilteredRelation is bound to the query that first uses it: each query gets its own copy.
            cards = cards.annotate(**{n: a.clone() if isinstance(a, FilteredRelation) else a for n, a in self.annotations.items()})
        if self.rank is None:
            return cards.order_by(*self.order)
        cards = cards.annotate(rank=self.rank)
        return cards.order_by("rank", *self.order) if ranked else cards.order_by(*self.order)

    def rows(self, ids: QuerySet, ranked: bool) -> QuerySet:
        """The cards whose ids `ids` selects (a page of ids in order), read and ordered as ranked()
        or unranked() would: the page's wide rows are read for its cards alone, after the narrow ids were
        ordered (a top-N sort of thousands of ids, not of thousands of whole rows)."""
        # Every card by id, with the related rows the search reads (not its filters: a game's filter would
        # have SQLite walk that game's index looking each card up in the list of ids).
        return self._read(self.filtered.model._default_manager.filter(pk__in=ids), ranked)

    def by_ids(self, where: str, params: list, ranked: bool) -> QuerySet:
        """The cards whose ids the SQL condition `where` (with `params`) selects, read and ordered as ranked()
        or unranked() would: a page of a search whose every match's id is known (paging.counted_ids)."""
        return self._read(self.filtered.model._default_manager.extra(where=[where], params=params), ranked)

    def _read(self, cards: QuerySet, ranked: bool) -> QuerySet:
        """`cards` with the related rows the search reads (not its filters), in its order."""
        cards.query.select_related = self.filtered.query.select_related
        return self._ordered(cards, ranked)


def _compares_card_number(node) -> bool:
    """Whether `node` compares the card's number column (CARD_NUMBER) by =, <, <=, > or >=."""
    return (isinstance(node, Cmp) and node.spec.kind == K_NUM and node.spec.column == CARD_NUMBER
            and node.op != "!=" and isinstance(node.value, int))


def _binary(column: str):
    """Order by code point on both databases (PostgreSQL would otherwise follow its locale)."""
    if connection.vendor == "postgresql":
        return Collate(F(column), "C")
    return F(column)


def compile_search(query: Query, cards: QuerySet | None = None, game_id: str | None = None) -> Compiled:
    compiler = Compiler(game_id)
    base = Card.objects.all() if cards is None else cards
    cards = base.filter(compiler.node(query.root)) if query.root is not None else base
    compiled = compiler.compile(cards, query)
    compiled.statistics = compiler.statistics
    if query.root is not None and (compiler.fts or connection.vendor == "postgresql"):
        compiled.count_facet = compiler.count_driver(query.root, base)
    if compiler.unnarrowed or (compiler.carried_count and not compiler.carry) or compiler.probed:
        # PostgreSQL: the count has no order to walk, so a dense word is narrowed by the pair index there
        # (a bitmap of its cards, then up to the cap of them read) rather than by reading the cards one by
        # one in table order: 13,700 rows read to count a two-character word to the cap, 740 pages instead.
        # And a facet's list is read for the cost compared beside it (Compiler.carry): "kw:速攻 c<=2" hashes
        # the keyword's 2,936 cards of cost <= 2, not its 9,945.
        compiler.narrow = compiler.unnarrowed
        compiler.carry = True
        compiler.probe_choices = False  # (the hashed lists: the count reads every card to the cap)
        compiled.counted = base.filter(compiler.node(query.root))
    return compiled


def search(query: Query, cards: QuerySet | None = None, game_id: str | None = None) -> QuerySet:
    """The matches in their final order (ranked over every match)."""
    return compile_search(query, cards, game_id).ranked()
