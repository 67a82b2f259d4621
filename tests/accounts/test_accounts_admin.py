import pytest


@pytest.mark.django_db
def test_admin_lists_players_with_display_name_and_language(client, alice, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", "boss@example.com", "boss-password-123")
    alice.display_name = "Alice the Bold"
    alice.save()
    client.force_login(admin)
    listing = client.get("/admin/accounts/user/")
    assert listing.status_code == 200
    assert "Alice the Bold" in listing.content.decode()
    change = client.get(f"/admin/accounts/user/{alice.pk}/change/")
    assert change.status_code == 200
    content = change.content.decode()
    assert 'name="display_name"' in content
    assert 'name="language"' in content
    assert client.get("/admin/accounts/user/add/").status_code == 200
