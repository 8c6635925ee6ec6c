from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from cards.permissions import can_edit_game
from decks.selectors import card_limit

register = template.Library()


@register.simple_tag
def card_copy_limit(card):
    """The card page's "copies per deck": `{% card_copy_limit card as limit %}` (decks.selectors.card_limit)."""
    return card_limit(card)


@register.simple_tag(takes_context=True)
def edits_game(context, slug) -> bool:
    """Whether the signed-in user edits the game: `{% edits_game game.slug as can_edit %}`."""
    request = context.get("request")
    return bool(request) and can_edit_game(request.user, slug)


@register.filter
def percent(value) -> str:
    """0.6396 -> "64.0%" (a share or a probability). Nearly certain is not certain: 0.99996 -> ">99.9%"."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return ""
    if 0.999 < value < 1:
        return ">99.9%"
    if 0 < value < 0.001:
        return "<0.1%"
    return f"{value * 100:.1f}%"


# The cost curve as an inline SVG bar chart: drawn here, on the server, sized by its viewBox (it scales to
# its box), the copies written above each bar and the costs below it; role="img" with the numbers in words.
SLOT, BAR, PLOT, TOP, BOTTOM, SIDE = 34, 24, 110, 20, 24, 6
MAX_FILLED_GAP = 15  # costs missing between the cheapest and the dearest are drawn as empty slots up to this span


@register.simple_tag
def curve_chart(curve) -> str:
    """`{% curve_chart curve %}`: one section's cost curve (statistics()["curve"][i]) as a bar chart."""
    bars = [b for b in curve.get("bars", ()) if b["copies"]]
    if not bars:
        return ""
    costs = [b["cost"] for b in bars if b["cost"] is not None]
    by_cost = {b["cost"]: b["copies"] for b in bars}
    if costs and max(costs) - min(costs) <= MAX_FILLED_GAP:
        slots = [(c, by_cost.get(c, 0)) for c in range(min(costs), max(costs) + 1)]
    else:
        slots = [(c, by_cost[c]) for c in sorted(costs)]
    if None in by_cost:
        slots.append((None, by_cost[None]))
    peak = max(n for _c, n in slots) or 1
    width = SIDE * 2 + SLOT * len(slots)
    height = TOP + PLOT + BOTTOM
    words = gettext("cost %(cost)s: %(copies)s")
    spoken = "、".join if (get_language() or "ja").startswith("ja") else ", ".join
    values = spoken(words % {"cost": "–" if c is None else c, "copies": n} for c, n in slots if n)
    label = f"{gettext('Cost curve')}: {curve.get('label', '')} — {values}"
    parts = []
    for i, (cost, copies) in enumerate(slots):
        x = SIDE + i * SLOT + (SLOT - BAR) / 2
        h = round(PLOT * copies / peak, 1)
        y = TOP + PLOT - h
        centre = SIDE + i * SLOT + SLOT / 2
        if copies:
            parts.append(format_html('<rect class="bar" x="{}" y="{}" width="{}" height="{}"></rect>', x, y, BAR, h))
            parts.append(format_html('<text class="value" x="{}" y="{}">{}</text>', centre, y - 5, copies))
        parts.append(
            format_html('<text class="tick" x="{}" y="{}">{}</text>', centre, TOP + PLOT + 17, "–" if cost is None else cost)
        )
    return format_html(
        '<svg class="curve-chart" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{label}">'
        '<title>{label}</title><line class="axis" x1="{side}" y1="{base}" x2="{end}" y2="{base}"></line>{bars}</svg>',
        w=width,
        h=height,
        label=label,
        side=SIDE,
        end=width - SIDE,
        base=TOP + PLOT + 0.5,
        bars=mark_safe("".join(parts)),  # noqa: S308 - each part was escaped by format_html
    )


@register.filter
def owner_name(user) -> str:
    """How a deck's owner is named on a page: the account's name, but the bundled sample decks' owner (the
    inactive account decks.services.SAMPLE_OWNER) as 「サイトのサンプル」 in the page's language."""
    from decks.services import SAMPLE_OWNER

    if user is None:
        return ""
    if user.get_username() == SAMPLE_OWNER and not user.is_active:
        return gettext("this site's samples")
    return user.get_username()
