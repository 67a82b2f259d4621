"""A recorded hand dealt again and played through its log, step by step, for staff.

The staff replay and the admin's hand page both read a finished hand this way:
the deal from the recorded deck, then each log entry applied in order (a
``leave`` entry returns the leaver's cards as the engine does). From the states
they learn what no log entry says: each seat's starting hand, every card that
came into a hand later (a draw from the stock is logged without its card), and
what became of the Buraco mortos.

A record the rules refuse (a row changed by hand, or written before a fix)
ends the walk where it breaks: ``Walk.broken_at`` says at which entry.
"""

from collections import Counter
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _

from games import IllegalMove, registry
from games.canonical import canonical_move
from games.cards import is_card, sort_key
from rooms.records import stored
from rooms.records.describe import describe_move, holder_name, live_event, moment_of, names_by_seat
from rooms.records.participants import holder_at
from rooms.words.move_words import extended_run

REFUSALS = (IllegalMove, KeyError, IndexError, TypeError, ValueError, AttributeError)


@dataclass
class Step:
    index: int | None  # log entry (from 0); None for the deal
    entry: dict | None
    move: dict | None  # the engine's own copy of the logged move (None: the deal, a leave)
    state: dict


@dataclass
class Walk:
    steps: list[Step]
    broken_at: int | None = None  # the log entry (from 0) that could not be applied
    undealt: bool = False  # the deal itself could not be made again


def walk(hand) -> Walk:
    """Every state of ``hand``: the deal, then one per log entry, as far as the record allows."""
    engine = registry.get(hand.game)
    players = len(stored.as_list(hand.seat_map))
    try:
        state = engine.deal(
            players=players,
            dealer=hand.dealer,
            deck=list(stored.strings(hand.deck)),
            options=stored.as_dict(hand.options),
            seed=hand.match.stream_key,
            hand=hand.number,
        )
    except REFUSALS:
        return Walk([], undealt=True)
    steps = [Step(None, None, None, state)]
    for index, entry in enumerate(stored.as_list(hand.moves)):
        try:
            if not isinstance(entry, dict):
                raise TypeError("a log entry is an object")
            seat = entry["seat"]
            if entry.get("kind") == "leave":
                state, move = engine.remove_player(state, seat), None
            else:
                move = canonical_move(engine.legal_moves(state, seat), entry["move"])
                state = engine.apply(state, seat, move if move is not None else entry["move"])
        except REFUSALS:
            return Walk(steps, broken_at=index)
        steps.append(Step(index, entry, move, state))
    return Walk(steps)


@dataclass
class CardIn:
    """A card that came into a seat's hand after the deal, and at which log entry (from 1)."""

    card: str
    move: int


@dataclass
class SeatCards:
    engine_seat: int
    room_seat: int  # from 0
    start: list[str]
    came_in: list[CardIn] = field(default_factory=list)


@dataclass
class MortoFate:
    """A Buraco team's morto: its cards at the deal, and who took it at which entry (None: never)."""

    team: str
    cards: list[str]
    taken_by_seat: int | None = None  # room seat, from 0
    taken_by: object = None  # the Participant holding that seat then
    move: int | None = None  # log entry, from 1


@dataclass
class HandCards:
    seats: list[SeatCards]
    mortos: list[MortoFate]
    broken_at: int | None = None
    undealt: bool = False


def ordered(cards) -> list[str]:
    return sorted((c for c in cards if is_card(c)), key=sort_key)


def hand_cards(hand, rows, walked: Walk | None = None) -> HandCards:
    """Starting hands, later arrivals and mortos of a hand (``rows``: its participants)."""
    walked = walked or walk(hand)
    if walked.undealt:
        return HandCards([], [], undealt=True)
    seat_map = stored.as_list(hand.seat_map)
    first = walked.steps[0].state
    seats = [SeatCards(s, seat_map[s], ordered(cards)) for s, cards in enumerate(first["hands"])]
    mortos = [MortoFate(team, ordered(cards)) for team, cards in sorted(stored.as_dict(first.get("mortos")).items())]
    previous = [list(cards) for cards in first["hands"]]
    for step in walked.steps[1:]:
        hands = step.state["hands"]
        for s, cards in enumerate(hands):
            for card in ordered((Counter(cards) - Counter(previous[s])).elements()):
                seats[s].came_in.append(CardIn(card, step.index + 1))
        for morto in mortos:
            taken = stored.as_dict(step.state.get("morto_seat")).get(morto.team)
            if morto.move is None and stored.as_dict(step.state.get("morto_taken")).get(morto.team):
                if isinstance(taken, int) and 0 <= taken < len(seat_map):
                    morto.taken_by_seat = seat_map[taken]
                    morto.taken_by = holder_at(rows, taken, step.index)
                morto.move = step.index + 1
        previous = [list(cards) for cards in hands]
    return HandCards(seats, mortos, broken_at=walked.broken_at)


def extended_runs(hand, walked: Walk) -> dict[int, list[str]]:
    """Log entry (from 0) -> the run that Buraco addition extended, as it lay just before it."""
    engine = registry.get(hand.game)
    out = {}
    for before, step in zip(walked.steps, walked.steps[1:], strict=False):
        run = extended_run(engine, before.state, step.entry.get("seat"), step.move)
        if run:
            out[step.index] = run
    return out


def _clock(at) -> str:
    """A log entry's time as the admin shows it: the site's time zone, to the second."""
    moment = moment_of(at)
    if moment is None:
        return ""
    return (timezone.localtime(moment) if timezone.is_aware(moment) else moment).strftime("%H:%M:%S")


def _seats_at(seat_map: list, rows, index: int) -> list[dict]:
    """Each seat at log entry ``index`` (from 0): its number from 1, who held it, whether a stand-in."""
    out = []
    for s in range(len(seat_map)):
        holder = holder_at(rows, s, index) or holder_at(rows, s, index - 1)
        out.append(
            {
                "number": seat_map[s] + 1 if isinstance(seat_map[s], int) else s + 1,
                "name": holder_name(holder) if holder is not None else "",
                "stand_in": bool(holder is not None and holder.stand_in),
            }
        )
    return out


def _mortos_at(state: dict, takers: dict) -> list[dict]:
    """Each Buraco morto in ``state``: its cards, whether taken, and by whom (``takers``: team -> name)."""
    out = []
    for team, cards in sorted(stored.as_dict(state.get("mortos")).items()):
        taken = bool(stored.as_dict(state.get("morto_taken")).get(team))
        out.append({"team": int(team) + 1, "cards": ordered(cards), "taken": taken, "by": takers.get(team, "")})
    return out


def _note_takers(state: dict, rows, index: int, takers: dict) -> None:
    """Name who took each morto at the step it was taken: the person then, not a later stand-in in the seat."""
    for team, taken in stored.as_dict(state.get("morto_taken")).items():
        seat = stored.as_dict(state.get("morto_seat")).get(team)
        if taken and team not in takers and isinstance(seat, int):
            holder = holder_at(rows, seat, index)
            takers[team] = holder_name(holder) if holder is not None else ""


def _table_at(engine, state: dict, seat_map: list, rows, index: int, takers: dict) -> dict:
    """What the replay shows of one state: every seat's view, the seats as held then, the mortos."""
    seats = _seats_at(seat_map, rows, index)
    return {
        "views": [engine.view(state, s) for s in range(len(seat_map))],
        "seats": seats,
        "mortos": _mortos_at(state, takers),
    }


def _deal_label(hand, rows, players: int) -> str:
    """The first step's caption: who dealt, when the record names a dealer among the seats."""
    if isinstance(hand.dealer, int) and 0 <= hand.dealer < players:
        return live_event("deal", holder_at(rows, hand.dealer, 0), hand=hand.number)
    return _("Deal")


def _move_label(hand, rows, step: Step, before: Step) -> str:
    """A log entry's caption: the move in words, named after who made it (and whom it took from, which run it extended)."""
    actor = holder_at(rows, step.entry["seat"], step.index)
    victim = None
    if isinstance(step.move, dict) and isinstance(step.move.get("from"), int):
        victim = holder_name(holder_at(rows, step.move["from"], step.index))
    run = extended_run(registry.get(hand.game), before.state, step.entry["seat"], step.move)
    return describe_move(hand.game, {**step.entry, "move": step.move}, holder_name(actor), victim, run)


def _room_seat(seat_map: list, engine_seat) -> int | None:
    """An engine seat's room seat, from 1 (what the replay's seat filter picks); None if the map names none."""
    if isinstance(engine_seat, int) and 0 <= engine_seat < len(seat_map) and isinstance(seat_map[engine_seat], int):
        return seat_map[engine_seat] + 1
    return None


def seat_choices(rows) -> list[dict]:
    """The replay's seat filter: each room seat (from 1) with everyone who held it in the hand."""
    return [
        {"number": seat + 1, "label": _("Seat %(n)s · %(name)s") % {"n": seat + 1, "name": ", ".join(names)}}
        for seat, names in names_by_seat(rows).items()
    ]


def replay_steps(hand, rows) -> list[dict]:
    """The staff replay's steps: each seat's view, who held it, the mortos, and a caption in words.

    Seats are numbered from 1 (``number``); a caption names who made the move
    as the seat was held then. ``rows`` are the hand's participants.
    """
    engine = registry.get(hand.game)
    walked = walk(hand)
    if walked.undealt:
        return [{"label": _("The hand cannot be dealt again from its record."), "views": [], "seats": []}]
    seat_map = stored.as_list(hand.seat_map)
    first = walked.steps[0].state
    takers: dict = {}
    steps = [
        {
            "label": _deal_label(hand, rows, len(seat_map)),
            "time": "",
            **_table_at(engine, first, seat_map, rows, 0, takers),
        }
    ]
    for before, step in zip(walked.steps, walked.steps[1:], strict=False):
        _note_takers(step.state, rows, step.index, takers)
        steps.append(
            {
                "label": _move_label(hand, rows, step, before),
                "seat": _room_seat(seat_map, step.entry.get("seat")),
                "move": step.move,
                "time": _clock(step.entry.get("at")),
                **_table_at(engine, step.state, seat_map, rows, step.index + 1, takers),
            }
        )
    if walked.broken_at is not None:
        last = steps[-1]
        steps.append(
            {
                "label": _("The log cannot be replayed past this entry."),
                "time": "",
                "views": last["views"],
                "seats": last["seats"],
                "mortos": last["mortos"],
            }
        )
    return steps
