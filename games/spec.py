"""What a game is, declared once: its room rules and the schema of its options.

Each game package declares one ``SPEC`` in its own ``spec.py``. The registry,
the room policies, the lobby form, the table's per-game settings and the list
of rules pages are derived from these declarations, so the room layer never
names a game. Never imports Django: labels are English msgids marked with
``gettext_noop`` for the site's catalogue and translated where they are shown.
"""

from dataclasses import dataclass, field

# When seat changes made during play take effect: at the end of the match, or of the hand.
MATCH, HAND = "match", "hand"
# What a person leaving mid-hand does: the engine takes their cards off the table
# (``remove_player``), or a bot stands in for them until the hand's result.
REMOVE, STAND_IN = "remove", "stand_in"


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the site's translation catalogue (``makemessages`` knows this name)."""
    return message


@dataclass(frozen=True, kw_only=True)
class Option:
    """One variation a host may set: its name, default, the values offered and accepted, labels.

    The type is the default's (bool, int or str). A bool is a checkbox. An int
    or str is one of ``choices``; an int option with a ``minimum`` (and a
    ``maximum``) is a range the engine accepts (``check``), and ``choices`` are
    then what a room may set: the lobby's form and the room socket accept
    exactly those (``check_offered``), so no room is given a match that never ends.
    """

    name: str
    default: bool | int | str
    label: str
    choices: tuple = ()
    choice_labels: tuple[str, ...] = ()  # one per choice; empty: the value itself is shown
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self):
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")
        if not isinstance(self.default, bool) and self.default not in self.choices and self.minimum is None:
            raise ValueError(f"option {self.name}: the default must be one of the choices")

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, value):
        """``value`` if this option accepts it, else ``ValueError`` saying why."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name} must be true or false")
            return value
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name} must be a whole number")
            if self.minimum is not None:
                if value < self.minimum:
                    raise ValueError(f"option {self.name} must be at least {self.minimum}")
                if self.maximum is not None and value > self.maximum:
                    raise ValueError(f"option {self.name} must be at most {self.maximum}")
                return value
        if value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {list(self.choices)}")
        return value

    def check_offered(self, value):
        """``value`` if the lobby offers it (a bool, or one of ``choices``), else ``ValueError``."""
        value = self.check(value)
        if self.choices and value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {list(self.choices)}")
        return value

    def labelled_choices(self) -> list[tuple]:
        """(value, label) pairs of what the lobby offers; a label is a msgid or the value."""
        labels = self.choice_labels or tuple(str(c) for c in self.choices)
        return list(zip(self.choices, labels, strict=True))


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    """Everything the site needs to know of a game besides its rules engine."""

    name: str  # the stable code stored with rooms, matches and hands
    names: dict[str, str]  # display name by language ("pt", "en")
    engine: str  # module implementing the engine contract (docs/architecture.md)
    bots: str  # module whose ``BOTS`` maps a level to a bot
    seat_counts: tuple[int, ...]  # seat counts a host may choose
    default_seats: int
    min_players: int  # occupied seats needed to deal
    min_humans: int = 1  # people seated needed to start
    all_seats_filled: bool = False  # every seat occupied (people or bots) to deal
    max_bots: int
    teams: bool = False  # scores belong to the teams seat % 2 ("0" and "1"), not to seats
    on_leave: str  # REMOVE or STAND_IN
    boundary: str  # MATCH or HAND: when a bot added or removed, a seat taken or reserved, takes effect
    restart_anytime: bool = False  # "new match" may abandon a match that has no winner yet
    # Every empty seat is given a bot when a hand is dealt, so the hand is dealt to the
    # room's whole seat count (Crazy Eights: "Um bot ocupa o lugar vazio").
    fill_empty_seats: bool = False
    # When a leaver's stand-in bot gives the seat back: HAND (after the hand's result)
    # or MATCH (the seat keeps its bot for the match).
    stand_in_until: str = HAND
    # True: a timeout plays until the turn passes; False: a timeout makes one action and
    # the next action gets a new deadline (Buraco: "Comprar ou baixar um jogo inicia um
    # novo prazo para a próxima ação").
    timeout_ends_turn: bool = True
    default_time_limit: int | None = None  # seconds per move a new room gets; None: no limit
    options: tuple[Option, ...] = ()
    tiebreak: bool = False  # a tie at the top may deal a tie-break round (``tiebreak_options``)
    table: str  # the template of the table page that shows the game
    # "module:function" returning the strings of a table the site does not know (its own
    # table's strings are in rooms/templatetags/mesa_table.py); empty for the site's tables.
    table_strings: str = ""
    # State keys the verify page compares with its own replay of a finished hand.
    verify_final: tuple[str, ...] = ()
    # How the log and the records say a move: move type (or "type+key" for a move carrying
    # that key; "type+run" for an addition whose run is known) -> a msgid with %(name)s,
    # %(card)s, %(target)s, %(victim)s, %(suit)s, %(cards)s, %(first)s and %(last)s (the run's ends).
    move_words: dict[str, str] = field(default_factory=dict)
    rules_page: bool = True  # the site has a rules page for it (templates/rules/<name>.<lang>.html)
    _by_name: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.default_seats not in self.seat_counts:
            raise ValueError(f"{self.name}: the default seat count must be one of the seat counts")
        if self.on_leave not in (REMOVE, STAND_IN) or {self.boundary, self.stand_in_until} - {MATCH, HAND}:
            raise ValueError(f"{self.name}: on_leave is remove or stand_in, boundary and stand_in_until match or hand")
        if {"pt", "en"} - set(self.names):
            raise ValueError(f"{self.name}: names in pt and en")
        object.__setattr__(self, "_by_name", {o.name: o for o in self.options})

    def display_name(self, language: str | None = None) -> str:
        """The game's name for a reader of ``language`` (pt-BR first)."""
        return self.names["en" if (language or "").startswith("en") else "pt"]

    def option(self, name: str) -> Option:
        return self._by_name[name]

    def defaults(self) -> dict:
        """Every option at its default: the options of a room whose host changed nothing."""
        return {o.name: o.default for o in self.options}

    def check_options(self, options) -> dict:
        """Every option with its default filled in; ``ValueError`` for unknown names or bad values."""
        if not isinstance(options, dict):
            raise ValueError("options must be an object")
        unknown = sorted(set(options) - set(self._by_name))
        if unknown:
            raise ValueError(f"unknown options for {self.name}: {unknown}")
        return {o.name: o.check(options.get(o.name, o.default)) for o in self.options}

    def check_offered_options(self, options) -> dict:
        """``check_options`` narrowed to what the lobby offers: the room layer's check (docs/rooms.md)."""
        checked = self.check_options(options)
        return {o.name: o.check_offered(checked[o.name]) for o in self.options}

    def max_bots_for(self, seat_count: int) -> int:
        """How many bots a room of ``seat_count`` seats accepts (a person always has a place)."""
        return min(self.max_bots, seat_count - self.min_humans)
