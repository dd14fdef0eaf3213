import NeonSQLGenerator

/// A deterministic synthetic project: a schema of `tableCount` tables (with enums, foreign keys,
/// nullable columns, jsonb and arrays) and `queryCount` annotated queries of the shapes apps use
/// (lookups, joins, aggregates, CTEs with windows, upserts, updates and deletes with RETURNING).
struct SyntheticProject {
    let schema: [SQLSourceInput]
    let queries: [SQLSourceInput]

    init(tableCount: Int, queryCount: Int, queriesPerFile: Int = 10) {
        var ddl = "CREATE TYPE status AS ENUM ('draft', 'active', 'archived');\n"
        ddl += "CREATE TYPE priority AS ENUM ('low', 'normal', 'high');\n"
        for table in 0..<tableCount {
            let parent = table == 0 ? "" : "    parent_id integer REFERENCES \(Self.table(table - 1)) (id),\n"
            ddl += """
                CREATE TABLE \(Self.table(table)) (
                    id serial PRIMARY KEY,
                \(parent)    name text NOT NULL,
                    slug varchar(120) NOT NULL UNIQUE,
                    description text,
                    amount numeric(12, 2) NOT NULL DEFAULT 0,
                    score double precision,
                    status status NOT NULL DEFAULT 'draft',
                    priority priority,
                    tags text[] NOT NULL DEFAULT '{}',
                    attributes jsonb,
                    is_public boolean NOT NULL DEFAULT false,
                    owner_id uuid,
                    due_on date,
                    created_at timestamptz NOT NULL DEFAULT now()
                );

                """
        }
        schema = [SQLSourceInput(path: "schema/001_schema.sql", contents: ddl)]

        var files: [SQLSourceInput] = []
        var text = ""
        for index in 0..<queryCount {
            text += Self.query(index, tableCount: tableCount) + "\n\n"
            if (index + 1) % queriesPerFile == 0 || index == queryCount - 1 {
                files.append(SQLSourceInput(path: "queries/file_\(files.count).sql", contents: text))
                text = ""
            }
        }
        queries = files
    }

    static func table(_ index: Int) -> String { "table_\(index)" }

    /// One of ten query shapes, over a table chosen by the index.
    static func query(_ index: Int, tableCount: Int) -> String {
        let table = index % tableCount
        let t = Self.table(table)
        let parent = table == 0 ? nil : Self.table(table - 1)
        switch index % 10 {
        case 0:
            return "-- name: Get\(index) :one\n-- One row by id.\nSELECT * FROM \(t) WHERE id = @id;"
        case 1:
            guard let parent else { return "-- name: List\(index) :many\nSELECT id, name FROM \(t) ORDER BY name LIMIT @limit;" }
            return """
                -- name: WithParent\(index) :many
                SELECT c.id, c.name, c.amount, p.name AS parent_name, p.status AS parent_status
                FROM \(t) c LEFT JOIN \(parent) p ON p.id = c.parent_id
                WHERE c.status = @status AND c.created_at > @since
                ORDER BY c.created_at DESC LIMIT @limit OFFSET @offset;
                """
        case 2:
            return """
                -- name: Totals\(index) :many
                SELECT status, count(*) AS total, sum(amount) AS amount, avg(score) AS average, max(created_at) AS latest
                FROM \(t) WHERE is_public GROUP BY status HAVING count(*) > @min_count;
                """
        case 3:
            return """
                -- name: Insert\(index) :one
                INSERT INTO \(t) (name, slug, description, amount, tags, attributes)
                VALUES (@name, @slug, @description, @amount, @tags, @attributes)
                RETURNING id, slug, created_at;
                """
        case 4:
            return """
                -- name: Update\(index) :one
                UPDATE \(t) SET name = COALESCE(sqlc.narg(name), name), amount = amount + @delta, priority = @priority
                WHERE id = @id RETURNING *;
                """
        case 5:
            return "-- name: Delete\(index) :execrows\nDELETE FROM \(t) WHERE id = ANY(@ids) AND status <> 'active';"
        case 6:
            return """
                -- name: Ranked\(index) :many
                WITH recent AS (
                    SELECT id, name, amount, created_at FROM \(t) WHERE created_at >= now() - interval '30 days'
                )
                SELECT id, name, rank() OVER (ORDER BY amount DESC) AS position,
                       sum(amount) OVER (ORDER BY created_at) AS running_total
                FROM recent ORDER BY position;
                """
        case 7:
            return """
                -- name: Upsert\(index) :exec
                INSERT INTO \(t) (slug, name, amount) VALUES (@slug, @name, @amount)
                ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, amount = \(t).amount + EXCLUDED.amount;
                """
        case 8:
            return """
                -- name: Search\(index) :many
                SELECT id, name, CASE WHEN score > 0.5 THEN 'high' ELSE 'low' END AS band, attributes ->> 'color' AS color
                FROM \(t)
                WHERE (sqlc.narg(query)::text IS NULL OR name ILIKE '%' || sqlc.narg(query) || '%')
                  AND @tag = ANY(tags) AND due_on BETWEEN @from_day AND @to_day;
                """
        default:
            return """
                -- name: Exists\(index) :many
                SELECT t.id, t.slug, EXISTS (SELECT 1 FROM \(t) other WHERE other.owner_id = t.owner_id AND other.id <> t.id) AS has_siblings,
                       (SELECT count(*) FROM \(t) s WHERE s.status = t.status) AS same_status
                FROM \(t) t WHERE t.owner_id = @owner_id;
                """
        }
    }
}
