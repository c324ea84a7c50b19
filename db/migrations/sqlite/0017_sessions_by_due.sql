-- When the next open table falls due: the earlier of its reminder and its deadline (its seats' reminders and
-- deadlines are independent: one seat's reminder may come after another seat's deadline). Indexed, so the timer
-- finds it without reading every open table (Store.next_due repeats this expression exactly, so both databases
-- use the index).
CREATE INDEX sessions_by_due ON sessions ((CASE WHEN reminder_at < deadline_at THEN reminder_at ELSE deadline_at END))
    WHERE status IN ('lobby', 'active') AND deadline_at IS NOT NULL;
