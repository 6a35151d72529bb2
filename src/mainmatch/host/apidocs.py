"""The API docs (``/docs``: Swagger UI, ``/redoc``: ReDoc) served by this server.

FastAPI's own pages load their viewers from a CDN, so they are blank on a server
with no way out. Here the viewers' scripts and styles come from the
``fastapi-offline`` package (which ships them, kept up to date with the CDN's),
served under :data:`ASSETS` by FastAPI's documented recipe for self-hosting them
(``get_swagger_ui_html(swagger_js_url=..., swagger_css_url=...)`` and a static
mount). Every URL the pages load is on this server.

Both pages pass axe-core with no critical or serious violation (decision DAY9,
as every page of the server), by what this server adds to the HTML it serves, never by
editing the shipped files: the page's language, Swagger UI without deep links
(each operation's link sat inside its expand button: a control in a control),
darker colours where the viewers' own fall short of 4.5:1 (a style block on
/docs, ReDoc's ``theme`` option and one rule on /redoc).
"""

from __future__ import annotations

import html
import json
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

#: where the viewers' files are served (under /docs: the docs' CSP covers them)
ASSETS = "/docs/assets"
#: the files ``fastapi-offline`` ships: swagger-ui-bundle.js, swagger-ui.css,
#: redoc.standalone.js, favicon.png
ASSET_DIR = Path(str(files("fastapi_offline") / "static"))

#: Swagger UI's colours below 4.5:1 contrast, darkened (the method badges' white
#: text on light colours, the version badges, the document's link, "Expand all")
SWAGGER_STYLE = """
.swagger-ui .opblock .opblock-summary-method { color: #000; text-shadow: none; }
.swagger-ui .info .title small { background: #4f5560; }
.swagger-ui .info .title small.version-stamp { background-color: #3d5a00; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1f5fa6; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #505050; }
"""
#: ReDoc's theme (its documented ``theme`` option): the error tabs' text on the
#: dark panel and inline code, each at 4.5:1 or more
REDOC_THEME = {
    "colors": {"responses": {"error": {"tabTextColor": "#ff8a80"}}},
    "typography": {"code": {"color": "#b71c1c"}},
}
#: ReDoc's section headers ("Request Body schema") are a fixed half-transparent grey
REDOC_STYLE = "redoc h5[class] { color: #505a5f; }"


def _accessible(
    page: HTMLResponse, style: str, redoc_theme: dict[str, object] | None = None
) -> HTMLResponse:
    """``page`` with its language, ``style`` and (on ReDoc) the theme."""
    text = bytes(page.body).decode()
    text = text.replace("<html>", '<html lang="en">', 1)
    text = text.replace("</head>", f"<style>{style}</style>\n</head>", 1)
    if redoc_theme is not None:
        theme = html.escape(json.dumps(redoc_theme), quote=True)
        text = text.replace("<redoc ", f'<redoc theme="{theme}" ', 1)
    return HTMLResponse(text)


def install(app: FastAPI) -> None:
    """``/docs``, ``/redoc`` and their assets on ``app`` (made with ``docs_url=None,
    redoc_url=None``, so that FastAPI adds no CDN pages of its own)."""
    assert app.docs_url is None and app.redoc_url is None
    openapi = app.openapi_url or "/openapi.json"
    app.mount(ASSETS, StaticFiles(directory=ASSET_DIR), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        page = get_swagger_ui_html(
            openapi_url=root + openapi,
            title=f"{app.title}: API docs",
            swagger_js_url=f"{root}{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS}/favicon.png",
            # no badge image from the public validator: nothing leaves this server
            # no deep links: a link inside each operation's button fails axe
            swagger_ui_parameters={"validatorUrl": None, "deepLinking": False},
        )
        return _accessible(page, SWAGGER_STYLE)

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        page = get_redoc_html(
            openapi_url=root + openapi,
            title=f"{app.title}: API reference",
            redoc_js_url=f"{root}{ASSETS}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{ASSETS}/favicon.png",
            with_google_fonts=False,
        )
        return _accessible(page, REDOC_STYLE, REDOC_THEME)
