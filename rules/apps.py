# The rules package itself is plain Python with no Django imports (rules/engine, rules/games);
# this AppConfig only lets Django find the package's templates and tests.
from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules"
