DROP INDEX "notifications_customer_idx";--> statement-breakpoint
DROP INDEX "samples_customer_updated_idx";--> statement-breakpoint
DROP INDEX "samples_customer_status_updated_idx";--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "samples_customer_updated_idx" ON "samples" USING btree ("customer_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "samples_customer_status_updated_idx" ON "samples" USING btree ("customer_id","status","updated_at","id");