/// The edits a statement's analysis makes to the SQL sent, besides its parameters: the `!`/`?`
/// markers of quoted aliases removed (`AS "x!"` -> `AS "x"`), each `sqlc.embed(t)` item and each
/// `*`, `t.*` or `(p).*` of a select or RETURNING list replaced by the column list it stands for.
/// Several parts record edits (`SelectAnalyzing`, `NameResolving`); only these operations change
/// them, and `SQLRewriter` reads them in ``ordered`` order.
struct SentSQLEdits {
    /// One edit: `length` bytes of the source at `offset` replaced by `replacement`, or left out
    /// when it is nil (an alias marker).
    struct Edit {
        let offset: Int
        let length: Int
        let replacement: String?
    }

    /// A position in the star expansions, from ``starMark``, to discard the ones recorded after it.
    struct StarMark {
        fileprivate let count: Int
    }

    private var aliasMarkers: [Edit] = []
    private var embeds: [Edit] = []
    private var stars: [Edit] = []

    /// Leaves out the `length` bytes at `offset` (the `!` or `?` of a quoted alias).
    mutating func removeAliasMarker(offset: Int, length: Int) {
        aliasMarkers.append(Edit(offset: offset, length: length, replacement: nil))
    }

    /// Replaces a `sqlc.embed(t)` item with the columns it stands for.
    mutating func replaceEmbed(offset: Int, length: Int, with columns: String) {
        embeds.append(Edit(offset: offset, length: length, replacement: columns))
    }

    /// Replaces a `*`, `t.*` or `(p).*` (or `TABLE` of `TABLE t`) with the columns it stands for.
    mutating func replaceStar(offset: Int, length: Int, with columns: String) {
        stars.append(Edit(offset: offset, length: length, replacement: columns))
    }

    /// The star expansions recorded so far, for ``discardStars(since:)``.
    var starMark: StarMark { StarMark(count: stars.count) }

    /// Removes the star expansions recorded since `mark`: inside `EXISTS (SELECT * ...)` the
    /// select list is not returned, and the SQL keeps it as written.
    mutating func discardStars(since mark: StarMark) {
        if mark.count < stars.count { stars.removeSubrange(mark.count...) }
    }

    /// Every edit: alias markers, then embeds, then star expansions, each in the order recorded
    /// (the order the rewriter has always applied edits at one offset in).
    var ordered: [Edit] { aliasMarkers + embeds + stars }
}
