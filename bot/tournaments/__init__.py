"""Server-hosted tournaments: sign-ups, rounds of tables, results and standings."""
