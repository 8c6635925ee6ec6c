from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from rules.declare import GAMES, get_game

from .forms import PREFIX, ImportForm, RecordsField, card_form_for
from .io import CardFileError, load_mapping
from .models import Card, Game
from .permissions import editable_game_slugs
from .selectors import records_examples
from .services import import_cards

# The admin's own title, in the site's language (not "Django administration").
admin.site.site_header = admin.site.site_title = gettext_lazy("Card Game Workshop admin")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games mirror the registry (rules/games); they are listed here, not edited."""

    list_display = ("slug", "name_ja", "name_en", "order")
    readonly_fields = ("slug", "name_ja", "name_en", "order")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class GameScopedAdmin(admin.ModelAdmin):
    """An editor sees and writes the records of their games only (superusers: all games)."""

    game_field = "game"

    def get_queryset(self, request):
        return super().get_queryset(request).filter(**{f"{self.game_field}__in": editable_game_slugs(request.user)})

    def _may_edit(self, request, obj) -> bool:
        return obj is None or getattr(obj, f"{self.game_field}_id") in editable_game_slugs(request.user)

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._may_edit(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._may_edit(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._may_edit(request, obj)

    def has_add_permission(self, request):
        return super().has_add_permission(request) and bool(editable_game_slugs(request.user))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == self.game_field:
            kwargs["queryset"] = Game.objects.filter(slug__in=editable_game_slugs(request.user))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class CardTypeFilter(admin.SimpleListFilter):
    """Card types by the games' words for them (the game chosen in the list's filter, else every game)."""

    title = gettext_lazy("card type")
    parameter_name = "card_type"

    def lookups(self, request, model_admin):
        lang = get_language() or "ja"
        slug = request.GET.get("game__slug__exact") or request.GET.get("game__exact")
        games = [get_game(slug)] if slug in GAMES else list(GAMES.values())
        seen: dict[str, str] = {}
        for game in games:
            for card_type in game.card_types:
                seen.setdefault(card_type.code, card_type.label(lang))
        return list(seen.items())

    def queryset(self, request, queryset):
        return queryset.filter(card_type=self.value()) if self.value() else queryset


@admin.register(Card)
class CardAdmin(GameScopedAdmin):
    list_display = ("name", "game", "type_label", "cost", "number", "set_name", "sample")
    list_filter = ("game", CardTypeFilter, "sample", "set_name")
    search_fields = ("name", "reading", "number", "rules_text", "set_name")
    list_select_related = ("game",)
    change_list_template = "admin/cards/card/change_list.html"

    @admin.display(description=gettext_lazy("card type"), ordering="card_type")
    def type_label(self, card):
        """The type by the game's word for it (バッテリー), not its code (Battery)."""
        return card.type_label()

    # -- the form follows the card's game --------------------------------------

    def _game_for(self, request, obj):
        if obj is not None:
            return obj.game_id
        slug = request.GET.get("game") or request.POST.get("game")
        return slug if slug in editable_game_slugs(request.user) else None

    def get_form(self, request, obj=None, change=False, **kwargs):
        slug = self._game_for(request, obj)
        kwargs["form"] = card_form_for(get_game(slug) if slug else None, get_language() or "ja")
        kwargs["fields"] = None
        form = super().get_form(request, obj, change=change, **kwargs)
        form.base_fields["game"].queryset = Game.objects.filter(slug__in=editable_game_slugs(request.user))
        for name, field in form.base_fields.items():
            if isinstance(field, RecordsField) and slug:  # the steps other cards of the game carry, as examples
                field.widget.examples = records_examples(slug, name.removeprefix(PREFIX))
        if slug and obj is None:
            form.base_fields["game"].initial = slug
        return form

    def get_fieldsets(self, request, obj=None):
        form = self.get_form(request, obj)
        game_keys = [name for name in form.base_fields if name.startswith("f_")]
        common = [name for name in form.base_fields if not name.startswith("f_")]
        fieldsets = [(None, {"fields": common})]
        if game_keys:
            fieldsets.append((_("Game-specific fields"), {"fields": game_keys}))
        return fieldsets

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):  # before the game chooser, which would otherwise show to anyone staff
            raise PermissionDenied
        if self._game_for(request, None) is None:
            slugs = editable_game_slugs(request.user)
            if len(slugs) == 1:
                return redirect(f"{request.path}?game={next(iter(slugs))}")
            context = {
                **self.admin_site.each_context(request),
                "title": _("Add a card: choose the game"),
                "games": Game.objects.filter(slug__in=slugs),
                "opts": self.model._meta,
            }
            return TemplateResponse(request, "admin/cards/card/choose_game.html", context)
        return super().add_view(request, form_url, extra_context)

    # -- import ---------------------------------------------------------------------

    def get_urls(self):
        extra = [path("import/", self.admin_site.admin_view(self.import_view), name="cards_card_import")]
        return extra + super().get_urls()

    def import_view(self, request):
        slugs = editable_game_slugs(request.user)
        if not (request.user.is_staff and slugs):
            raise PermissionDenied
        games = Game.objects.filter(slug__in=slugs)
        report = None
        form = ImportForm(request.POST or None, request.FILES or None, games=games)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            game = form.cleaned_data["game"]
            try:
                mapping = load_mapping(form.cleaned_data["mapping"]) if form.cleaned_data["mapping"] else None
                report = import_cards(
                    game=game.slug,
                    data=upload.read(),
                    fmt=form.cleaned_data["format"] or None,
                    filename=upload.name,
                    mapping=mapping,
                    dry_run=form.cleaned_data["dry_run"],
                    skip_invalid=form.cleaned_data["skip_invalid"],
                )
            except CardFileError as exc:
                form.add_error("file", str(exc))
            else:
                level = messages.ERROR if report.errors and not report.written else messages.SUCCESS
                self.message_user(request, f"{game.name}: {report.summary()}", level)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import cards"),
            "form": form,
            "report": report,
            "opts": self.model._meta,
            "changelist_url": reverse("admin:cards_card_changelist"),
        }
        return TemplateResponse(request, "admin/cards/card/import.html", context)
