-- A write with a row-count check runs as `WITH changed AS (UPDATE … RETURNING 1) SELECT
-- dicetable_expect_rows((SELECT count(*) FROM changed), 1, n)`: when another process changed the table
-- first, this raises (SQLSTATE DTREV, DETAIL n) and the whole transaction rolls back. So a move's writes
-- and its revision check go to the server in one round trip.
CREATE OR REPLACE FUNCTION dicetable_expect_rows(changed BIGINT, wanted BIGINT, write_no INTEGER) RETURNS VOID
LANGUAGE plpgsql AS $$
BEGIN
    IF changed <> wanted THEN
        RAISE EXCEPTION 'write % changed % rows, not %', write_no, changed, wanted
            USING ERRCODE = 'DTREV', DETAIL = write_no::text;
    END IF;
END
$$;
