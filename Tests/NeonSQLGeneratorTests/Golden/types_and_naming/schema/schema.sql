CREATE TYPE task_status AS ENUM ('in_progress', 'done', 'default');

CREATE TABLE tasks (
    id          bigserial PRIMARY KEY,
    "order"     integer NOT NULL,
    status      task_status NOT NULL DEFAULT 'in_progress',
    tags        text[] NOT NULL DEFAULT '{}',
    scores      integer[],
    estimate    numeric(10, 2),
    ratio       double precision,
    due_on      date,
    due_at      time,
    spent       interval,
    payload     jsonb,
    blob        bytea,
    owner_id    uuid,
    created_at  timestamp NOT NULL DEFAULT now(),
    title       varchar(200) NOT NULL,
    note        "char"
);
