"""Game nights and tournaments in the service: `Gatherings` (service.py) is the edge's door, `Progress` (due.py) the
timer's due source, `Rounds` (rounds.py) the seating and the tables; the snapshots and notices are in model.py. The
pure rules — seating, pairing, points, standings — are `bot.gatherings`."""

from ...gatherings import CANCELLED, FINISHED
from .due import Progress
from .model import (
    CHECK_IN,
    ROUND,
    STANDINGS,
    Entrant,
    Gathering,
    GatheringListener,
    Notice,
    PlannedTable,
    Ranked,
)
from .rounds import Rounds
from .service import Gatherings, NoGathering, open_gatherings

__all__ = ["CANCELLED", "CHECK_IN", "FINISHED", "ROUND", "STANDINGS", "Entrant", "Gathering", "GatheringListener",
           "Gatherings", "NoGathering", "Notice", "PlannedTable", "Progress", "Ranked", "Rounds", "open_gatherings"]
