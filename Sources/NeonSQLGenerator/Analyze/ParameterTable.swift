/// Bind parameters of one statement: numbering (sqlc's rule), inferred types, Swift names and
/// nullability, collected while the statement is analyzed.
struct ParameterTable {
    struct Slot {
        let index: Int
        /// The name written in SQL for `@name`/`sqlc.arg`/`sqlc.narg`; nil for `$n`.
        let writtenName: String?
        /// `sqlc.narg(...)`: the user said it may be NULL.
        var explicitlyNullable = false
        var type: SQLType?
        var elementNullable = false
        /// A name suggested by context (`jd.journey_id = $1` -> `journey_id`).
        var contextName: String?
        /// Used where NULL is meaningful: `COALESCE(@p, ...)`, `@p IS NULL`, a nullable column's value.
        var nullMeaningful = false
        /// Seen only where PostgreSQL resolves an untyped value as text (a bare select-list item).
        var textByDefault = false
        /// The table column the parameter's value goes into or is compared with (first seen), and
        /// whether the parameter is an array of such values.
        var contextOrigin: ColumnOrigin?
        var contextOriginIsElement = false
        let location: SourceLocation
        /// The occurrence whose context fixed ``type`` (PostgreSQL types a parameter at its first
        /// coercion; later uses see that type).
        var typedAt: SourceLocation?
        /// The coercion of the context at ``typedAt``.
        var typedBy: ParameterCoercion?
        /// `@p IS NULL` seen before any use typed the parameter: PostgreSQL then leaves that
        /// use unknown and PREPARE fails ("could not determine data type of parameter").
        var untypedNullTestAt: SourceLocation?

        // The table's changes are made by these methods, each called as `slots[index]?.method(...)`:
        // one access to the slot in the dictionary, where reading it first and writing it back
        // looked it up (and copied it) up to four times.

        /// Records what a context says; the first concrete type wins, as in PostgreSQL.
        mutating func note(type newType: SQLType?, elementNullable newElementNullable: Bool, name: String?, nullMeaningful isNullMeaningful: Bool) {
            if type == nil || type == .unknown, let newType, newType != .unknown {
                type = newType
                elementNullable = newElementNullable
            }
            if contextName == nil, let name { contextName = name }
            if isNullMeaningful { nullMeaningful = true }
        }

        /// Remembers the occurrence at `location` as the one that fixed the type, if none did before.
        mutating func noteTyped(at location: SourceLocation, by coercion: ParameterCoercion) {
            guard typedAt == nil, let type, type != .unknown else { return }
            typedAt = location
            typedBy = coercion
        }

        /// Remembers the first table column the value goes into or is compared with.
        mutating func noteOrigin(_ origin: ColumnOrigin, isElement: Bool) {
            guard contextOrigin == nil else { return }
            contextOrigin = origin
            contextOriginIsElement = isElement
        }

        /// ``ParameterTable/noteContext(_:_:at:)``'s change: returns whether a use had typed it before.
        mutating func noteContext(_ context: OperandContext, at location: SourceLocation) -> Bool {
            let wasTyped = typedAt != nil
            note(type: context.type, elementNullable: context.elementNullable, name: context.name, nullMeaningful: context.nullMeaningful)
            if let origin = context.origin { noteOrigin(origin, isElement: context.originIsElement) }
            noteTyped(at: location, by: context.coercion)
            return wasTyped
        }
    }

    private(set) var slots: [Int: Slot] = [:]
    /// Parameter index by the byte offset where each occurrence starts.
    private var indexByOffset: [Int: Int] = [:]

    /// Numbers every occurrence: `$n` keeps n; a named parameter takes, at its first appearance,
    /// the lowest number no `$n` uses and no earlier name took (sqlc's rule).
    init(occurrences: [ParameterNode]) {
        // Sized up front: growing them entry by entry rehashed them (and moved the slots) again and again.
        slots.reserveCapacity(occurrences.count)
        indexByOffset.reserveCapacity(occurrences.count)
        var positional: Set<Int> = []
        for occurrence in occurrences {
            if case .positional(let number) = occurrence.reference { positional.insert(number) }
        }
        var byName: [String: Int] = [:]
        var next = 1
        for occurrence in occurrences {
            let index: Int
            switch occurrence.reference {
            case .positional(let number):
                index = number
                if slots[index] == nil { slots[index] = Slot(index: index, writtenName: nil, location: occurrence.location) }
            case .named(let name), .nullableNamed(let name):
                if let existing = byName[name] {
                    index = existing
                } else {
                    while positional.contains(next) || slots[next] != nil { next += 1 }
                    index = next
                    byName[name] = index
                    slots[index] = Slot(index: index, writtenName: name, location: occurrence.location)
                }
                if case .nullableNamed = occurrence.reference { slots[index]?.explicitlyNullable = true }
            }
            indexByOffset[occurrence.range.start.offset] = index
        }
    }

    func index(of node: ParameterNode) -> Int? { indexByOffset[node.range.start.offset] }

    func type(of index: Int) -> SQLType? { slots[index]?.type }

    /// Records what a context says about a parameter; the first concrete type wins, as in PostgreSQL.
    mutating func note(_ index: Int, type: SQLType?, elementNullable: Bool = false, name: String?, nullMeaningful: Bool = false) {
        slots[index]?.note(type: type, elementNullable: elementNullable, name: name, nullMeaningful: nullMeaningful)
    }

    /// Remembers the occurrence at `location` as the one that fixed the parameter's type, if
    /// none did before.
    mutating func noteTypedAt(_ index: Int, _ location: SourceLocation, by coercion: ParameterCoercion) {
        slots[index]?.noteTyped(at: location, by: coercion)
    }

    /// Remembers an `IS NULL` test of the parameter made while its type is still unknown.
    mutating func noteUntypedNullTest(_ index: Int, _ location: SourceLocation) {
        guard let slot = slots[index], slot.untypedNullTestAt == nil, slot.type == nil || slot.type == .unknown else { return }
        slots[index]?.untypedNullTestAt = location
    }

    mutating func markNullMeaningful(_ index: Int) { slots[index]?.nullMeaningful = true }

    /// What an operand context says about the parameter at one of its occurrences (`location`):
    /// its type and name (``note(_:type:elementNullable:name:nullMeaningful:)``), its column, and
    /// the occurrence that typed it (``noteTypedAt(_:_:by:)``), in one access to the slot.
    /// Returns whether a use had typed the parameter before.
    mutating func noteContext(_ index: Int, _ context: OperandContext, at location: SourceLocation) -> Bool {
        slots[index]?.noteContext(context, at: location) ?? false
    }

    mutating func markTextByDefault(_ index: Int) { slots[index]?.textByDefault = true }

    /// The highest `$n` in use: every number from 1 to it must be a parameter.
    var count: Int { slots.keys.max() ?? 0 }
}
