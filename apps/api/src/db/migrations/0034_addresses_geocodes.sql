CREATE TABLE "address_geocodes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address_key" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"precision" text NOT NULL,
	"source" text NOT NULL,
	"severity" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "building_addresses" (
	"egaid" bigint PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"street_key" text NOT NULL,
	"number" text NOT NULL,
	"postcode" text NOT NULL,
	"locality" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"official" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmed_streets" (
	"postcode" text NOT NULL,
	"street_key" text NOT NULL,
	"street" text NOT NULL,
	"locality" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "confirmed_streets_postcode_street_key_pk" PRIMARY KEY("postcode","street_key")
);
--> statement-breakpoint
ALTER TABLE "address_geocodes" ADD CONSTRAINT "address_geocodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_addresses_postcode_street_idx" ON "building_addresses" USING btree ("postcode","street_key","number");