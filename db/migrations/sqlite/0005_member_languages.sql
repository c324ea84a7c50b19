-- Each member's Discord client language as last seen, so a DM sent without their own click (another
-- member's move, a deadline) is in their language.
CREATE TABLE member_languages (
    user_id BIGINT PRIMARY KEY,
    language TEXT NOT NULL
);
