-- Trigram search (typo-tolerant titles) exists on PostgreSQL and on PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
