-- The paging end-to-end test's table (PagingEndToEndTests): many rows per run, read page by page.
CREATE TABLE IF NOT EXISTS page_items (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run text NOT NULL,
    label text NOT NULL
);
CREATE INDEX IF NOT EXISTS page_items_run ON page_items (run, id);
