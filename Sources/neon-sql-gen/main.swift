print("neon-sql-gen")
