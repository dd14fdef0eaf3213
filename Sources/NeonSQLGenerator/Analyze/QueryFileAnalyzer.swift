/// Turns the annotated statements of one query file into query descriptions: takes each
/// statement with its annotation from the front end (`QueryFileStatements`), analyzes it, has
/// `IR/QueryDescriptionBuilder` describe its parameters and columns and `Analyze/SQLRewriter` produce
/// the SQL sent (`$n` placeholders only). Swift names are chosen later, by the naming step in Render.
enum QueryFileAnalyzer {
    typealias Annotation = AnnotationParser.Annotation
    typealias ParameterDirective = AnnotationParser.ParameterDirective

    static func analyze(_ file: ParsedFile, catalog: Catalog, diagnostics: inout DiagnosticCollector) -> QueryFileDescription {
        var effects = TableEffectsResolver(catalog: catalog)
        return analyze(file, catalog: catalog, effects: &effects, diagnostics: &diagnostics)
    }

    /// Analyzes `file` with `effects` shared by every file of the target (function bodies are read once).
    static func analyze(_ file: ParsedFile, catalog: Catalog, effects: inout TableEffectsResolver,
                        diagnostics: inout DiagnosticCollector) -> QueryFileDescription {
        var queries: [QueryDescription] = []
        var previousAnnotation: Annotation?
        for statement in QueryFileStatements.statements(of: file, diagnostics: &diagnostics) {
            // A statement the parser could not read has its syntax error; only the lock file can describe it.
            guard let parsed = statement.parsed else { continue }
            let resolved: Annotation
            switch statement.naming {
            case .annotated(let annotation):
                resolved = annotation
                previousAnnotation = annotation
            case .namedAfterFile(let annotation):
                resolved = annotation
                previousAnnotation = nil
            case .invalid:
                previousAnnotation = nil
                continue
            case .unannotated:
                // sqlc skips a statement without `-- name:` (schema statements kept next to the
                // queries, a statement left after a query, a misspelt annotation): so do we, saying so.
                UnannotatedStatements.warn(parsed, after: previousAnnotation, file.source, &diagnostics)
                previousAnnotation = nil
                continue
            }
            if var query = analyzeQuery(parsed, resolved, inferKind: statement.infersKind, file.source, catalog, &diagnostics) {
                // A schema statement can change or drop any table.
                query.tables = isSchemaStatement(parsed.statement) ? .unknown : tableEffects(of: parsed, query, file.source, &effects)
                guard WritingReads.agree(&query, resolved, file.source, &diagnostics) else { continue }
                queries.append(query)
            }
        }
        // sqlc ignores an annotation with no statement after it (a query deleted, its comment left).
        for comment in file.trailingComments where AnnotationParser.isAnnotation(comment) {
            diagnostics.warning("annotation is not followed by a query and is not generated (sqlc skips it too)",
                                in: file.source, at: comment.location)
        }
        return QueryFileDescription(path: file.source.path, queries: queries)
    }

    /// A statement that changes the schema rather than querying it (CREATE, ALTER, DROP, ...).
    static func isSchemaStatement(_ statement: Statement) -> Bool {
        switch statement {
        case .select, .insert, .update, .delete, .merge, .call: return false
        case .ignored(let keyword, _): return !UtilityStatements.keywords.contains(keyword)
        default: return true
        }
    }

    /// What a query reads and changes: from its syntax tree, or, for a utility statement, from its text.
    private static func tableEffects(of parsed: ParsedStatement, _ query: QueryDescription, _ source: SourceFile,
                                     _ effects: inout TableEffectsResolver) -> TableEffectsDescription {
        let references: StatementReferences
        switch parsed.statement {
        case .ignored, .cast:
            let text = source.text(from: parsed.range.start.offset, to: parsed.range.endOffset)
            references = SQLTextReferenceScanner.references(ofText: text, catalog: effects.catalog)
        default:
            references = RelationReferenceCollector.references(of: parsed.statement, catalog: effects.catalog)
        }
        return effects.effects(of: references)
    }

    private static func analyzeQuery(_ parsed: ParsedStatement, _ annotation: Annotation, inferKind: Bool, _ source: SourceFile,
                                      _ catalog: Catalog, _ diagnostics: inout DiagnosticCollector) -> QueryDescription? {
        switch parsed.statement {
        case .select, .insert, .update, .delete, .merge, .call:
            break
        case .ignored(let keyword, _) where UtilityStatements.keywords.contains(keyword):
            return utilityQuery(parsed, annotation, inferKind: inferKind, source, &diagnostics)
        default:
            // A schema statement the application runs itself (sqlc's `CREATE TABLE ... :exec`):
            // PostgreSQL runs it, so it is a utility statement, but the generator's schema does
            // not see what it creates: said as a warning.
            guard let query = utilityQuery(parsed, annotation, inferKind: inferKind, source, &diagnostics) else { return nil }
            diagnostics.warning("a schema statement in a query file runs when the query is called; the generator's schema "
                                + "does not include it (migrations belong in the schema folder)", in: source, at: parsed.range.start)
            return query
        }
        // `ORDER BY @order` of a `-- @sort` is no bind parameter: the analyzer analyzes its keys there.
        let sortSlots = Self.sortSlots(parsed, annotation, source, &diagnostics)
        var analyzer = StatementAnalyzer(catalog: catalog, source: source,
                                         parameters: ParameterTable(occurrences: parsed.parameters.filter { sortSlots[$0.range.start.offset] == nil }),
                                         sortSlots: SortSlots(sortSlots))
        let columns = analyzer.analyzeStatement(parsed.statement)
        for (offset, sort) in analyzer.sortSlots.unconsumed {
            analyzer.error("@\(sort.name) of '-- @sort' can only be an item of ORDER BY", at: source.location(ofOffset: offset))
        }
        var kind = annotation.kind
        if inferKind { kind = columns.isEmpty ? .exec : .many }
        if !analyzer.diagnostics.hasErrors {
            analyzer.warnAboutFragileShapes(parsed.statement, kind: kind, annotation: annotation.location)
            analyzer.noteOuterJoinNullability(parsed.statement, columns: columns)
        }
        var local = analyzer.diagnostics
        // A SELECT of no columns (`SELECT FROM t`) returns rows, each without a column.
        let selectsRows: Bool
        if case .select = parsed.statement { selectsRows = true } else { selectsRows = false }
        if kind.returnsRows && columns.isEmpty && !selectsRows && !local.hasErrors {
            let instead = kind.isBatch ? "':batchexec'" : "':exec', ':execrows' or ':execresult'"
            local.error("':\(kind.rawValue)' query returns no rows; use \(instead), or add RETURNING", in: source, at: annotation.location)
        }
        // After an error (an unknown column, say) a parameter's type is its consequence: not reported again.
        var parameterDiagnostics = DiagnosticCollector()
        var parameters = QueryDescriptionBuilder.parameters(analyzer.parameters, source, &parameterDiagnostics)
        let hadErrors = local.hasErrors
        local.append(contentsOf: parameterDiagnostics.diagnostics.filter { !hadErrors || $0.severity != .error })
        let directed = QueryDescriptionBuilder.applyDirectives(annotation.parameterDirectives, to: parameters, analyzer.parameters, source)
        parameters = directed.parameters
        let outputs = QueryDescriptionBuilder.columns(columns)
        var sql = ""
        if !local.hasErrors {
            sql = SQLRewriter.rewrittenSQL(parsed, analyzer)
            if kind == .copyfrom {
                sql = copyFromSQL(parsed, analyzer.parameters, parameters, annotation, source, &local) ?? sql
            }
        }
        var template: QueryTemplate?
        if !local.hasErrors, !annotation.optionalParameters.isEmpty || !annotation.patchParameters.isEmpty || !sortSlots.isEmpty {
            if kind == .copyfrom {
                local.error("'-- @optional' and '-- @patch' leave out parts of a condition or a SET list; a ':copyfrom' INSERT has neither",
                            in: source, at: annotation.location)
            } else {
                template = QueryTemplateBuilder.template(parsed, annotation, analyzer, source, &local)
                parameters = parameters.map { parameter in
                    guard let template, template.switchParameters.contains(parameter.index) else { return parameter }
                    var switched = parameter
                    if template.patchParameters.contains(parameter.index) { switched.isPatch = true } else { switched.isOptionalFilter = true }
                    return switched
                }
            }
        }
        let unique = columns.indices.filter { columns[$0].isUnique && !columns[$0].nullable }.map { outputs[$0].sqlName }
        var paging: QueryPaging?
        if let page = annotation.page, !local.hasErrors {
            paging = PageBuilder.paging(page, statement: parsed.statement, kind: kind, isReadOnly: analyzer.isReadOnly, sql: sql,
                                        columns: outputs, uniqueColumns: unique, parameterCount: parameters.count,
                                        hasTemplate: template != nil, source: source, &local)
        }
        if let cache = annotation.cache, !analyzer.isReadOnly {
            local.error("'-- @cache' caches the results of a read; this statement changes rows (only a SELECT without data-modifying CTEs can be cached)",
                        in: source, at: cache.location)
        }
        let hasErrors = local.hasErrors
        diagnostics.append(contentsOf: local.diagnostics)
        guard !hasErrors else { return nil }

        var query = QueryDescription(
            annotationName: annotation.name,
            file: source.path,
            line: annotation.location.line,
            kind: kind,
            sql: sql,
            documentation: annotation.documentation,
            parameters: parameters,
            columns: outputs,
            isReadOnly: analyzer.isReadOnly,
            uniqueColumns: unique
        )
        if case .call = parsed.statement { query.isUtility = true }
        query.template = template
        query.paging = paging
        query.cacheMaxAgeSeconds = annotation.cache?.maxAgeSeconds
        query.deprecationMessage = annotation.deprecation?.message
        query.returnsExactlyOneRow = RowCountGuarantee.returnsExactlyOneRow(parsed.statement, catalog: catalog)
        query.pendingParameterDirectives = directed.pending
        return query
    }

    /// The `-- @sort` directive of each parameter occurrence it names, by the occurrence's offset; a
    /// directive naming no parameter is an error at the directive.
    private static func sortSlots(_ parsed: ParsedStatement, _ annotation: Annotation, _ source: SourceFile,
                                  _ diagnostics: inout DiagnosticCollector) -> [Int: SortDirective] {
        var slots: [Int: SortDirective] = [:]
        for sort in annotation.sorts {
            let nodes = parsed.parameters.filter { $0.reference.writtenName == sort.name && $0.template == nil }
            if nodes.isEmpty {
                diagnostics.error("'-- @sort' names no parameter of this query: '\(sort.name)' (write ORDER BY @\(sort.name))",
                                  in: source, at: sort.location)
            }
            for node in nodes { slots[node.range.start.offset] = sort }
        }
        return slots
    }

    /// A utility statement (`TRUNCATE t`, `NOTIFY c`) as an `:exec`-like query: sent as written, with
    /// no parameters (PostgreSQL binds none there) and no result.
    private static func utilityQuery(_ parsed: ParsedStatement, _ annotation: Annotation, inferKind: Bool, _ source: SourceFile,
                                     _ diagnostics: inout DiagnosticCollector) -> QueryDescription? {
        let sql = source.text(from: parsed.range.start.offset, to: parsed.range.endOffset)
        let kind: QueryDescription.Kind = inferKind ? .exec : annotation.kind
        guard kind == .exec || kind == .execrows || kind == .execresult else {
            diagnostics.error("':\(kind.rawValue)' cannot run this statement; a utility statement returns no rows: use ':exec', ':execrows' or ':execresult'",
                              in: source, at: annotation.location)
            return nil
        }
        if let cache = annotation.cache {
            diagnostics.error("'-- @cache' caches the results of a read; a utility statement returns none", in: source, at: cache.location)
            return nil
        }
        guard !UtilityStatements.mentionsParameter(sql) else {
            diagnostics.error("PostgreSQL binds no parameters in this statement; only SELECT, INSERT, UPDATE, DELETE and MERGE take them",
                              in: source, at: parsed.range.start)
            return nil
        }
        var query = QueryDescription(annotationName: annotation.name, file: source.path, line: annotation.location.line, kind: kind, sql: sql,
                                     documentation: annotation.documentation, parameters: [], columns: [], isReadOnly: false, uniqueColumns: [])
        query.isUtility = true
        query.deprecationMessage = annotation.deprecation?.message
        return query
    }

    /// The `:copyfrom` SQL (an `INSERT ... SELECT * FROM unnest(...)` of array parameters), or nil
    /// after reporting why the statement cannot be one.
    private static func copyFromSQL(_ parsed: ParsedStatement, _ table: ParameterTable, _ parameters: [ParameterDescription],
                                    _ annotation: Annotation, _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> String? {
        switch SQLRewriter.copyFromSQL(parsed.statement, table, parameters) {
        case .success(let sql):
            return sql
        case .failure(.notAnInsert):
            diagnostics.error("':copyfrom' needs 'INSERT INTO table (columns) VALUES (@a, @b, ...)' with one row of parameters "
                              + "and no WITH, ON CONFLICT or RETURNING; use ':batchexec' for other statements", in: source, at: annotation.location)
        case .failure(.valueIsNotAParameter(let location)):
            diagnostics.error("each value of a ':copyfrom' INSERT is a parameter used once (the rows' values); "
                              + "compute other values with a column DEFAULT, or use ':batchexec'", in: source, at: location)
        }
        return nil
    }
}
