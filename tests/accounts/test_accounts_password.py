import re

import pytest
from django.contrib.auth import get_user
from django.urls import reverse


@pytest.mark.django_db
def test_password_change_needs_login(client):
    response = client.get(reverse("accounts:password_change"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.django_db
def test_password_change_saves_the_new_password(client, alice, password):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": password, "new_password1": "a-brand-new-deck-9", "new_password2": "a-brand-new-deck-9"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_change_done")
    alice.refresh_from_db()
    assert alice.check_password("a-brand-new-deck-9")
    # The session survives the change.
    assert get_user(client).pk == alice.pk
    assert client.get(reverse("accounts:password_change_done")).status_code == 200


@pytest.mark.django_db
def test_password_change_rejects_a_wrong_old_password(client, alice, password):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": "nope", "new_password1": "a-brand-new-deck-9", "new_password2": "a-brand-new-deck-9"},
    )
    assert response.status_code == 200
    assert "old_password" in response.context["form"].errors
    alice.refresh_from_db()
    assert alice.check_password(password)


@pytest.mark.django_db
def test_password_reset_mails_a_link_that_works(client, alice, mailoutbox):
    response = client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_reset_done")
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["alice@example.com"]
    assert "Mesa" in mail.subject
    assert "alice" in mail.body

    link = re.search(r"http://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)", mail.body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    assert form_page.context["validlink"] is True
    set_url = form_page.redirect_chain[-1][0]

    done = client.post(set_url, {"new_password1": "fresh-shuffle-2026", "new_password2": "fresh-shuffle-2026"})
    assert done.status_code == 302
    assert done["Location"] == reverse("accounts:password_reset_complete")
    alice.refresh_from_db()
    assert alice.check_password("fresh-shuffle-2026")
    assert client.get(reverse("accounts:password_reset_complete")).status_code == 200

    # The link is single-use.
    again = client.get(link, follow=True)
    assert again.context["validlink"] is False


@pytest.mark.django_db
def test_password_reset_for_an_unknown_address_sends_nothing(client, alice, mailoutbox):
    response = client.post(reverse("accounts:password_reset"), {"email": "stranger@example.com"})
    # Same answer as for a known address: nothing reveals who has an account.
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:password_reset_done")
    assert mailoutbox == []


@pytest.mark.django_db
def test_the_reset_mail_is_in_the_readers_language(client, alice, mailoutbox):
    client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert "Alguém pediu para redefinir a senha" in mailoutbox[0].body
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert "Somebody asked to reset the password" in mailoutbox[1].body


RESET = "/accounts/password/reset/"


@pytest.mark.django_db
def test_reset_mails_to_one_email_are_limited_and_the_answer_does_not_change(client, alice, mailoutbox, settings):
    """Issue 16 (low): password reset sent unlimited mails (20 in 1.5 s)."""
    answers = [client.post(RESET, {"email": "alice@example.com"}, REMOTE_ADDR=f"198.51.100.{n}") for n in range(20)]
    assert len(mailoutbox) == settings.MESA_MAILS_PER_EMAIL_PER_HOUR
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, reverse("accounts:password_reset_done"))}


@pytest.mark.django_db
def test_reset_requests_from_one_address_are_limited(client, alice, mailoutbox, settings):
    for n in range(settings.MESA_RESETS_PER_HOUR):
        assert client.post(RESET, {"email": f"someone{n}@example.com"}).status_code == 302
    refused = client.post(RESET, {"email": "alice@example.com"})
    assert refused.status_code == 429
    assert refused.context["form"].non_field_errors()
    assert mailoutbox == []
    assert client.post(RESET, {"email": "alice@example.com"}, REMOTE_ADDR="198.51.100.99").status_code == 302
    assert len(mailoutbox) == 1
