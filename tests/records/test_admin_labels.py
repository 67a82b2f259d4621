"""Every label the admin shows is translated: the apps, the models, every list's column titles and every
record page's field labels read in Portuguese (they read "ACCOUNTS", "AXES", "Room", "User", "REPORTER",
"target" before)."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.utils import label_for_field
from django.test import RequestFactory
from django.utils import translation

pytestmark = pytest.mark.django_db

# Words that read the same in both languages.
# "rating" is the word Brazilian players use too (docs/ratings.md); Mesa is the site's name.
SAME = {"E-mail", "e-mail", "Chat", "Buraco", "Bot", "μ", "σ", "rating", "ratings", "Mesa"}


def labels(model, model_admin, request):
    """(where, label) of everything the admin names for ``model``: app, model, columns, fields."""
    opts = model._meta
    yield f"{opts.app_label} app", apps.get_app_config(opts.app_label).verbose_name
    yield f"{opts.label} name", opts.verbose_name
    yield f"{opts.label} plural", opts.verbose_name_plural
    for name in model_admin.get_list_display(request):
        if name == "__str__":
            continue
        yield f"{opts.label} column {name}", label_for_field(name, model, model_admin)
    for fieldset_name, options in model_admin.get_fieldsets(
        request, None if not model._default_manager.exists() else model._default_manager.first()
    ):
        if fieldset_name:
            yield f"{opts.label} fieldset", fieldset_name
        for name in options["fields"]:
            for one in name if isinstance(name, tuple | list) else (name,):
                yield f"{opts.label} field {one}", label_for_field(one, model, model_admin)


def test_every_admin_label_reads_in_portuguese(make_user):
    boss = make_user("boss")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    request = RequestFactory().get("/admin/")
    request.user = boss
    untranslated = []
    for model, model_admin in admin.site._registry.items():
        with translation.override("en"):
            english = [(where, str(label)) for where, label in labels(model, model_admin, request)]
        with translation.override("pt-br"):
            portuguese = [(where, str(label)) for where, label in labels(model, model_admin, request)]
        for (where, en), (_where, pt) in zip(english, portuguese, strict=True):
            if en == pt and en not in SAME:
                untranslated.append(f"{where}: {en}")
    assert not untranslated, "\n".join(untranslated)
