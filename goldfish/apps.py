from django.apps import AppConfig


class GoldfishConfig(AppConfig):
    name = "goldfish"
    verbose_name = "Goldfish"
