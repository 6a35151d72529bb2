"""The API docs (``/docs``: Swagger UI, ``/redoc``: ReDoc) served by this server.

FastAPI's own pages load their viewers from a CDN, so they are blank on a server
with no way out. Here the viewers' scripts and styles come from the
``fastapi-offline`` package (which ships them, kept up to date with the CDN's),
served under :data:`ASSETS` by FastAPI's documented recipe for self-hosting them
(``get_swagger_ui_html(swagger_js_url=..., swagger_css_url=...)`` and a static
mount). Every URL the pages load is on this server.
"""

from __future__ import annotations

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


def install(app: FastAPI) -> None:
    """``/docs``, ``/redoc`` and their assets on ``app`` (made with ``docs_url=None,
    redoc_url=None``, so that FastAPI adds no CDN pages of its own)."""
    assert app.docs_url is None and app.redoc_url is None
    openapi = app.openapi_url or "/openapi.json"
    app.mount(ASSETS, StaticFiles(directory=ASSET_DIR), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_swagger_ui_html(
            openapi_url=root + openapi,
            title=f"{app.title}: API docs",
            swagger_js_url=f"{root}{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{root}{ASSETS}/favicon.png",
            # no badge image from the public validator: nothing leaves this server
            swagger_ui_parameters={"validatorUrl": None},
        )

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_redoc_html(
            openapi_url=root + openapi,
            title=f"{app.title}: API reference",
            redoc_js_url=f"{root}{ASSETS}/redoc.standalone.js",
            redoc_favicon_url=f"{root}{ASSETS}/favicon.png",
            with_google_fonts=False,
        )
