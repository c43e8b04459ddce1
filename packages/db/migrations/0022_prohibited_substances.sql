-- Prohibited substances of the seeded catalogue, for databases seeded before the flag existed: any
-- result at or above the LOD of one of these fails every market.
UPDATE "parameters" SET "prohibited" = true, "prohibited_reference" = 'Prohibited: Reg. (EU) No 37/2010, Annex Table 2; banned in Indian coastal aquaculture (CAA list of banned antibiotics)' WHERE "code" IN ('CAP') AND "prohibited_reference" IS NULL;
--> statement-breakpoint
UPDATE "parameters" SET "prohibited" = true, "prohibited_reference" = 'Prohibited: Reg. (EU) No 37/2010, Annex Table 2 (nitrofurans); banned in Indian coastal aquaculture (CAA list of banned antibiotics)' WHERE "code" IN ('AOZ', 'AMOZ', 'AHD', 'SEM') AND "prohibited_reference" IS NULL;
--> statement-breakpoint
UPDATE "parameters" SET "prohibited" = true, "prohibited_reference" = 'Prohibited: not authorised for food-producing animals in the EU (reference point for action 0.5 µg/kg, Reg. (EU) 2019/1871); banned in Indian coastal aquaculture (CAA list of banned chemicals)' WHERE "code" IN ('MG_LMG') AND "prohibited_reference" IS NULL;
