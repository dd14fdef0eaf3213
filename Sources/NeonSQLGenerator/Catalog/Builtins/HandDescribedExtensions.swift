/// HAND-DESCRIBED, not generated: extensions the generation script cannot read from a server
/// because this project's PostgreSQL has no package for them. Only the commonly used types,
/// operators and functions are listed, in `BuiltinCatalogData`'s line format; they are active
/// only when a schema file says `CREATE EXTENSION [IF NOT EXISTS] name`.
///
/// pgvector (`vector`, as of pgvector 0.7): the distance operators `<->` (L2), `<#>` (negative
/// inner product), `<=>` (cosine) and `<+>` (L1) give double precision; element-wise `+ - *`;
/// comparisons; `vector_dims`, `vector_norm`, `l2_normalize` and the distance functions; `avg`
/// and `sum`; casts to and from `real[]`.
///
/// pg_session_jwt (Neon's RLS / Neon Authorize): its functions live in the extension's `auth`
/// schema and are listed under their qualified names, found by schema-qualified calls only:
/// `auth.user_id()` (the token's `sub` claim, text) and `auth.session()` (every claim, jsonb), both
/// NULL without a JWT session (not strict: nullable). Neon installs the extension in databases
/// that use its RLS, and schemas written for Neon call these functions without a
/// `CREATE EXTENSION` of their own, so it counts as always created (`Catalog.platformExtensions`).
enum HandDescribedExtensions {
    /// The extensions described here (the `X` lines of ``text``): their casts and types are
    /// listed in part, so rules that need every cast of a type leave their types alone.
    static let extensionNames: Set<String> = Set(text.split(separator: "\n").compactMap { line in
        line.hasPrefix("X\t") ? String(line.dropFirst(2)) : nil
    })

    static let text = #"""
X	vector
T	vector	vector	U	0	b		_vector	
T	_vector	vector[]	A	0	b	vector		
C	_float4	vector	a
C	_float8	vector	a
C	_int4	vector	a
C	_numeric	vector	a
C	vector	_float4	i
C	vector	vector	i
F	l2_distance	vector vector	float8	s	0	
F	inner_product	vector vector	float8	s	0	
F	cosine_distance	vector vector	float8	s	0	
F	l1_distance	vector vector	float8	s	0	
F	vector_dims	vector	int4	s	0	
F	vector_norm	vector	float8	s	0	
F	l2_normalize	vector	vector	s	0	
F	avg	vector	vector	sa	0	
F	sum	vector	vector	sa	0	
O	<->	vector	vector	float8	s
O	<#>	vector	vector	float8	s
O	<=>	vector	vector	float8	s
O	<+>	vector	vector	float8	s
O	+	vector	vector	vector	s
O	-	vector	vector	vector	s
O	*	vector	vector	vector	s
O	=	vector	vector	bool	s
O	<>	vector	vector	bool	s
O	<	vector	vector	bool	s
O	<=	vector	vector	bool	s
O	>	vector	vector	bool	s
O	>=	vector	vector	bool	s
X	pg_session_jwt
F	auth.user_id		text		0	
F	auth.session		jsonb		0	
"""#
}
