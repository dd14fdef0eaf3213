/// Applies schema statements in order to build the catalog.
enum CatalogBuilder {
    static func build(from files: [ParsedFile], diagnostics: inout DiagnosticCollector) -> Catalog { Catalog() }
}
