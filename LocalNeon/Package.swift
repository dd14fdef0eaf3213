// swift-tools-version:6.0
import PackageDescription

/// `neon-local`: a Neon-compatible `POST /sql` endpoint in front of a real PostgreSQL.
///
/// A separate package so that its server dependencies (SwiftNIO, swift-crypto) never
/// reach the dependency graph of an app that uses the NeonSQL runtime.
let package = Package(
    name: "LocalNeon",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "neon-local", targets: ["neon-local"]),
        .library(name: "LocalNeonServer", targets: ["LocalNeonServer"]),
    ],
    dependencies: [
        // The repository's root package: its JSON document (writer and strict parser) and SQL
        // identifier quoting, shared with the NeonSQL runtime (`_NeonSQLShared`, no dependencies).
        .package(name: "swift-neon-sql", path: ".."),
        // The tests set PostgreSQL up with a client independent of neon-local's own wire code.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Event loops, the HTTP/1.1 server and PostgreSQL connections; the executable runs Swift Concurrency on them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // JWT signature verification (ES256, RS256), SCRAM-SHA-256 and MD5 authentication.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "LocalNeonServer",
            dependencies: [
                .product(name: "_NeonSQLShared", package: "swift-neon-sql"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "neon-local",
            dependencies: [
                "LocalNeonServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "LocalNeonTests",
            dependencies: [
                "LocalNeonServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
