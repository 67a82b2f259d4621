"""The staff pages the admin has beside Django's own (a confirmation, a rename, an erasure).

Each is drawn in the admin's layout (its header, side menu and breadcrumbs need the
site's context and the model's options) and routed behind the admin's own login and
staff check, so a page of this kind cannot forget either.
"""

from django.template.response import TemplateResponse
from django.urls import path


def page(model_admin, request, template: str, title, **context) -> TemplateResponse:
    """`template` in the admin's layout, under `title`, about `model_admin`'s model."""
    return TemplateResponse(
        request,
        template,
        {**model_admin.admin_site.each_context(request), "title": title, "opts": model_admin.model._meta, **context},
    )


def route(model_admin, pattern: str, name: str, view) -> list:
    """One admin URL whose `view(model_admin, request, **kwargs)` runs behind the admin's login."""

    def routed(request, **kwargs):
        return view(model_admin, request, **kwargs)

    return [path(pattern, model_admin.admin_site.admin_view(routed), name=name)]
