import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("Parser: INSERT, UPDATE, DELETE and the RIZQ queries")
struct DMLTests {
    @Test func insertForms() {
        guard case .insert(let insert)? = parseStatement("""
            INSERT INTO public.users AS u (id, name, tags[1]) VALUES (@id, 'a', DEFAULT), ($2, 'b', NULL)
            ON CONFLICT (id) WHERE id > 0 DO UPDATE SET name = EXCLUDED.name, (a, b) = (1, 2) WHERE u.name <> EXCLUDED.name
            RETURNING id, name AS n
            """) else { Issue.record("the statement did not parse as expected"); return }
        #expect(insert.table.dump == "public.users")
        #expect(insert.alias?.name == "u")
        #expect(insert.columns.map(\.name) == ["id", "name", "tags"])
        guard case .values(let rows) = insert.source else { Issue.record("values"); return }
        #expect(rows.map { $0.map(\.dump) } == [["@id", "'a'", "default"], ["$2", "'b'", "null"]])
        guard let conflict = insert.onConflict, case .columns(let targets, let targetWhere)? = conflict.target,
              case .update(let set, let whereClause) = conflict.action else { Issue.record("conflict"); return }
        #expect(targets.map(\.dump) == ["id"])
        #expect(targetWhere?.dump == "(> id 0)")
        #expect(set.map { $0.columns.map(\.name) } == [["name"], ["a", "b"]])
        #expect(set.map(\.value.dump) == ["excluded.name", "(row 1 2)"])
        #expect(whereClause?.dump == "(<> u.name excluded.name)")
        #expect(insert.returning.map(\.dump) == ["id", "name as n"])

        guard case .insert(let fromSelect)? = parseStatement("INSERT INTO t (a) SELECT x FROM s WHERE y ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING"),
              case .select(let query) = fromSelect.source, case .constraint(let name)? = fromSelect.onConflict?.target,
              fromSelect.onConflict?.action == .nothing else { Issue.record("insert select"); return }
        #expect(from(query) == ["s"])
        #expect(name.name == "t_pkey")
        guard case .insert(let defaults)? = parseStatement("INSERT INTO t DEFAULT VALUES"), defaults.source == .defaultValues else {
            Issue.record("default values"); return
        }
        guard case .insert(let parenthesized)? = parseStatement("INSERT INTO t (SELECT 1)"), case .select = parenthesized.source,
              parenthesized.columns.isEmpty else { Issue.record("parenthesized source"); return }
        guard case .insert(let withInsert)? = parseStatement("WITH x AS (SELECT 1 AS a) INSERT INTO t SELECT a FROM x"),
              withInsert.with?.tables.count == 1 else { Issue.record("with insert"); return }
    }

    @Test func updateAndDelete() {
        guard case .update(let update)? = parseStatement("""
            UPDATE ONLY accounts a SET balance = a.balance - t.amount, (x, y) = (SELECT 1, 2), level = DEFAULT
            FROM transfers t WHERE t.account_id = a.id RETURNING a.*, balance
            """) else { Issue.record("the statement did not parse as expected"); return }
        #expect(update.alias?.name == "a")
        #expect(update.set.map(\.value.dump) == ["(- a.balance t.amount)", "(subquery)", "default"])
        #expect(update.from.map(\.dump) == ["transfers t"])
        #expect(update.returning.map(\.dump) == ["a.*", "balance"])
        guard case .update(let noAlias)? = parseStatement("UPDATE t SET a = 1"), noAlias.alias == nil else {
            Issue.record("update without alias"); return
        }
        guard case .delete(let delete)? = parseStatement("DELETE FROM sessions AS s USING users u WHERE s.user_id = u.id AND u.banned RETURNING s.id") else { Issue.record("the statement did not parse as expected"); return }
        #expect(delete.alias?.name == "s")
        #expect(delete.using.map(\.dump) == ["users u"])
        #expect(delete.whereClause?.dump == "(and (= s.user_id u.id) u.banned)")
        #expect(delete.returning.map(\.dump) == ["s.id"])
    }

    // The queries the RIZQ app asks (seeds README, "What the app asks the database").

    @Test func rizqMarkDuaCompleted() {
        let sql = """
            -- name: MarkDuaCompleted :exec
            -- Marks a dua completed today.
            INSERT INTO user_activity (user_id, date, duas_completed, xp_earned)
            VALUES ($1, CURRENT_DATE, ARRAY[$2]::integer[], 0)
            ON CONFLICT (user_id, date) DO UPDATE SET duas_completed =
              array_append(COALESCE(user_activity.duas_completed, ARRAY[]::integer[]), $2::integer)
            WHERE NOT ($2::integer = ANY(COALESCE(user_activity.duas_completed, ARRAY[]::integer[])));
            """
        let (file, diagnostics) = parseFile(sql)
        #expect(diagnostics.isEmpty)
        guard let statement = file.statements.first, case .insert(let insert) = statement.statement else {
            Issue.record("not parsed"); return
        }
        #expect(statement.leadingComments.map(\.text) == [" name: MarkDuaCompleted :exec", " Marks a dua completed today."])
        #expect(insert.columns.map(\.name) == ["user_id", "date", "duas_completed", "xp_earned"])
        guard case .values(let rows) = insert.source, case .update(let set, let whereClause)? = insert.onConflict?.action else {
            Issue.record("shape"); return
        }
        #expect(rows.first?.map(\.dump) == ["$1", "current_date", "(cast [$2] integer[])", "0"])
        #expect(set.first?.value.dump == "array_append(coalesce(user_activity.duas_completed, (cast [] integer[])), (cast $2 integer))")
        #expect(whereClause?.dump == "(not {(= (cast $2 integer) any(coalesce(user_activity.duas_completed, (cast [] integer[]))))})")
        #expect(statement.parameters.map(\.reference.dump) == ["$1", "$2", "$2", "$2"])
        #expect(statement.parameters.map(\.location.line) == [4, 4, 6, 7])
    }

    @Test func rizqAddXP() {
        guard case .update(let update)? = parseStatement("""
            UPDATE user_profiles
            SET total_xp = total_xp + $2,
                level = CASE WHEN total_xp + $2 >= 1000 THEN 5 WHEN total_xp + $2 >= 500 THEN 4 ELSE level END,
                streak = CASE
                    WHEN last_active_date = CURRENT_DATE THEN streak
                    WHEN last_active_date = CURRENT_DATE - 1 THEN streak + 1
                    ELSE 1
                END,
                last_active_date = CURRENT_DATE,
                updated_at = now()
            WHERE user_id = $1
            RETURNING *
            """) else { Issue.record("the statement did not parse as expected"); return }
        #expect(update.set.map { $0.columns[0].name } == ["total_xp", "level", "streak", "last_active_date", "updated_at"])
        #expect(update.set[2].value.dump == "(case (when (= last_active_date current_date) streak) (when (= last_active_date (- current_date 1)) (+ streak 1)) (else 1))")
        #expect(update.returning.map(\.dump) == ["*"])
    }

    @Test func rizqReads() {
        let queries = [
            """
            SELECT d.*, c.name AS category_name, c.slug AS category_slug, co.name AS collection_name, co.slug AS collection_slug
            FROM duas d LEFT JOIN categories c ON c.id = d.category_id LEFT JOIN collections co ON co.id = d.collection_id
            ORDER BY d.id
            """,
            "SELECT * FROM duas WHERE id = @id",
            "SELECT d.* FROM duas d JOIN categories c ON c.id = d.category_id WHERE c.slug = sqlc.arg(slug) ORDER BY d.id",
            "SELECT * FROM journeys ORDER BY is_featured DESC, sort_order",
            "SELECT * FROM journeys WHERE is_featured ORDER BY sort_order",
            """
            SELECT jd.dua_id, jd.time_slot, jd.sort_order, d.title_en, d.arabic_text, d.transliteration, c.slug AS category_slug
            FROM journey_duas jd JOIN duas d ON d.id = jd.dua_id LEFT JOIN categories c ON c.id = d.category_id
            WHERE jd.journey_id = @journey_id ORDER BY jd.sort_order
            """,
            "SELECT jd.journey_id, d.* FROM journey_duas jd JOIN duas d ON d.id = jd.dua_id WHERE jd.journey_id = ANY(@journey_ids::int[]) ORDER BY jd.journey_id, jd.sort_order",
            "UPDATE user_profiles SET display_name = COALESCE($2, display_name), updated_at = now() WHERE user_id = $1 RETURNING *",
            "SELECT date, duas_completed, xp_earned FROM user_activity WHERE user_id = $1 AND date >= CURRENT_DATE - 6 ORDER BY date",
            "SELECT * FROM user_profiles WHERE user_id = $1",
        ]
        for sql in queries {
            #expect(parseStatement(sql) != nil, "\(sql)")
        }
        let week = parseSelect(queries[8])
        #expect(targets(week) == ["date", "duas_completed", "xp_earned"])
        #expect(core(week)?.whereClause?.dump == "(and (= user_id $1) (>= date (- current_date 6)))")
    }

    @Test func analyticsStyleQueries() throws {
        let sql = """
            WITH daily AS (
              SELECT date_trunc('day', o.created_at) AS day, o.customer_id,
                     sum(li.price * li.qty) FILTER (WHERE NOT li.refunded) AS revenue,
                     count(DISTINCT o.id) AS orders,
                     jsonb_agg(li.meta -> 'sku' ORDER BY li.id) AS skus,
                     bool_and(o.paid) AS all_paid
              FROM shop.orders o JOIN shop.line_items li ON li.order_id = o.id
              WHERE o.created_at >= now() - interval '30 days' AND o.meta @> '{"gift": true}'::jsonb
                AND o.tags && ARRAY['promo']::text[] AND NOT (o.meta ? 'test')
              GROUP BY 1, 2
            )
            SELECT day, customer_id, revenue,
                   rank() OVER (PARTITION BY day ORDER BY revenue DESC) AS rnk,
                   lag(revenue) OVER (PARTITION BY customer_id ORDER BY day) AS prev,
                   NULLIF(orders, 0), GREATEST(revenue, 0), EXTRACT(dow FROM day)::int AS dow,
                   age(now(), day), to_char(day, 'YYYY-MM-DD') || ' ' || upper(trim(c.name)),
                   cardinality(c.tags), array_length(c.tags, 1)
            FROM daily JOIN LATERAL (SELECT name, tags FROM shop.customers WHERE id = daily.customer_id) c ON true
            WHERE revenue > (SELECT avg(revenue) FROM daily)
              AND customer_id IN (SELECT id FROM shop.customers WHERE vip)
              AND EXISTS (SELECT 1 FROM shop.reviews r WHERE r.customer_id = daily.customer_id)
            ORDER BY day DESC, rnk
            LIMIT 100
            """
        let select = try #require(parseSelect(sql))
        #expect(select.with?.tables.first?.name.name == "daily")
        #expect(targets(select).count == 12)
    }
}
