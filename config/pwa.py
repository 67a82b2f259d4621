"""The installable site: the favicon, the web app manifest, the service worker and its offline page.

Each is served at a stable address from the site's root (docs/ui.md "Installing the site"): a
browser asks for ``/favicon.ico`` by itself, an installed app keeps the manifest's address, and a
service worker controls only the pages under the folder it is served from, so ``/sw.js`` is what
lets it answer every page of the site. The icons themselves are static files (their names hashed
in production), named from here with ``static()``.
"""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# static/css/site.css: --felt (the header, the logo's square) and --bg (the page behind everything).
THEME_COLOR = "#0f6b45"
BACKGROUND_COLOR = "#f6f7f5"

STATIC = Path(settings.BASE_DIR) / "static"
OFFLINE_PATH = "/offline/"


def manifest_data() -> dict:
    """The manifest, in Portuguese (its ``lang``) whatever the reader's language: an installed app keeps one."""
    with translation.override("pt-br"):
        # The pages' own description (templates/base.html).
        description = _(
            "Play Rouba Monte, Stealing Bundles, Crazy Eights and Buraco in the browser with friends and bots. "
            "Every shuffle is fair and can be checked."
        )
    return {
        "id": "/",
        "name": "Mesa",
        "short_name": "Mesa",
        "description": description,
        "lang": "pt-BR",
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games"],
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }


@require_safe
@cache_control(public=True, max_age=86400)
def manifest(request):
    return JsonResponse(manifest_data(), content_type="application/manifest+json")


@require_safe
@cache_control(public=True, max_age=86400)
def favicon(request):
    return HttpResponse((STATIC / "img" / "favicon.ico").read_bytes(), content_type="image/x-icon")


def offline_assets() -> list[str]:
    """What the offline page needs besides itself to look like the site: its stylesheet and the logo."""
    return [static("css/site.css"), static("img/logo.svg")]


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    """static/js/sw.js, after one line naming the offline page, its files and a version.

    The version changes with the script and with those files' (hashed) names, so a deploy that
    changes any of them makes the browser install the worker again and fetch them anew.
    """
    script = (STATIC / "js" / "sw.js").read_text(encoding="utf-8")
    config = {"page": OFFLINE_PATH, "assets": offline_assets()}
    config["version"] = hashlib.sha256((json.dumps(config) + script).encode()).hexdigest()[:12]
    body = f"self.MESA_OFFLINE = {json.dumps(config)};\n{script}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
@cache_control(no_cache=True)
def offline(request):
    """The page the service worker keeps and shows when a page cannot be reached.

    Rendered like the 500 page, without the request's context: the copy the browser keeps must
    hold nobody's name, session or form token, since it may be shown after a log-out."""
    body = loader.get_template("offline.html").render({"bare": True})
    return HttpResponse(body)
