-- What a closed table must still show in Discord after its commit (bot/service/outbox.py): its result to announce
-- (`result`), its rematch offer's lapse — the table loses its Rematch buttons — (`offer_lapsed`). An entry stays
-- until it is shown: due at `due_at`, claimed by one process until `claimed_until` (a dead process's claim lapses).
-- Tables closed before this release have none: their results were announced, or given up, then.
CREATE TABLE outbox (
    session_id    BIGINT           NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind          TEXT             NOT NULL,
    due_at        DOUBLE PRECISION NOT NULL,
    claimed_until DOUBLE PRECISION,
    PRIMARY KEY (session_id, kind)
);
CREATE INDEX outbox_by_due ON outbox (due_at);
