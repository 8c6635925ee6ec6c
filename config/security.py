"""The Content-Security-Policy header (Django 5.2 has none built in; Django 6 adds one).

Every page of the site loads its scripts and styles as files from its own origin and has no inline
script, no inline style and no style attribute, so the policy allows only 'self'. A response that sets
its own policy (the simulation chart, card images) keeps it.
"""

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],  # data: for the SVG icons Swagger UI draws
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}


HEADER = "; ".join(f"{directive} {' '.join(sources)}" for directive, sources in POLICY.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = HEADER
        return response
