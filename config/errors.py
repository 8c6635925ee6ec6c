"""Error answers: the site's own page for 400, 403, 404 and 500 (in the visitor's language, Japanese by
default, with nothing internal), and under /api/ the API's JSON, as DRF answers its own errors, so an API
client never has to read an HTML page.

The error page is standalone (templates/error.html): it reads nothing from the database and needs no
context processor, so it renders when the database is the reason for the 500.

RefuseImpossibleRequestsMiddleware is the one check for the character no URL of the site can name: a NUL
byte in the path answers 404 and one in the query string reads as a space, before any view reads them
(PostgreSQL refuses NUL in text, so a view passing it to a query answered 500 there)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from rest_framework import exceptions


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _answer(request, status: int, title: str, message: str):
    if _is_api(request):
        return JsonResponse({"detail": message}, status=status)
    body = loader.get_template("error.html").render({"status": status, "title": title, "message": message})
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    response.site_error_page = True
    return response


def bad_request(request, exception):
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / (1024 * 1024)
        return _answer(request, 413, _("Too large"),
                       _("The request is larger than %(limit)s MB.") % {"limit": f"{limit:g}"})
    if isinstance(exception, (TooManyFieldsSent, TooManyFilesSent)):
        return _answer(request, 400, _("Bad request"), _("The request has too many form fields or files."))
    return _answer(request, 400, _("Bad request"), _("The request could not be read."))


def permission_denied(request, exception):
    if _is_api(request):  # the words DRF answers its own 403 and 404 with
        return JsonResponse({"detail": str(exceptions.PermissionDenied.default_detail)}, status=403)
    return _answer(request, 403, _("Not allowed"), _("You do not have permission to open this page."))


def csrf_failure(request, reason=""):
    """A form sent without its CSRF token (CSRF_FAILURE_VIEW): the site's page, saying what to do, not
    Django's English page with the reason."""
    if _is_api(request):
        return JsonResponse({"detail": _("This request was not sent from this site's own page (CSRF check).")}, status=403)
    return _answer(request, 403, _("The form was not sent"),
                   _("This form was open too long or came from another site, so it was not sent. Reload the page and send it again."))


def page_not_found(request, exception):
    if _is_api(request):
        return JsonResponse({"detail": str(exceptions.NotFound.default_detail)}, status=404)
    return _answer(request, 404, _("Page not found"), _("There is no page at this address."))


def server_error(request):
    return _answer(request, 500, _("Something went wrong"),
                   _("The server could not answer this request. Please try again in a moment."))


class RefuseImpossibleRequestsMiddleware:
    """404 for a NUL byte in the path (no URL of the site names one); in the query string a NUL reads as a
    space, before any view parses it (as cards.selectors.query_param reads control characters in a search:
    a NUL in ?q= or ?game= is not an error, and no view can pass one to the database)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path_info:
            raise Http404("NUL in the path")
        query = request.META.get("QUERY_STRING", "")
        if "%00" in query or "\x00" in query:
            request.META["QUERY_STRING"] = query.replace("%00", "%20").replace("\x00", " ")
            request.__dict__.pop("GET", None)  # parsed again from the cleaned string
        return self.get_response(request)


class SiteNotFoundMiddleware:
    """With DEBUG on (`make run`), a wrong URL still answers the site's own 404 page, in the visitor's
    language, not Django's English technical page listing the URL patterns: a newcomer trying the site
    locally sees what a visitor would. Last in MIDDLEWARE, so CommonMiddleware still adds a missing slash.

    A view's Http404 comes here through process_exception; a path no pattern matches is answered by Django's
    debug view before any middleware hook, so its response is replaced on the way out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code == 404
            and settings.DEBUG
            and not getattr(response, "site_error_page", False)
            and response.get("Content-Type", "").startswith("text/html")
            and b"DEBUG = True" in response.content
        ):
            return page_not_found(request, None)
        return response

    def process_exception(self, request, exception):
        if settings.DEBUG and isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None
