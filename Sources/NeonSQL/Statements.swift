/// Namespace for statement values, extended by generated code in the user's module; used for
/// batches: `try await client.batch(Statements.addXP(...), Statements.markDuaCompleted(...))`.
public enum Statements {}
