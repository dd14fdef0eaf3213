import Foundation
import Testing

/// The catalog builder stays in parts one can hold in one's head, as the analyzer does
/// (AnalyzerPartSizeTests): no type of `Catalog/` grows past
/// ``AnalyzerPartSizeTests/maximumLines`` lines with all its extensions. Each kind of schema
/// object has its own step (Catalog/CatalogBuildingStep.swift). The generated built-in catalog
/// data is not code one reads and is left out.
@Suite("Architecture: catalog part sizes")
struct CatalogPartSizeTests {
    static let catalogFolder = StageBoundaryTests.generatorSources.appendingPathComponent("Catalog")

    @Test func noCatalogTypeIsLargerThanTheLimit() throws {
        let enumerator = try #require(FileManager.default.enumerator(at: Self.catalogFolder, includingPropertiesForKeys: nil))
        var totals: [String: Int] = [:]
        var filesRead = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" && url.lastPathComponent != "BuiltinCatalogData.swift" {
            filesRead += 1
            for (name, count) in AnalyzerPartSizeTests.linesByType(try String(contentsOf: url, encoding: .utf8)) {
                totals[name, default: 0] += count
            }
        }
        #expect(filesRead > 20, "Catalog/ was not found under \(Self.catalogFolder.path)")
        #expect(totals["CatalogBuilder"] != nil)
        let tooLarge = totals.filter { $0.value > AnalyzerPartSizeTests.maximumLines }.map { "\($0.key): \($0.value) lines" }.sorted()
        #expect(tooLarge == [])
    }
}
