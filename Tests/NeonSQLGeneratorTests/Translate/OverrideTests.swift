import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

private let schema = """
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE TABLE products (
    id serial PRIMARY KEY,
    name text NOT NULL,
    attributes jsonb NOT NULL DEFAULT '{}',
    extra jsonb,
    tag_ids integer[] NOT NULL DEFAULT '{}',
    email text
);
"""

private func analyze(_ query: String, overrides: TypeOverrides = TypeOverrides()) -> NamedModel {
    Pipeline.run(schemaFiles: [SourceFile(path: "schema.sql", text: schema)], queryFiles: [SourceFile(path: "q.sql", text: query)],
                 options: GeneratorOptions(overrides: overrides))
}

@Suite("Overrides")
struct OverrideTests {
    @Test func parameterDirectivesForceNullability() {
        let model = analyze("""
            -- name: Update :exec
            -- Sets the email.
            -- @param email required
            -- @param $2 optional
            UPDATE products SET email = @email WHERE id = $2 OR name = @name;
            """)
        #expect(model.diagnostics.map(\.formatted) == [])
        let query = model.files.first?.queries.first
        #expect(query?.parameters.map { "\($0.name): \($0.swiftType)" } == ["email: String", "id: Int?", "name: String"])  // @email takes $1 (sqlc numbering)
        // Directives are not documentation.
        #expect(query?.documentation == ["Sets the email."])
    }

    /// A directive may name a parameter by the Swift name the generated function shows, also
    /// when that name is not the SQL name camel-cased: a second `userId` is `userId2`, a `$1`
    /// without a name is `p1`.
    @Test func directivesNameParametersByTheirSwiftNames() {
        let model = analyze("""
            -- name: Either :many
            -- @param userId2 optional
            SELECT id FROM products WHERE id = @user_id OR id = @userId;

            -- name: Unnamed :one
            -- @param p1 optional
            SELECT $1::int + 1 AS next;
            """)
        #expect(model.diagnostics.map(\.formatted) == [])
        let queries = model.files.first?.queries ?? []
        #expect(queries.first?.parameters.map { "\($0.name): \($0.swiftType)" } == ["userId: Int", "userId2: Int?"])
        #expect(queries.last?.parameters.map { "\($0.name): \($0.swiftType)" } == ["p1: Int?"])
    }

    @Test func badDirectivesAreReported() {
        let model = analyze("""
            -- name: Update :exec
            -- @param nobody optional
            -- @param email maybe
            UPDATE products SET email = @email WHERE id = @id;
            """)
        #expect(model.diagnostics.map(\.formatted) == [
            "q.sql:2:1: error: @param directive names no parameter of this query: 'nobody'",
            "q.sql:3:1: error: parameter directive must read '-- @param <name> optional' or '-- @param <name> required'",
        ])
    }

    @Test func columnOverridesApplyToColumnsAndTheirParameters() {
        let overrides = TypeOverrides(columns: ["products.attributes": "ProductAttributes", "public.products.extra": "Extra",
                                                "products.id": "ProductID"])
        let model = analyze("""
            -- name: Find :many
            SELECT id, attributes, extra, attributes -> 'size' AS size FROM products
            WHERE attributes @> @filter AND id = ANY(@ids);
            """, overrides: overrides)
        #expect(model.diagnostics.map(\.formatted) == [])
        let query = model.files.first?.queries.first
        // Plain column references take the override; an expression over it keeps the default.
        #expect(query?.columns.map { "\($0.name): \($0.swiftType)" } == ["id: ProductID", "attributes: ProductAttributes", "extra: Extra?", "size: JSONValue?"])
        #expect(query?.parameters.map { "\($0.name): \($0.swiftType)" } == ["filter: ProductAttributes", "ids: [ProductID]"])
        // The PostgreSQL type is unchanged: the runtime still checks and encodes jsonb.
        #expect(query?.columns[1].type == .builtin(.jsonb))
    }

    @Test func typeOverridesApplyEverywhere() {
        let model = analyze("""
            -- name: Insert :one
            INSERT INTO products (name, attributes, extra, tag_ids) VALUES (@name, @attributes, @extra, @tag_ids)
            RETURNING attributes, extra, tag_ids;
            """, overrides: TypeOverrides(types: ["jsonb": "Document", "integer": "Int32"]))
        #expect(model.diagnostics.map(\.formatted) == [])
        let query = model.files.first?.queries.first
        #expect(query?.columns.map(\.swiftType) == ["Document", "Document?", "[Int32]"])
        #expect(query?.parameters.map(\.swiftType) == ["String", "Document", "Document?", "[Int32]"])
    }

    @Test func overridesNamingNothingAreErrors() {
        let model = analyze("-- name: A :many\nSELECT id FROM products;",
                            overrides: TypeOverrides(columns: ["products.colour": "Colour", "attributes": "X", "products.name": "not a type!"]))
        #expect(model.diagnostics.map(\.formatted) == [
            "neon-sql.json:1:1: error: column override 'attributes' must be 'table.column' or 'schema.table.column'",
            "neon-sql.json:1:1: error: column override 'products.colour': no such column in the schema",
            "neon-sql.json:1:1: error: column override 'products.name': 'not a type!' is not a Swift type name",
        ])
    }
}
