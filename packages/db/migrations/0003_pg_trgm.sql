-- Substring search on samples uses trigram indexes (PGlite loads the same extension).
create extension if not exists pg_trgm;
