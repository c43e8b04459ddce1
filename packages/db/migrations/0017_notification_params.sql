-- A notification keeps its kind and parameters, never its English text; the text is rendered
-- per reader in their language. Existing rows get their parameters from the text they stored: each
-- title names one notice, the agent and the report's number and reason are read back from the message.
-- A row whose title is none of ours keeps its words as parameters ("legacy") so nothing is lost.
UPDATE "notifications" SET "data" = "data" || jsonb_strip_nulls(jsonb_build_object(
  'notice', CASE "title"
    WHEN 'Sample Submitted' THEN 'sampleSubmitted'
    WHEN 'Agent Assigned' THEN 'agentAssigned'
    WHEN 'Agent Changed' THEN 'agentChanged'
    WHEN 'Agent Unassigned' THEN 'agentUnassigned'
    WHEN 'Sample Collected' THEN 'sampleCollected'
    WHEN 'Testing Started' THEN 'testingStarted'
    WHEN 'Testing Complete' THEN 'testingComplete'
    WHEN 'Report Replaced' THEN 'reportReplaced'
    WHEN 'Report Revoked' THEN 'reportRevoked'
    ELSE 'legacy' END,
  'agent', CASE WHEN "title" IN ('Agent Assigned', 'Agent Changed')
    THEN coalesce("data"->>'agent', substring("message" from '^(.*) will (?:now )?collect sample #[0-9]+\.$')) END,
  'certification', CASE
    WHEN "title" = 'Report Replaced'
      THEN nullif(substring("message" from '^The report for sample #[0-9]+ was replaced by (.*)\.$'), 'a new report')
    WHEN "title" = 'Report Revoked'
      THEN substring("message" from '^The report for sample #[0-9]+ \(([^)]*)\) was revoked: ') END,
  'reason', CASE WHEN "title" = 'Report Revoked' AND strpos("message", ' was revoked: ') > 0
    THEN substr("message", strpos("message", ' was revoked: ') + length(' was revoked: ')) END,
  'title', CASE WHEN "title" NOT IN ('Sample Submitted', 'Agent Assigned', 'Agent Changed', 'Agent Unassigned',
    'Sample Collected', 'Testing Started', 'Testing Complete', 'Report Replaced', 'Report Revoked') THEN "title" END,
  'message', CASE WHEN "title" NOT IN ('Sample Submitted', 'Agent Assigned', 'Agent Changed', 'Agent Unassigned',
    'Sample Collected', 'Testing Started', 'Testing Complete', 'Report Replaced', 'Report Revoked') THEN "message" END
));--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
