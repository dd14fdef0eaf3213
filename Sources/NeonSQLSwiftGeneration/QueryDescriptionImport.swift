// Translation and rendering read the query description (Sources/NeonSQLQueryDescription/) and
// nothing else of the generator: this target depends on no stage, so the compiler keeps parse,
// catalog and analyze out of it.
@_exported import NeonSQLQueryDescription
