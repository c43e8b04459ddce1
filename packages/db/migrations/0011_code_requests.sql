CREATE TABLE "code_requests" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_requests_email_purpose_pk" PRIMARY KEY("email","purpose")
);
