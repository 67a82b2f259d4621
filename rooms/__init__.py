"""Rooms: models, the service layer, WebSocket consumers and Celery tasks."""
