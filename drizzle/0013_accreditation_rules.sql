-- Every certification's rules now say how organisations' courses are accredited for it. Kinds
-- stored before keep working with a society's usual terms until it edits them: a NT$2,000 review
-- fee, applications 30 days ahead (from 14 days with a NT$1,000 urgent fee), the roster within
-- 30 days of the course, at most one point per hour of a session.
UPDATE "certification_kinds"
SET "rules" = "rules" || '{"accreditation": {"reviewFee": 2000, "leadDays": 30, "urgentDays": 14, "urgentFee": 1000, "rosterDays": 30, "maxPointsPerHour": 1}}'::jsonb
WHERE "rules" -> 'accreditation' IS NULL;
