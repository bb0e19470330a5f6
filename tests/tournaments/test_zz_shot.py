import pytest
from django.urls import reverse
from tests.tournaments.test_substitute_standings import shared  # noqa: F401

pytestmark = pytest.mark.django_db

def test_shot(client, shared):
    t = shared[0]
    html = client.get(reverse("projector", args=[t.pk])).content.decode()
    html = html.replace("/static/css/projector.css", "/work/wt/leftovers20/static/css/projector.css")
    html = html.replace('<script src="/static/js/', '<script src="/work/wt/leftovers20/static/js/')
    open("/tmp/l20/projector.html", "w").write(html)
    client.force_login(t.organisers.first()) if hasattr(t, "organisers") and t.organisers.exists() else None
    page = client.get(reverse("standings", args=[t.pk]), {"vorlaeufig": "1"}).content.decode()
    open("/tmp/l20/standings.html", "w").write(page)
