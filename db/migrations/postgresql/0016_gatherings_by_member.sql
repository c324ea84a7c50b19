-- A member's finished gatherings (`/profile`'s tournaments): found from the member, not by reading every gathering's
-- members (the primary key starts with the gathering).
CREATE INDEX gathering_members_by_user ON gathering_members (user_id, gathering_id);
