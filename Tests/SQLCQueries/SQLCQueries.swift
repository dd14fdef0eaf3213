// The sqlc end-to-end tests' queries: the plugin generates this module's `Queries` from
// `queries/*.sql` against `schema/*.sql`.
@_exported import NeonSQL
