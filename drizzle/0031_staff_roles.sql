-- Staff roles (product rules 15.1, docs/decisions/050-staff-roles.md): owner, admin, support. Every account that
-- was an admin becomes an owner, so nobody loses access. The type is rebuilt rather than extended: a value added
-- with ALTER TYPE ... ADD VALUE cannot be used in the same transaction, and the migrations run in one.
ALTER TYPE "public"."role" RENAME TO "role_before_staff";--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('owner', 'admin', 'support');--> statement-breakpoint
ALTER TABLE "user_roles" ALTER COLUMN "role" SET DATA TYPE "public"."role" USING (CASE WHEN "role"::text = 'admin' THEN 'owner' ELSE "role"::text END)::"public"."role";--> statement-breakpoint
DROP TYPE "public"."role_before_staff";
