import Foundation
import NeonSQLGeneratorCLI

// neon-sql-gen-build: the tool NeonSQLPlugin runs (`generate`). It has the commands of
// neon-sql-gen that need no database and depends only on the generator, so that a package using
// the plugin does not build the runtime and the schema checker for the host too.

exit(await GeneratorCLI.run(Array(CommandLine.arguments.dropFirst()), database: nil))
