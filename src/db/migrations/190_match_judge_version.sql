-- The version of the pair judge that made the stored links: when the service runs a judge whose
-- verdicts or confidences differ (a new veto, a refitted calibration), the matching job re-judges
-- every market once instead of keeping links the old judge made.
ALTER TABLE match_job_state ADD COLUMN IF NOT EXISTS judge_version text;
