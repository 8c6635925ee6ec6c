"""Error pages: under /api/ a URL that matches no route answers the API's JSON 404, as an unknown id does,
so an API client never has to read an HTML page."""

from django.http import JsonResponse
from django.views import defaults
from rest_framework.exceptions import NotFound


def page_not_found(request, exception):
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(NotFound.default_detail)}, status=404)
    return defaults.page_not_found(request, exception)
