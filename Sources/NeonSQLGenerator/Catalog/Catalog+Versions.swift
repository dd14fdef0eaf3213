/// The PostgreSQL version a project targets: which built-in overloads its calls can resolve to.
///
/// The built-in data covers PostgreSQL 15 and 16 (generated) and 17's common additions
/// (hand-described), each overload tagged with the versions that have it. Without a
/// `postgresVersion` every version's functions are known (a function some Neon version has is
/// never an error by default); with one, an overload that version lacks is not a candidate, and a
/// call only such an overload would accept is an error naming the version it needs.
extension Catalog {
    /// `overloads` as the target version sees them (all but superseded ones when none is set).
    func inTargetVersion(_ overloads: [FunctionSignature]) -> [FunctionSignature] {
        guard let postgresVersion else { return overloads.filter { !$0.isSuperseded } }
        return overloads.filter { $0.versions.contains(postgresVersion) }
    }

    /// For a call that resolves in no overload of the target version: the overloads of every
    /// version (superseded ones left out) it may resolve to instead; nil when the name has no
    /// overload some version lacks, or no version is targeted.
    func overloadsOfEveryVersion(named name: String) -> [FunctionSignature]? {
        guard postgresVersion != nil, BuiltinCatalog.shared.namesWithVersionedOverloads.contains(name),
              let all = BuiltinCatalog.shared.functions[name] else { return nil }
        return all.filter { ($0.extensionName.map(isExtensionAvailable) ?? true) && !$0.isSuperseded }
    }
}
