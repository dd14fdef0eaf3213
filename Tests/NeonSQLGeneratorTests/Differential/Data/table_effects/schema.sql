-- Table effects differential data (TableEffectsDifferentialTests): every way a statement can
-- touch a table the generator claims to follow, with seed rows so that cascades and triggers
-- really fire when the queries in queries.sql run (inside a transaction that is rolled back).

-- Foreign keys: accounts -> projects (ON DELETE CASCADE, ON UPDATE CASCADE) -> tasks (ON DELETE
-- CASCADE) -> comments (ON DELETE SET NULL) and task_labels (ON DELETE CASCADE); users (ON DELETE
-- SET NULL) -> tasks.assignee_id (ON DELETE SET DEFAULT); labels -> task_labels (ON UPDATE CASCADE).
CREATE TABLE accounts (
    id integer PRIMARY KEY,
    name text NOT NULL,
    region text NOT NULL DEFAULT 'eu'
);

CREATE TABLE users (
    id integer PRIMARY KEY,
    email text NOT NULL UNIQUE,
    account_id integer REFERENCES accounts (id) ON DELETE SET NULL ON UPDATE CASCADE
);

CREATE TABLE projects (
    id integer PRIMARY KEY,
    account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE ON UPDATE CASCADE,
    title text NOT NULL
);

CREATE TABLE tasks (
    id integer PRIMARY KEY,
    project_id integer REFERENCES projects (id) ON DELETE CASCADE,
    assignee_id integer DEFAULT NULL REFERENCES users (id) ON DELETE SET DEFAULT,
    title text NOT NULL,
    done boolean NOT NULL DEFAULT false
);

CREATE TABLE comments (
    id integer PRIMARY KEY,
    task_id integer REFERENCES tasks (id) ON DELETE SET NULL,
    body text NOT NULL
);

CREATE TABLE labels (
    code text PRIMARY KEY,
    title text NOT NULL
);

CREATE TABLE task_labels (
    task_id integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    label_code text NOT NULL REFERENCES labels (code) ON DELETE CASCADE ON UPDATE CASCADE,
    PRIMARY KEY (task_id, label_code)
);

-- A PL/pgSQL trigger that reads a settings table and inserts into an audit table.
CREATE TABLE audit_settings (enabled boolean NOT NULL);

CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    table_name text NOT NULL,
    action text NOT NULL,
    logged_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION log_task_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT bool_or(enabled) FROM audit_settings) THEN
        INSERT INTO audit_log (table_name, action) VALUES (TG_TABLE_NAME, TG_OP);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER tasks_audit AFTER INSERT OR UPDATE OR DELETE ON tasks
    FOR EACH ROW EXECUTE FUNCTION log_task_change();

-- A partitioned table (two partitions, one of them the default) with a cascading foreign key.
CREATE TABLE measurements (
    id integer NOT NULL,
    taken_on date NOT NULL,
    account_id integer REFERENCES accounts (id) ON DELETE CASCADE,
    value numeric NOT NULL
) PARTITION BY RANGE (taken_on);
CREATE TABLE measurements_2024 PARTITION OF measurements FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE measurements_rest PARTITION OF measurements DEFAULT;

-- A row trigger on the partitioned table (cloned to each partition) writing the audit table.
CREATE FUNCTION log_measurement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO audit_log (table_name, action) VALUES ('measurements', TG_OP);
    RETURN NULL;
END
$$;
CREATE TRIGGER measurements_audit AFTER INSERT ON measurements
    FOR EACH ROW EXECUTE FUNCTION log_measurement();

-- Legacy inheritance: reading the parent scans the child.
CREATE TABLE vehicles (id integer PRIMARY KEY, wheels integer NOT NULL);
CREATE TABLE trucks (payload_kg numeric NOT NULL) INHERITS (vehicles);

-- Views over views, and a view with UNION / UNION ALL.
CREATE VIEW open_tasks AS
    SELECT t.id, t.title, t.project_id FROM tasks t WHERE NOT t.done;
CREATE VIEW open_tasks_with_project AS
    SELECT o.id, o.title, p.title AS project_title, p.account_id
    FROM open_tasks o JOIN projects p ON p.id = o.project_id;
CREATE VIEW everything_titled AS
    SELECT title FROM projects
    UNION
    SELECT title FROM tasks
    UNION ALL
    SELECT name FROM accounts;

CREATE MATERIALIZED VIEW account_project_counts AS
    SELECT a.id, count(p.id) AS projects FROM accounts a LEFT JOIN projects p ON p.account_id = a.id GROUP BY a.id;

-- Functions: an SQL function reading another table (not inlinable: it has a FROM), a PL/pgSQL
-- function reading a table, an SQL function writing one.
CREATE FUNCTION account_region(account integer) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT region FROM accounts WHERE id = account
$$;

CREATE FUNCTION label_count() RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (SELECT count(*) FROM labels);
END
$$;

CREATE FUNCTION touch_project(project integer) RETURNS integer LANGUAGE sql AS $$
    UPDATE projects SET title = title WHERE id = project RETURNING id
$$;

-- Row-level security: for a role the policy applies to, reading documents reads memberships.
CREATE TABLE memberships (member text NOT NULL, project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE);
CREATE TABLE documents (id integer PRIMARY KEY, project_id integer NOT NULL, body text NOT NULL);
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
CREATE POLICY documents_of_members ON documents
    USING (EXISTS (SELECT 1 FROM memberships m WHERE m.project_id = documents.project_id AND m.member = current_user));

-- Writes through views: an automatically updatable view of an updatable view of tasks (the
-- write reaches tasks, whose trigger and cascades fire as for a direct write), and a GROUP BY view
-- whose INSTEAD OF trigger writes audit_log instead.
CREATE VIEW open_task_titles AS SELECT o.id, o.title FROM open_tasks o;
CREATE VIEW account_names AS SELECT a.name FROM accounts a GROUP BY a.name;
CREATE FUNCTION log_account_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO audit_log (table_name, action) VALUES ('account_names', TG_OP);
    RETURN NEW;
END
$$;
CREATE TRIGGER account_names_insert INSTEAD OF INSERT ON account_names
    FOR EACH ROW EXECUTE FUNCTION log_account_name();

-- Seed rows: account 1 owns everything that cascades; account 2 only a project (its id can be
-- updated without violating a NO ACTION key); account 3 nothing.
INSERT INTO accounts (id, name, region) VALUES (1, 'Acme', 'eu'), (2, 'Globex', 'us'), (3, 'Initech', 'eu');
INSERT INTO users (id, email, account_id) VALUES (1, 'ada@example.com', 1), (2, 'bob@example.com', 3);
INSERT INTO projects (id, account_id, title) VALUES (1, 1, 'Alpha'), (2, 1, 'Beta'), (3, 2, 'Gamma');
INSERT INTO tasks (id, project_id, assignee_id, title, done) VALUES
    (1, 1, 1, 'Plan', false), (2, 1, 2, 'Build', true), (3, 2, 1, 'Ship', false), (4, 3, NULL, 'Sell', false);
INSERT INTO comments (id, task_id, body) VALUES (1, 1, 'first'), (2, 2, 'second'), (3, 4, 'third');
INSERT INTO labels (code, title) VALUES ('urgent', 'Urgent'), ('later', 'Later');
INSERT INTO task_labels (task_id, label_code) VALUES (1, 'urgent'), (2, 'later'), (3, 'urgent');
INSERT INTO audit_settings (enabled) VALUES (true);
INSERT INTO measurements (id, taken_on, account_id, value) VALUES
    (1, '2024-02-01', 1, 1.5), (2, '2023-02-01', 1, 2.5), (3, '2024-05-01', 3, 3.5);
INSERT INTO vehicles (id, wheels) VALUES (1, 4);
INSERT INTO memberships (member, project_id) VALUES ('ada', 1);
INSERT INTO documents (id, project_id, body) VALUES (1, 1, 'spec');
INSERT INTO trucks (id, wheels, payload_kg) VALUES (2, 6, 1000);
REFRESH MATERIALIZED VIEW account_project_counts;
