-- btree_gin lets one GIN index hold the customer id next to the trigrams, so a customer's search
-- intersects the two inside the index (PGlite loads the same extension).
create extension if not exists btree_gin;
