-- Site search folds each Han character to one form (traditional and variants to simplified,
-- docs/decisions/042); terms written by the earlier folding would no longer meet the queries.
-- The next start finds the index empty and writes it whole.
DELETE FROM "search_documents";
