"""Room pages (filled in by the lobby and table views)."""

urlpatterns: list = []
