"""The API docs work offline (issue #27): /docs and /redoc load only what this
server serves, and Swagger UI renders every operation in Chromium with every
request beyond the server refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from mainmatch.host.app import create_app
from mainmatch.testing.browser import chromium, served, until

from .conftest import ADMIN_KEY

#: what each kind of file must be served as
TYPES = {
    ".js": ("text/javascript", "application/javascript"),
    ".css": ("text/css",),
    ".png": ("image/png",),
    ".json": ("application/json",),
}


@pytest.fixture
def client(sqlite_url) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, admin_key=ADMIN_KEY)) as c:
        yield c


def _urls(html: str) -> list[str]:
    """Every URL a docs page loads: its src and href attributes, and the OpenAPI
    document its inline script fetches (``url: '/openapi.json'``, ``spec-url``)."""
    return re.findall(r"""(?:src|href|spec-url)\s*=\s*["']([^"']+)["']""", html) + re.findall(
        r"""\burl\s*:\s*['"]([^'"]+)['"]""", html
    )


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_docs_load_only_what_this_server_serves(client, page):
    r = client.get(page)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "http://" not in r.text and "https://" not in r.text, "no absolute URL at all"
    urls = _urls(r.text)
    kinds = {u.rsplit(".", 1)[-1] for u in urls}
    assert {"js", "png", "json"} <= kinds, urls  # the viewer, its icon and the API's schema
    for url in urls:
        parts = urlsplit(url)
        assert not parts.scheme and not parts.netloc and url.startswith("/"), url
        got = client.get(url)
        assert got.status_code == 200, url
        ext = "." + parts.path.rsplit(".", 1)[-1]
        assert got.headers["content-type"].split(";")[0] in TYPES[ext], (url, got.headers)
        assert len(got.content) > 1000, url  # the real file, not an error page
    # the browser may load nothing from elsewhere either
    csp = r.headers["content-security-policy"]
    assert "http" not in csp and "default-src 'self'" in csp


def test_the_swagger_ui_page_uses_the_packaged_viewer(client):
    html = client.get("/docs").text
    js = next(u for u in _urls(html) if u.endswith("swagger-ui-bundle.js"))
    assert "SwaggerUIBundle" in client.get(js).text
    assert '"validatorUrl": null' in html, "no badge from the public validator"


@pytest.mark.browser
def test_the_docs_render_every_operation_with_no_network(sqlite_url):
    """Chromium opens /docs and /redoc with every request off the server refused:
    both still list every operation of the OpenAPI document, and tried nothing
    elsewhere."""
    app = create_app(sqlite_url, admin_key=ADMIN_KEY)
    with served(app) as base, chromium() as browser:
        page = browser.new_context().new_page()
        elsewhere: list[str] = []
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def only_this_server(route) -> None:
            if route.request.url.startswith(base + "/"):
                route.continue_()
            else:
                elsewhere.append(route.request.url)
                route.abort()

        page.route("**/*", only_this_server)
        spec = page.request.get(f"{base}/openapi.json").json()
        operations = sum(
            1
            for path in spec["paths"].values()
            for method in path
            if method in {"get", "put", "post", "delete", "patch"}
        )
        page.goto(f"{base}/docs")
        until(page, f"document.querySelectorAll('.opblock').length === {operations}")
        assert page.locator(".opblock-summary-path").first.inner_text().startswith("/")
        page.goto(f"{base}/redoc")
        sections = "[...document.querySelectorAll('[data-section-id*=\"operation/\"]')]"
        ids = f"new Set({sections}.map(e => e.dataset.sectionId.split('operation/')[1])).size"
        until(page, f"{ids} === {operations}")  # ReDoc: each operation's section
        assert not elsewhere and not errors, (elsewhere, errors)
