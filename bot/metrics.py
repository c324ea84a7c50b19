"""What the bot counts and times, in Prometheus's terms (`prometheus_client`), for `/metrics` (bot/app/health.py).

One `Metrics` is built by the wiring and handed to whatever measures: the service (moves, timer events, commits,
conflicts), the pictures (drawing time), the edge (a move's handling time) and the REST trace (Discord's answers).
`UNMEASURED` is the same interface measuring nothing, for a bot run without METRICS_PORT. No Discord here.

Every label is bounded: games are the registered ones, sources and kinds fixed words, a REST route its path with
ids and tokens taken out (and at most MAX_ROUTES of them), a shard its number. No table or member ids, ever.
"""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

SOURCES = ("click", "typed", "timeout", "computer")  # where a move came from
TIMER_EVENTS = ("reminder", "timeout", "expired", "autopilot")  # what the timer made happen
LATE_ANSWER = 2.5  # seconds: Discord drops an interaction not answered within 3
MAX_ROUTES = 100  # distinct REST routes labelled; any more are counted as "other"
SECONDS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
COMMIT_SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
DRAWING_SECONDS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Unmeasured:
    """Metrics off: every measurement is dropped (the same calls as `Metrics`)."""

    on = False

    def moved(self, game: str, source: str) -> None:
        pass

    def fired(self, kind: str) -> None:
        pass

    def committed(self, seconds: float) -> None:
        pass

    def conflict_retried(self) -> None:
        pass

    def drawn(self, game: str, seconds: float) -> None:
        pass

    def move_answered(self, game: str, seconds: float) -> None:
        pass

    def answered(self, seconds: float) -> None:
        pass

    def requested(self, method: str, route: str, status: str) -> None:
        pass


UNMEASURED = Unmeasured()


class Metrics(Unmeasured):
    """The bot's metrics, in a registry of their own (so several bots in one test process never meet)."""

    on = True

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        self._moves = Counter("dicetable_moves", "Moves committed, by game and by source", ["game", "source"],
                              registry=registry)
        self._move_seconds = Histogram("dicetable_move_seconds", "A member's move, from the interaction to its "
                                       "answer", ["game"], buckets=SECONDS, registry=registry)
        self._late = Counter("dicetable_interactions_answered_late", f"Interactions answered more than {LATE_ANSWER}"
                             " s after Discord created them", registry=registry)
        self._requests = Counter("dicetable_discord_requests", "Discord REST calls, by route and status (error: "
                                 "no answer)", ["method", "route", "status"], registry=registry)
        self._timer = Counter("dicetable_timer_events", "Reminders sent, timeouts played, lobbies expired, seats "
                              "put on autopilot", ["kind"], registry=registry)
        self._commit_seconds = Histogram("dicetable_commit_seconds", "A table change's database commit",
                                         buckets=COMMIT_SECONDS, registry=registry)
        self._conflicts = Counter("dicetable_conflicts_retried", "Changes run again because another process "
                                  "changed the table first", registry=registry)
        self._drawing = Histogram("dicetable_picture_seconds", "Drawing a table's picture", ["game"],
                                  buckets=DRAWING_SECONDS, registry=registry)
        self.open_tables = Gauge("dicetable_open_tables", "Open tables in the database, by game and status",
                                 ["game", "status"], registry=registry)
        self.gateway_latency = Gauge("dicetable_gateway_latency_seconds", "Heartbeat latency of each shard of "
                                     "this process", ["shard"], registry=registry)
        self.cached_tables = Gauge("dicetable_cached_tables", "Open tables this process holds rebuilt in memory",
                                   registry=registry)
        self.ready = Gauge("dicetable_ready", "1 when every shard is ready and the database answers (/healthz)",
                           registry=registry)
        self._children: dict[tuple, object] = {}  # labelled children, found once (a move costs a dict lookup)
        self._routes: set[tuple[str, str]] = set()

    def _child(self, metric, *labels: str):
        key = (id(metric), *labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def moved(self, game: str, source: str) -> None:
        self._child(self._moves, game, source).inc()

    def fired(self, kind: str) -> None:
        self._child(self._timer, kind).inc()

    def committed(self, seconds: float) -> None:
        self._commit_seconds.observe(seconds)

    def conflict_retried(self) -> None:
        self._conflicts.inc()

    def drawn(self, game: str, seconds: float) -> None:
        self._child(self._drawing, game).observe(seconds)

    def move_answered(self, game: str, seconds: float) -> None:
        self._child(self._move_seconds, game).observe(max(0.0, seconds))

    def answered(self, seconds: float) -> None:
        """An interaction was answered `seconds` after Discord created it."""
        if seconds > LATE_ANSWER:
            self._late.inc()

    def requested(self, method: str, route: str, status: str) -> None:
        if (method, route) not in self._routes:
            if len(self._routes) >= MAX_ROUTES:
                method, route = "other", "other"
            else:
                self._routes.add((method, route))
        self._child(self._requests, method, route, status).inc()

    def sample(self, *, open_tables: Iterable[tuple[str, str, int]], latencies: Iterable[tuple[int, float]],
               cached: int, ready: bool) -> None:
        """What is read at each scrape: open tables (game, status, count), each shard's latency, and the rest."""
        self.open_tables.clear()
        for game, status, count in open_tables:
            self.open_tables.labels(game, status).set(count)
        self.gateway_latency.clear()
        for shard, latency in latencies:
            self.gateway_latency.labels(str(shard)).set(latency)
        self.cached_tables.set(cached)
        self.ready.set(1 if ready else 0)

    def exposition(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return generate_latest(self.registry)
