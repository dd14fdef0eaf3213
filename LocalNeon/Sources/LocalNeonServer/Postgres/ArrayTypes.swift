/// Which type OIDs are arrays, and of what (what Neon's proxy uses to render arrays as JSON arrays).
enum ArrayTypes {
    /// Element type of PostgreSQL's built-in array types (`typcategory = 'A'`, OID < 10000), from PostgreSQL 15.
    /// `int2vector` and `oidvector` are left out: their text form has no braces.
    static let builtinElementTypes: [UInt32: UInt32] = [
        143: 142, 199: 114, 210: 71, 270: 75, 271: 5069, 272: 81, 273: 83, 629: 628, 651: 650, 719: 718,
        775: 774, 791: 790, 1000: 16, 1001: 17, 1002: 18, 1003: 19, 1005: 21, 1006: 22, 1007: 23, 1008: 24,
        1009: 25, 1010: 27, 1011: 28, 1012: 29, 1013: 30, 1014: 1042, 1015: 1043, 1016: 20, 1017: 600, 1018: 601,
        1019: 602, 1020: 603, 1021: 700, 1022: 701, 1027: 604, 1028: 26, 1034: 1033, 1040: 829, 1041: 869,
        1115: 1114, 1182: 1082, 1183: 1083, 1185: 1184, 1187: 1186, 1231: 1700, 1263: 2275, 1270: 1266,
        1561: 1560, 1563: 1562, 2201: 1790, 2207: 2202, 2208: 2203, 2209: 2204, 2210: 2205, 2211: 2206,
        2287: 2249, 2949: 2970, 2951: 2950, 3221: 3220, 3643: 3614, 3644: 3642, 3645: 3615, 3735: 3734,
        3770: 3769, 3807: 3802, 3905: 3904, 3907: 3906, 3909: 3908, 3911: 3910, 3913: 3912, 3927: 3926,
        4073: 4072, 4090: 4089, 4097: 4096, 4192: 4191, 5039: 5038, 6150: 4451, 6151: 4532, 6152: 4533,
        6153: 4534, 6155: 4535, 6157: 4536,
    ]

    /// OIDs below this are fixed built-in types; the rest are looked up in the database's catalog.
    static let firstCatalogAssignedOID: UInt32 = 10000
}
