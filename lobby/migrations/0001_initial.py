"""The lobby's rows, moved from the rooms app without touching a table.

QuickPlayQueue, SitePresence and Invitation were models of the rooms app until
the lobby had its own. Their tables keep their names (``db_table``) and their
rows: this migration only tells Django's state that they now belong to the
lobby (rooms/migrations/0017 told it they left the rooms app), and moves their
content types, so that staff permissions and admin log entries follow them.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = ["quickplayqueue", "sitepresence", "invitation"]


def move_content_types(apps, schema_editor, source="rooms", target="lobby"):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="lobby", target="rooms")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("rooms", "0017_lobby_models_leave"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='QuickPlayQueue',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game', models.CharField(max_length=32, verbose_name='game')),
                        ('rated', models.BooleanField(verbose_name='rated')),
                    ],
                    options={
                        'verbose_name': 'quick play queue',
                        'verbose_name_plural': 'quick play queues',
                        'db_table': 'rooms_quickplayqueue',
                        'constraints': [models.UniqueConstraint(fields=('game', 'rated'), name='unique_quick_play_queue')],
                    },
                ),
                migrations.CreateModel(
                    name='SitePresence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('channel_name', models.CharField(max_length=200, unique=True, verbose_name='channel')),
                        ('last_seen', models.DateTimeField(db_index=True, verbose_name='last seen')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='site_presences', to=settings.AUTH_USER_MODEL, verbose_name='person')),
                    ],
                    options={
                        'verbose_name': 'open site connection',
                        'verbose_name_plural': 'open site connections',
                        'db_table': 'rooms_sitepresence',
                    },
                ),
                migrations.CreateModel(
                    name='Invitation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(verbose_name='sent at')),
                        ('answer', models.CharField(blank=True, choices=[('', 'not answered'), ('accepted', 'accepted'), ('declined', 'declined')], default='', max_length=16, verbose_name='answer')),
                        ('answered_at', models.DateTimeField(blank=True, null=True, verbose_name='answered at')),
                        ('host', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='invited by')),
                        ('invitee', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to=settings.AUTH_USER_MODEL, verbose_name='invited')),
                        ('room', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='rooms.room', verbose_name='room')),
                    ],
                    options={
                        'verbose_name': 'invitation',
                        'verbose_name_plural': 'invitations',
                        'db_table': 'rooms_invitation',
                        'indexes': [models.Index(fields=['invitee', 'answer'], name='rooms_invit_invitee_d31d6e_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
