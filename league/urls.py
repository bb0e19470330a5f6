"""The site's root URLs: each app brings its own (paths and names unchanged)."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from league.api.index import api_index
from league.core.live import favicon, ping, service_worker
from league.core.preferences import text_size

urlpatterns = [
    path("", include("league.start.urls")),
    path("", include("league.lists.urls")),
    path("", include("league.tournaments.urls")),
    path("", include("league.leagues.urls")),
    path("", include("league.clubs.urls")),
    path("", include("league.evenings.urls")),
    path("", include("league.rankings.urls")),
    path("", include("league.accounts.urls")),
    path("", include("league.venue.urls")),
    path("", include("league.federation.page_urls")),
    path("", include("league.opendata.urls")),
    path("", include("league.embed.urls")),
    path("sw.js", service_worker, name="service-worker"),
    path("favicon.ico", favicon, name="favicon"),
    path("live/ping/", ping, name="live-ping"),
    path("schrift/", text_size, name="text-size"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", api_index, name="api-index"),
    path("api/v1/veroeffentlichungen/", include("league.federation.urls")),
    path("api/v1/", include("league.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        # Redoc styles itself at run time: the one page whose styles may be inline.
        csp_update({"style-src": ["'unsafe-inline'"]})(
            SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html")
        ),
        name="api-docs",
    ),
]

# The error pages in the site's frame (league/core/error_views.py).
handler400 = "league.core.error_views.bad_request"
handler403 = "league.core.error_views.permission_denied"
handler404 = "league.core.error_views.page_not_found"
handler500 = "league.core.error_views.server_error"
