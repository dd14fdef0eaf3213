// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so the library stays dependency-free.
// Run: cd Benchmarks && swift run -c release
let package = Package(
    name: "NeonSQLBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "swift-neon-sql", path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", exact: "1.6.1"),
    ],
    targets: [
        // Command-line options and row types the benchmarks below share.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "NeonSQL", package: "swift-neon-sql")]
        ),
        // Generator speed: 1,000 queries over a 100-table schema. Run: swift run -c release GeneratorBenchmark
        .executableTarget(
            name: "GeneratorBenchmark",
            dependencies: [.product(name: "_NeonSQLGeneratorCore", package: "swift-neon-sql")]
        ),
        // Round trips through a delaying proxy (Scripts/bench-latency.sh runs it).
        .executableTarget(
            name: "LatencyBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "NeonSQL", package: "swift-neon-sql")]
        ),
        // Read replicas and paged reads against the local stack (Scripts/bench-scale.sh runs it).
        .executableTarget(
            name: "ScaleBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "NeonSQL", package: "swift-neon-sql")]
        ),
        // The result cache against neon-local reads (Scripts/bench-cache.sh runs it).
        .executableTarget(
            name: "CacheBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "NeonSQL", package: "swift-neon-sql"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // The outbox: enqueue against write + fsync, draining 1,000 writes (Scripts/bench-outbox.sh runs it).
        .executableTarget(
            name: "OutboxBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "NeonSQL", package: "swift-neon-sql")]
        ),
        .executableTarget(
            name: "NeonSQLBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "NeonSQL", package: "swift-neon-sql"),
                .product(name: "_NeonSQLShared", package: "swift-neon-sql"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
