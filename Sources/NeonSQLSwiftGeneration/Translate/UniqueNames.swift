/// Hands out names unique within one scope: a taken name gets the first free number (`name2`).
struct UniqueNames {
    private var taken: Set<String>
    /// Further sets of taken names (each file's member names, for table models), consulted
    /// without copying them into ``taken``.
    private var alsoTaken: [Set<String>] = []

    init(taken: Set<String>) {
        self.taken = taken
    }

    /// Names unique among `taken` and the about `expected` names claimed next: the set is sized
    /// for them at once instead of growing (and rehashing) as they come (issue 28).
    init(taken: Set<String>, expected: Int) {
        self.taken = taken
        self.taken.reserveCapacity(taken.count + expected)
    }

    /// Whether `name` is handed out or reserved already.
    func isTaken(_ name: String) -> Bool {
        taken.contains(name) || alsoTaken.contains { $0.contains(name) }
    }

    /// Marks `name` as taken without handing it out.
    mutating func reserve(_ name: String) { taken.insert(name) }

    /// Marks every name of `names` as taken without handing them out.
    mutating func reserve(all names: Set<String>) {
        if !names.isEmpty { alsoTaken.append(names) }
    }

    /// `base`, or `base` with the first number that makes it free (`name2`), now taken.
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var counter = 2
        // Inserting reports whether the name was taken: one lookup per free name, not two.
        while alsoTaken.contains(where: { $0.contains(candidate) }) || !taken.insert(candidate).inserted {
            candidate = base + String(counter)
            counter += 1
        }
        return candidate
    }
}
