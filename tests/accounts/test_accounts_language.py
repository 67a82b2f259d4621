import pytest
from django.contrib.auth import get_user_model

SETLANG = "/i18n/setlang/"


def _switch(client, language, next_url="/"):
    return client.post(SETLANG, {"language": language, "next": next_url})


@pytest.mark.django_db
def test_portuguese_is_the_default(client):
    content = client.get("/").content.decode()
    assert '<html lang="pt-br">' in content
    assert "Puxe uma cadeira na Mesa" in content
    assert ">Entrar<" in content


@pytest.mark.django_db
def test_the_switcher_goes_to_english_and_back(client):
    response = _switch(client, "en", "/rules/buraco/")
    assert response.status_code == 302
    assert response["Location"] == "/rules/buraco/"
    content = client.get("/").content.decode()
    assert '<html lang="en">' in content
    assert "Pull up a chair at Mesa" in content
    assert ">Log in<" in content

    _switch(client, "pt-br")
    content = client.get("/").content.decode()
    assert "Puxe uma cadeira na Mesa" in content


@pytest.mark.django_db
def test_the_switcher_is_a_post_form_on_every_page(client):
    content = client.get("/accounts/login/").content.decode()
    assert 'action="/i18n/setlang/"' in content
    assert 'name="next" value="/accounts/login/"' in content
    assert 'name="language" value="en"' in content
    assert 'name="language" value="pt-br"' in content


@pytest.mark.django_db
def test_switching_saves_the_profile_language(client, alice):
    client.force_login(alice)
    _switch(client, "en")
    alice.refresh_from_db()
    assert alice.language == "en"
    _switch(client, "pt-br")
    alice.refresh_from_db()
    assert alice.language == "pt-br"


@pytest.mark.django_db
def test_the_switched_language_follows_the_player_to_another_browser(client, alice, django_user_model):
    client.force_login(alice)
    _switch(client, "en")
    other = type(client)()
    other.force_login(django_user_model.objects.get(pk=alice.pk))
    assert "Pull up a chair at Mesa" in other.get("/").content.decode()


@pytest.mark.django_db
def test_an_unknown_language_changes_nothing(client, alice):
    client.force_login(alice)
    _switch(client, "xx")
    alice.refresh_from_db()
    assert alice.language == "pt-br"
    assert "Puxe uma cadeira na Mesa" in client.get("/").content.decode()


@pytest.mark.django_db
def test_visitors_can_switch_without_an_account(client):
    _switch(client, "en")
    assert get_user_model().objects.count() == 0
    assert '<html lang="en">' in client.get("/accounts/signup/").content.decode()
